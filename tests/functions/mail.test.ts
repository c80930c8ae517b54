// Transactional e-mail through the emulators and the real SMTP mail catcher (docs/email.md): every
// state change that causes a message writes exactly one outbox message in its own update, the message
// reaches the catcher with its attachments (invoice and correction PDFs with Polish glyphs, the payment
// QR), and the failure paths keep the message with its reason: SMTP down (retried, delivered exactly
// once), a refused address and a message too large (state change still done, no automatic retry).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../functions/src/domain/index.js';
import type { OutboxMessage } from '../../functions/src/mail/outbox.js';
import { callRetryMail } from '../../scripts/lib/mailRetry.mjs';
import {
  listMail,
  mailAttachment,
  mailByOutboxId,
  readMail,
  setSmtp,
  waitForMail,
} from '../../scripts/lib/mailInbox.mjs';
import { createUser, refusal, startEnv, stopEnv } from './helpers.js';
import { EVENT, PERSON, REGISTRATION, key, product, ticketType } from './fixtures.js';
import { registeredUser, setMerchBasket, setTicketBasket } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';

let env: TestEnv;
let admin: TestUser;
let staff: TestUser;
let inbox: string;
let target: { functionsUrl: string; projectId: string; region: string };

/** A checksum-valid NRB built from 24 digits. */
function nrb(bban: string): string {
  let rest = 0;
  for (const digit of `${bban}252100`) rest = (rest * 10 + Number(digit)) % 97;
  return `${String(98 - rest).padStart(2, '0')}${bban}`;
}

beforeAll(async () => {
  env = await startEnv();
  inbox = (env.stack.urls as { mail?: string }).mail!;
  target = { functionsUrl: env.stack.urls.functions, projectId: env.stack.projectId, region: 'europe-central2' };
  admin = await createUser(env, { claims: { admin: true } });
  staff = await createUser(env, { claims: { staff: true } });
  await env.db.ref('event').set(EVENT);
  await env.db.ref('countries').set({ PL: 'Polska' });
  await env.db.ref('ticketTypes/karnet').set(ticketType({ quota: 1000, pickupLabel: 'Opaska na wydarzenie' }));
  await env.db
    .ref('ticketTypes/vip')
    .set(ticketType({ name: 'Pakiet VIP z rejsem', priceGrosze: 1_250_000, quota: 10 }));
  await env.db
    .ref('products/koszulka')
    .set(product({ variants: { m: { label: 'M', stock: 500, sold: 0, sortOrder: 1 } } }));
}, 240_000);
afterAll(async () => {
  // The stack is shared with the other files: leave its SMTP server up with the default limit.
  if (inbox) await setSmtp(inbox, { running: true, maxBytes: 10 * 1024 * 1024 });
  await stopEnv(env);
});

beforeEach(async () => {
  await setSmtp(inbox, { running: true, maxBytes: 10 * 1024 * 1024 });
});

const outbox = async () => ((await env.db.ref('outbox').get()).val() ?? {}) as Record<string, OutboxMessage>;
const message = async (id: string) => (await env.db.ref(`outbox/${id}`).get()).val() as OutboxMessage | null;

/** Runs a state change and returns the ids of the outbox messages it added (must be exactly the expected ones). */
async function newMessages(change: () => Promise<unknown>): Promise<string[]> {
  const before = new Set(Object.keys(await outbox()));
  await change();
  return Object.keys(await outbox()).filter((id) => !before.has(id));
}

async function placeTickets(
  user: TestUser,
  ticketTypeId = 'karnet',
): Promise<{ orderId: string; number: string; order: Order }> {
  await setTicketBasket(env, user.uid, { self: ticketTypeId });
  const placed = await user.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
  return {
    orderId: placed.orderId,
    number: placed.number,
    order: (await env.db.ref(`orders/${placed.orderId}`).get()).val() as Order,
  };
}

function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mail-pdf-')), 'zalacznik.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

// Several callables per test, each with an SMTP delivery: generous limits for a loaded machine.
describe('each state change writes exactly one outbox message, delivered to the catcher', { timeout: 300_000 }, () => {
  it('registration: a welcome message', async () => {
    let user: TestUser | undefined;
    const added = await newMessages(async () => {
      user = await registeredUser(env);
    });
    expect(added).toEqual([`wl-${user!.uid}`]);
    const stored = (await message(added[0]))!;
    expect(stored).toMatchObject({ kind: 'welcome', essential: false, to: user!.email, status: 'sent', attempts: 1 });
    const [mail] = await mailByOutboxId(inbox, added[0]);
    expect(mail.envelope.to).toEqual([user!.email]);
    expect(mail.subject).toBe(`Witamy — ${EVENT.name}`);
    const full = await readMail(inbox, mail.id);
    expect(full.text).toContain('Witaj, Jan!');
    expect(full.html).toContain('<html lang="pl">');
  });

  it('an order: transfer details, amount, title and the payment QR inline', async () => {
    const user = await registeredUser(env);
    let placed: Awaited<ReturnType<typeof placeTickets>> | undefined;
    const added = await newMessages(async () => {
      placed = await placeTickets(user);
    });
    expect(added).toEqual([`op-${placed!.orderId}`]);
    expect(await message(added[0])).toMatchObject({
      kind: 'orderPlaced',
      essential: true,
      status: 'sent',
      attachments: {
        paymentQr: `1234563218|PL|61109010140000071219812874|014900|Stowarzyszenie Żegla|${placed!.number}|||`,
      },
    });
    const [summary] = await mailByOutboxId(inbox, added[0]);
    expect(summary.subject).toBe(`Zamówienie ${placed!.number} przyjęte — ${EVENT.name}`);
    const mail = await readMail(inbox, summary.id);
    expect(mail.text).toContain('Kwota: 149,00\u00a0zł');
    expect(mail.text).toContain(`Tytuł przelewu: ${placed!.number}`);
    expect(mail.text).toContain('Numer konta: 61 1090 1014 0000 0712 1981 2874');
    expect(mail.html).toContain('Zeskanuj w aplikacji banku');
    // The deadline is the end of a Warsaw day, named with its last minute as on the screens.
    const day = new Intl.DateTimeFormat('pl-PL', {
      timeZone: 'Europe/Warsaw',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(placed!.order.payBy!);
    expect(mail.text).toContain(`Termin wpłaty: ${day}, do godz. 23:59`);
    expect(mail.text).toContain(`Jeśli wpłata nie dotrze do ${day}, godz. 23:59, zamówienie zostanie anulowane`);
    // Each line with its quantity and the participant it is for.
    const [line] = Object.values(placed!.order.lines);
    expect(mail.text).toContain(`- ${line.name} (1 szt. × 149,00\u00a0zł · dla: ${line.memberName}): 149,00\u00a0zł`);
    const qr = summary.attachments.find((a: { contentId: string | null }) => a.contentId === 'payment-qr');
    expect(qr).toMatchObject({ contentType: 'image/gif', inline: true });
    expect((await mailAttachment(inbox, summary.id, qr.index)).subarray(0, 6).toString('latin1')).toBe('GIF87a');
  });

  it('an order above 9 999,99 zł: the QR code leaves the amount to the payer, and the message says to type it', async () => {
    const user = await registeredUser(env);
    const { orderId, number } = await placeTickets(user, 'vip');
    const stored = (await message(`op-${orderId}`))!;
    expect(stored.attachments?.paymentQr).toBe(
      `1234563218|PL|61109010140000071219812874|000000|Stowarzyszenie Żegla|${number}|||`,
    );
    const [summary] = await mailByOutboxId(inbox, `op-${orderId}`);
    expect(summary.attachments).toEqual([
      expect.objectContaining({ contentId: 'payment-qr', contentType: 'image/gif', inline: true }),
    ]);
    const mail = await readMail(inbox, summary.id);
    expect(mail.text).toContain('Kwota: 12\u00a0500,00\u00a0zł');
    expect(mail.text).toContain(
      'Kwotę 12\u00a0500,00\u00a0zł wpisz ręcznie — kod QR banków mieści kwoty do 9\u00a0999,99\u00a0zł.',
    );
    // The catcher's HTML has the inline image resolved: the code sits beside the hint without the amount.
    expect(mail.html).toContain('alt="Kod QR do zapłaty przelewem"');
    expect(mail.html).toContain('Kod wypełni numer konta, odbiorcę i tytuł przelewu.');
  });

  it('a payment: the invoice PDF attached, with Polish glyphs', async () => {
    const user = await registeredUser(env);
    const { orderId, number } = await placeTickets(user);
    let invoiceNumber = '';
    const added = await newMessages(async () => {
      invoiceNumber = (await admin.call('confirmPayment', { orderId })).invoiceNumber;
    });
    expect(added).toEqual([`pb-${orderId}`]);
    const [summary] = await mailByOutboxId(inbox, added[0]);
    expect(summary.subject).toBe(`Płatność za zamówienie ${number} zaksięgowana — ${EVENT.name}`);
    const pdf = summary.attachments.find((a: { contentType: string }) => a.contentType === 'application/pdf');
    expect(pdf.filename).toBe(`Faktura-${invoiceNumber.replaceAll('/', '-')}.pdf`);
    const text = pdfText(await mailAttachment(inbox, summary.id, pdf.index));
    expect(text).toContain('Faktura VAT');
    expect(text).toContain(`nr ${invoiceNumber}`);
    expect(text).toContain('Stowarzyszenie Żeglarskie Bałtyk');
    expect(text).toContain('Jan Kowalski');
    expect(text).toContain('sto czterdzieści dziewięć złotych');
  });

  it('a cancellation by the participant', async () => {
    const user = await registeredUser(env);
    const { orderId, number } = await placeTickets(user);
    const added = await newMessages(() => user.call('cancelOrder', { orderId }));
    expect(added).toEqual([`oc-${orderId}`]);
    const [summary] = await mailByOutboxId(inbox, added[0]);
    expect(summary.subject).toBe(`Zamówienie ${number} anulowane — ${EVENT.name}`);
    expect((await readMail(inbox, summary.id)).text).toContain('Anulowaliśmy zamówienie na Twoją prośbę.');
  });

  it('a hand-out: a receipt; with the optional messages turned off it is kept as skipped and not sent', async () => {
    const user = await registeredUser(env);
    await setMerchBasket(env, user.uid, {
      'l-1': { productId: 'koszulka', variantId: 'm', quantity: 2 },
      'l-2': { productId: 'koszulka', variantId: 'm', quantity: 1 },
    });
    const placed = await user.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    // The order e-mail names the variant and the quantity of each merchandise line.
    const placedMail = await waitForMail(inbox, (m: { messageId?: string }) =>
      Boolean(m.messageId?.startsWith(`<op-${placed.orderId}@`)),
    );
    expect(placedMail.text).toMatch(/\(2 szt\. × [\d ,\u00a0]+zł · wariant M\)/);
    await admin.call('confirmPayment', { orderId: placed.orderId });
    const itemIds = Object.keys((await env.db.ref(`pickups/${user.uid}`).get()).val() as object);
    expect(itemIds).toHaveLength(2);

    const added = await newMessages(() => staff.call('handOutPickupItems', { uid: user.uid, itemIds: [itemIds[0]] }));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^ho-/);
    const [summary] = await mailByOutboxId(inbox, added[0]);
    expect(summary.subject).toMatch(/^Odebrano \d+ przedmio(t|ty|tów) — /);

    await env.db.ref(`mailPrefs/${user.uid}`).set({ optional: false, updatedAt: Date.now() });
    const skipped = await newMessages(() => staff.call('handOutPickupItems', { uid: user.uid, itemIds: [itemIds[1]] }));
    expect(skipped).toHaveLength(1);
    expect(await message(skipped[0])).toMatchObject({
      kind: 'itemsHandedOut',
      status: 'skipped',
      skippedReason: 'opt-out',
    });
    expect(await mailByOutboxId(inbox, skipped[0])).toEqual([]);
    // Order and payment messages are not optional.
    const { orderId } = await placeTickets(user);
    expect(await message(`op-${orderId}`)).toMatchObject({ status: 'sent' });
  });

  it('a refund: approval with the correction PDF, then the transfer', async () => {
    const user = await registeredUser(env);
    await setTicketBasket(env, user.uid, { self: 'karnet' });
    const placed = await user.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    await admin.call('confirmPayment', { orderId: placed.orderId });
    const account = nrb('109010140000071219812875');
    const { requestId } = await user.call('requestRefund', { orderId: placed.orderId, bankAccount: account });
    let correctionId = '';
    let correctionNumber = '';
    const approved = await newMessages(async () => {
      ({ correctionId, correctionNumber } = await admin.call('approveRefund', { orderId: placed.orderId, requestId }));
    });
    expect(approved).toEqual([`ra-${correctionId}`]);
    const [summary] = await mailByOutboxId(inbox, approved[0]);
    const pdf = summary.attachments.find((a: { contentType: string }) => a.contentType === 'application/pdf');
    const text = pdfText(await mailAttachment(inbox, summary.id, pdf.index));
    expect(text).toContain('Faktura korygująca');
    expect(text).toContain(correctionNumber);

    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());
    const transferred = await newMessages(() =>
      admin.call('markRefundTransferred', { orderId: placed.orderId, correctionId, transferredOn: today }),
    );
    expect(transferred).toEqual([`rt-${correctionId}`]);
    expect((await mailByOutboxId(inbox, transferred[0]))[0].subject).toBe(
      `Zwrot 149,00\u00a0zł przelany — ${EVENT.name}`,
    );

    // Marking it again is refused and neither resets nor resends the message.
    const again = await newMessages(async () => {
      expect(
        await refusal(
          admin.call('markRefundTransferred', { orderId: placed.orderId, correctionId, transferredOn: today }),
        ),
      ).toMatchObject({ reason: 'refund-already-transferred' });
    });
    expect(again).toEqual([]);
    expect(await message(transferred[0])).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await mailByOutboxId(inbox, transferred[0])).toHaveLength(1);
  });

  it('a refund transfer whose call failed before its e-mail was written: the admin’s repeat writes and sends it once', async () => {
    const user = await registeredUser(env);
    const { orderId } = await placeTickets(user);
    await admin.call('confirmPayment', { orderId });
    const { requestId } = await user.call('requestRefund', { orderId, bankAccount: nrb('109010140000071219812875') });
    const { correctionId } = await admin.call('approveRefund', { orderId, requestId });
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());
    // The state a crash right after the transfer's transaction leaves: transferred, no message.
    const ref = env.db.ref(`refunds/${orderId}/corrections/${correctionId}`);
    const record = (await ref.get()).val();
    await ref.set({
      ...record,
      status: 'transferred',
      transferredOn: today,
      transferredAt: Date.now(),
      transferredBy: 'admin',
    });
    expect(await message(`rt-${correctionId}`)).toBeNull();

    const repaired = await newMessages(async () => {
      expect(
        await refusal(admin.call('markRefundTransferred', { orderId, correctionId, transferredOn: today })),
      ).toMatchObject({ reason: 'refund-already-transferred' });
    });
    expect(repaired).toEqual([`rt-${correctionId}`]);
    expect(await message(`rt-${correctionId}`)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await mailByOutboxId(inbox, `rt-${correctionId}`)).toHaveLength(1);
  });

  it('a refused state change writes no message', async () => {
    const user = await registeredUser(env);
    const { orderId } = await placeTickets(user);
    await user.call('cancelOrder', { orderId });
    const added = await newMessages(async () => {
      expect(await refusal(user.call('cancelOrder', { orderId }))).toMatchObject({ reason: 'already-cancelled' });
    });
    expect(added).toEqual([]);
  });
});

describe('failures keep the message with its reason; nothing is lost or sent twice', { timeout: 300_000 }, () => {
  it('SMTP down: the order still succeeds, the message is kept with the error, a retry delivers it exactly once', async () => {
    const user = await registeredUser(env);
    await setSmtp(inbox, { running: false });
    const { orderId } = await placeTickets(user);
    const id = `op-${orderId}`;
    const failed = (await message(id))!;
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: { code: 'smtp-unavailable', permanent: false, message: 'Serwer poczty jest niedostępny; ponowimy próbę.' },
    });
    expect(failed.nextAttemptAt).toBeGreaterThan(Date.now());
    expect(failed.claim).toBeUndefined();

    // Before its pause has passed the automatic retry leaves it alone.
    const early = await callRetryMail(target, {});
    expect(early.status).toBe(200);
    expect(early.body.result.results.map((r: { messageId: string }) => r.messageId)).not.toContain(id);

    await setSmtp(inbox, { running: true });
    // Time passes (the pause is over); then the schedule's run and an admin's „Wyślij ponownie” race.
    await env.db.ref(`outbox/${id}/nextAttemptAt`).set(Date.now() - 1);
    const [automatic, manual] = await Promise.all([
      callRetryMail(target, {}),
      callRetryMail(target, { messageIds: [id] }),
    ]);
    expect(automatic.status).toBe(200);
    expect(manual.status).toBe(200);
    await expect.poll(async () => (await message(id))?.status, { timeout: 60_000 }).toBe('sent');
    expect(await mailByOutboxId(inbox, id)).toHaveLength(1);
    expect((await message(id))!.error).toBeUndefined();

    // Sent is final: another manual retry sends nothing.
    const again = await callRetryMail(target, { messageIds: [id] });
    expect(again.body.result.results).toEqual([{ messageId: id, status: 'sent' }]);
    expect(await mailByOutboxId(inbox, id)).toHaveLength(1);
  });

  /** An order's message that failed while the mail server was down; the server is back up. */
  async function failedOrderMessage(): Promise<string> {
    const user = await registeredUser(env);
    await setSmtp(inbox, { running: false });
    const { orderId } = await placeTickets(user);
    await setSmtp(inbox, { running: true });
    return `op-${orderId}`;
  }

  it('a delivery interrupted by a crash (stale claim) is finished by the retry, once', async () => {
    const id = await failedOrderMessage();
    await env.db
      .ref(`outbox/${id}`)
      .update({ status: 'sending', claim: { token: 'umarly-proces', at: Date.now() - 10 * 60_000 } });
    const run = await callRetryMail(target, {});
    expect(run.body.result.results).toContainEqual({ messageId: id, status: 'sent' });
    expect(await mailByOutboxId(inbox, id)).toHaveLength(1);
  });

  it('failures that are never retried automatically do not crowd a due one out of the retry', async () => {
    const id = await failedOrderMessage();
    const { nextAttemptAt, ...failed } = (await message(id))!;
    expect(nextAttemptAt).toBeGreaterThan(Date.now());
    // More permanent failures than the retry reads at once, all sorting before the due message.
    const permanent: Record<string, OutboxMessage> = {};
    for (let i = 0; i < 210; i++)
      permanent[`op--0${String(i).padStart(3, '0')}`] = { ...failed, error: { ...failed.error!, permanent: true } };
    expect(Object.keys(permanent).every((other) => other < id)).toBe(true);
    await env.db.ref('outbox').update(permanent);
    await env.db.ref(`outbox/${id}/nextAttemptAt`).set(Date.now() - 1);

    const run = await callRetryMail(target, {});
    expect(run.body.result.results).toContainEqual({ messageId: id, status: 'sent' });
    expect(run.body.result.results.some((r: { messageId: string }) => r.messageId in permanent)).toBe(false);
    await env.db.ref('outbox').update(Object.fromEntries(Object.keys(permanent).map((other) => [other, null])));
  });

  it('a refused address: the order succeeds, the reason is stored, the automatic retry does not try again', async () => {
    const user = await createUser(env, { email: `nikt-${key().slice(0, 8)}@adres.invalid` });
    await user.call('completeRegistration', REGISTRATION);
    expect(await message(`wl-${user.uid}`)).toMatchObject({
      status: 'failed',
      error: { code: 'address-rejected', permanent: true },
    });
    const { orderId } = await placeTickets(user);
    expect((await env.db.ref(`orders/${orderId}/status`).get()).val()).toBe('pending');
    const id = `op-${orderId}`;
    const stored = (await message(id))!;
    expect(stored).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: {
        code: 'address-rejected',
        permanent: true,
        message: 'Serwer poczty odrzucił adres odbiorcy (nieprawidłowy lub nieistniejący adres).',
      },
    });
    expect(stored.error!.detail).toContain('550');
    const run = await callRetryMail(target, {});
    expect(run.body.result.results.map((r: { messageId: string }) => r.messageId)).not.toContain(id);
    expect((await message(id))!.attempts).toBe(1);
    expect(
      (await listMail(inbox)).filter((m: { envelope: { to: string[] } }) => m.envelope.to.includes(user.email)),
    ).toEqual([]);
  });

  it('a message too large: the payment is booked, the message kept with the reason; after the limit is raised „Wyślij ponownie” sends it once', async () => {
    const user = await registeredUser(env);
    const { orderId } = await placeTickets(user);
    await setSmtp(inbox, { maxBytes: 20_000 });
    const { invoiceNumber } = await admin.call('confirmPayment', { orderId });
    expect((await env.db.ref(`orders/${orderId}/status`).get()).val()).toBe('paid');
    const id = `pb-${orderId}`;
    expect(await message(id)).toMatchObject({
      status: 'failed',
      error: { code: 'too-large', permanent: true, message: 'Serwer poczty odrzucił wiadomość jako za dużą.' },
    });
    expect(await mailByOutboxId(inbox, id)).toEqual([]);

    await setSmtp(inbox, { maxBytes: 10 * 1024 * 1024 });
    const resent = await callRetryMail(target, { messageIds: [id] });
    expect(resent.body.result.results).toEqual([{ messageId: id, status: 'sent' }]);
    const mails = await mailByOutboxId(inbox, id);
    expect(mails).toHaveLength(1);
    expect(mails[0].attachments.map((a: { filename: string }) => a.filename)).toContain(
      `Faktura-${invoiceNumber.replaceAll('/', '-')}.pdf`,
    );
  });

  it('retryMail: admins only, and a malformed selection is refused', async () => {
    expect((await callRetryMail(target, {}, { admin: false })).body.error).toMatchObject({
      status: 'PERMISSION_DENIED',
    });
    const bad = await callRetryMail(target, { messageIds: ['__proto__'] });
    expect(bad.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      details: { reason: 'invalid-input', message: 'Nieprawidłowy identyfikator wiadomości' },
    });
    expect((await callRetryMail(target, { messageIds: [], extra: 1 })).body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
  });
});
