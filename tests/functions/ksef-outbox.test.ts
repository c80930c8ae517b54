// Automatic KSeF submission through the emulators and the local KSeF stand-in (scripts/lib/ksefStandIn.md):
// a company invoice is queued by the update that issues it, `submitKsef` sends it over real HTTP with real
// encryption, and the KSeF number, the exact file and the UPO are recorded; a correction waits for its
// invoice's number; rejections keep the Ministry's code and message; an outage defers without losing anything;
// a UPO that could not be downloaded is downloaded later; an invoice KSeF records as offline gets KOD II; an offline
// invoice's e-mails carry both codes and its PDF; every run ends the KSeF login it opened.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  addBusinessDays,
  fa3FromInvoice,
  fileHashBase64Url,
  ksefLastRunSchema,
  offline24Deadline,
  parseKsefNumber,
  requireFa3Xml,
  utf8,
  type KsefOffline,
  type KsefOutboxEntry,
  type KsefRecord,
  type KsefUpo,
} from '../../functions/src/domain/ksef/index.js';
import type { CorrectionInvoice } from '../../functions/src/domain/refunds.js';
import { warsawDate } from '../../functions/src/domain/index.js';
import { KsefClient } from '../../functions/src/ksef/client.js';
import { CALL_BUDGET_MS } from '../../functions/src/lib/timeBudget.js';
import { LOCAL_KSEF_TOKEN, ksefControlDefaults } from '../../scripts/lib/ksefStandIn.mjs';
import { mailAttachment, waitForMail } from '../../scripts/lib/mailInbox.mjs';
import { switchKsefStandIn } from '../helpers/stackHttp.mjs';
import { refusal, startEventEnv, stopEnv } from './helpers.js';
import { COMPANY, PERSON, SELLER, ticketType } from './fixtures.js';
import { paidInvoice as paidInvoiceOf, registeredUser } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';

let env: TestEnv;
let admin: TestUser;
const ACCOUNT = '61109010140000071219812874';

beforeAll(async () => {
  ({ env, admin } = await startEventEnv());
  await env.db.ref('countries').set({ PL: 'Polska' });
  await env.db.ref('ticketTypes/karnet').set(ticketType({ quota: 1000 }));
});
afterAll(async () => {
  await control(ksefControlDefaults());
  await stopEnv(env);
});

/** Switches the stand-in's failures (POST /__stand-in/control). */
const control = (switches: Record<string, unknown>) =>
  switchKsefStandIn(inject('functionsStack').urls.ksefControl, switches);

const paidInvoice = (buyerData: typeof COMPANY | typeof PERSON = COMPANY) => paidInvoiceOf(env, admin, buyerData);

const entry = async (id: string) => (await env.db.ref(`ksefOutbox/${id}`).get()).val() as KsefOutboxEntry | null;
const record = async (uid: string, id: string) =>
  (await env.db.ref(`ksef/${uid}/${id}`).get()).val() as KsefRecord | null;
const lastRun = async () => ksefLastRunSchema.parse((await env.db.ref('ksefLastRun').get()).val());
/** The stand-in's path of a document's send, for its forced answers (`failNext`). */
const SEND_PATH = '^/sessions/online/[^/]+/invoices$';
const OPEN_PATH = '^/sessions/online$';
const UPO_PATH = '^/sessions/[^/]+/invoices/ksef/[^/]+/upo$';
const upoOf = async (id: string) => (await env.db.ref(`ksefUpo/${id}`).get()).val() as KsefUpo | null;
const upoIndex = async (id: string) => (await env.db.ref(`ksefUpoMissing/${id}`).get()).val() as number | null;
const REVOKE_PATH = '^/auth/sessions/current$';
/** What the stand-in received (GET /__stand-in/received): every login, and each invoice as it was sent and as it recorded it. */
const standInReceived = async () =>
  (await (await fetch(inject('functionsStack').urls.ksefControl!.replace(/control$/, 'received'))).json()) as {
    authentications: { redeemed: boolean; revoked: boolean }[];
    invoices: { reference: string; declaredOffline: boolean; invoicingMode: string; statusCode: number }[];
  };
const received = async () => (await standInReceived()).invoices;

/** The e-mail of an outbox message as the mail catcher received it, and the text of its PDF (pdftotext). */
async function deliveredWithPdf(outboxId: string): Promise<{ text: string; pdf: string }> {
  const inbox = inject('functionsStack').urls.mail!;
  const mail = await waitForMail(inbox, (m: { messageId?: string }) =>
    Boolean(m.messageId?.startsWith(`<${outboxId}@`)),
  );
  const at = mail.attachments.find((a: { contentType: string }) => a.contentType === 'application/pdf');
  expect(at, `the e-mail ${outboxId} carries a PDF`).toBeDefined();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ksef-mail-')), 'dokument.pdf');
  writeFileSync(file, await mailAttachment(inbox, mail.id, at.index));
  return { text: mail.text as string, pdf: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }) };
}

describe('KSeF outbox', () => {
  it('a company invoice is queued with the payment, sent, and recorded with its KSeF number, exact file and UPO; a consumer invoice is not queued', async () => {
    const { buyer, invoiceId, invoice } = await paidInvoice();
    expect(await entry(invoiceId)).toMatchObject({ uid: buyer.uid, documentId: invoiceId, status: 'queued' });
    const consumer = await paidInvoice(PERSON);
    expect(await entry(consumer.invoiceId)).toBeNull();

    const out = await admin.call('submitKsef', {});
    expect(out).toMatchObject({ configured: true, accepted: [invoiceId], rejected: [], deferred: [] });
    // The run's summary for the admin's board, as its schema reads it.
    const lastRun = ksefLastRunSchema.parse((await env.db.ref('ksefLastRun').get()).val());
    expect(lastRun).toMatchObject({ accepted: 1, rejected: 0, offline: 0 });
    const stored = (await record(buyer.uid, invoiceId))!;
    expect(parseKsefNumber(stored.ksefNumber)?.sellerNip).toBe(SELLER.nip);
    expect(stored.xml).toBe(requireFa3Xml(fa3FromInvoice(invoice)));
    expect(stored.recordedBy).toBe('ksef-api');
    expect(await entry(invoiceId)).toMatchObject({
      status: 'accepted',
      ksefNumber: stored.ksefNumber,
      attempts: 1,
      invoicingMode: 'Online',
    });
    expect((await entry(invoiceId))?.upoMissing).toBeUndefined();
    expect((await env.db.ref(`ksefNumbers/${stored.ksefNumber}`).get()).val()).toEqual({ uid: buyer.uid, invoiceId });
    const upo = (await env.db.ref(`ksefUpo/${invoiceId}`).get()).val() as { xml: string };
    expect(upo.xml).toContain(`<NumerKSeFDokumentu>${stored.ksefNumber}</NumerKSeFDokumentu>`);

    // The e-mail with the invoice says the KSeF number follows; the acceptance's own e-mail carries it with KOD I (no admin step).
    const { orderId } = (await env.db.ref(`invoices/${buyer.uid}/${invoiceId}`).get()).val() as { orderId: string };
    expect((await env.db.ref(`outbox/pb-${orderId}/text`).get()).val() as string).toContain(
      'trafi automatycznie do Krajowego Systemu e-Faktur (KSeF)',
    );
    const accepted = (await env.db.ref(`outbox/ka-${invoiceId}`).get()).val() as {
      kind: string;
      uid: string;
      text: string;
      html: string;
    };
    expect(accepted).toMatchObject({ kind: 'ksefAccepted', uid: buyer.uid });
    expect(accepted.text).toContain(`Numer KSeF: ${stored.ksefNumber}`);
    expect(accepted.text).toContain(`https://qr-test.ksef.mf.gov.pl/invoice/${SELLER.nip}/`);
    expect(accepted.text).toContain(stored.sha256);
    const consumerMail = (await env.db.ref(`outbox/pb-${consumer.invoice.orderId}/text`).get()).val() as string;
    expect(consumerMail).not.toContain('KSeF');

    // Nothing is sent twice: the next run finds nothing due.
    expect(await admin.call('submitKsef', {})).toMatchObject({ accepted: [], rejected: [], deferred: [] });
    expect(await entry(invoiceId)).toMatchObject({ status: 'accepted', attempts: 1 });
  });

  it("a rejected invoice keeps the Ministry's code and message; its correction waits; resent, both are accepted and the correction names the number", async () => {
    const { buyer, orderId, invoiceId } = await paidInvoice();
    await control({
      rejectNext: [
        {
          code: 450,
          description: 'Błąd weryfikacji semantyki dokumentu faktury',
          details: ['Podmiot2: wymuszone w teście'],
        },
      ],
    });
    expect(await admin.call('submitKsef', {})).toMatchObject({ rejected: [invoiceId] });
    expect(await entry(invoiceId)).toMatchObject({
      status: 'rejected',
      rejection: {
        code: 450,
        description: 'Błąd weryfikacji semantyki dokumentu faktury',
        details: ['Podmiot2: wymuszone w teście'],
      },
    });

    const { correctionId } = await admin.call('startRefund', { orderId, reason: 'Zwrot', bankAccount: ACCOUNT });
    expect(await entry(correctionId)).toMatchObject({ status: 'queued', correctedId: invoiceId });
    expect(await admin.call('submitKsef', {})).toMatchObject({ waiting: [correctionId], accepted: [] });
    expect(await entry(correctionId)).toMatchObject({ status: 'queued', waitingFor: invoiceId });

    // „Wyślij ponownie” of the rejected invoice, then the schedule sends the correction.
    expect(await admin.call('submitKsef', { documentIds: [invoiceId] })).toMatchObject({ accepted: [invoiceId] });
    expect(await admin.call('submitKsef', {})).toMatchObject({ accepted: [correctionId] });
    const invoiceNumber = (await record(buyer.uid, invoiceId))!.ksefNumber;
    const correction = (await record(buyer.uid, correctionId))!;
    expect(correction.xml).toContain(`<NrKSeFFaKorygowanej>${invoiceNumber}</NrKSeFFaKorygowanej>`);
    expect(await entry(correctionId)).toMatchObject({ status: 'accepted', ksefNumber: correction.ksefNumber });
    expect(
      ((await env.db.ref(`corrections/${buyer.uid}/${correctionId}`).get()).val() as CorrectionInvoice).corrected
        .invoiceId,
    ).toBe(invoiceId);
  });

  it('KSeF unavailable: the invoice goes offline24 (deadline, KOD I hash, signed KOD II for its owner); when KSeF is back it is sent in offline mode and accepted once', async () => {
    const { buyer, invoiceId, invoice } = await paidInvoice();
    await control({ unavailable: true });
    const out = await admin.call('submitKsef', {});
    expect(out.deferred).toContain(invoiceId);
    expect(out.offline).toContain(invoiceId);
    expect(out.error).toMatch(/503/);
    expect(await record(buyer.uid, invoiceId)).toBeNull();
    const deadline = offline24Deadline(invoice.issueDate);
    expect(await entry(invoiceId)).toMatchObject({
      status: 'queued',
      offline: { deadline, kodII: true, reason: expect.stringMatching(/503/) },
    });
    const hash = fileHashBase64Url(utf8(requireFa3Xml(fa3FromInvoice(invoice))));
    const forOwner = (await env.db.ref(`ksefOffline/${buyer.uid}/${invoiceId}`).get()).val() as KsefOffline;
    expect(forOwner).toMatchObject({ sha256: hash, deadline });
    expect(forOwner.kodII).toMatch(
      new RegExp(
        `^https://qr-test\\.ksef\\.mf\\.gov\\.pl/certificate/Nip/${SELLER.nip}/${SELLER.nip}/[0-9A-F]+/${hash}/[A-Za-z0-9_-]{86}$`,
      ),
    );
    const offlineMail = (await env.db.ref(`outbox/ko-${invoiceId}`).get()).val() as { kind: string; text: string };
    expect(offlineMail.kind).toBe('ksefOffline');
    expect(offlineMail.text).toContain(`https://qr-test.ksef.mf.gov.pl/invoice/${SELLER.nip}/`);
    expect(offlineMail.text).toContain(forOwner.kodII);
    expect(offlineMail.text).toContain('w trybie offline24');
    // A second run while KSeF is still down keeps the first mark (and deadline).
    expect((await admin.call('submitKsef', {})).offline).not.toContain(invoiceId);

    await control({ unavailable: false });
    expect((await admin.call('submitKsef', {})).accepted).toContain(invoiceId);
    const acceptedEntry = (await entry(invoiceId))!;
    expect(acceptedEntry).toMatchObject({ status: 'accepted', offline: { deadline }, invoicingMode: 'Offline' });
    // Handed out offline by us: its owner's record (KOD II) is the one made then.
    expect(acceptedEntry.offlineByKsef).toBeUndefined();
    expect((await env.db.ref(`ksefOffline/${buyer.uid}/${invoiceId}`).get()).val()).toEqual(forOwner);
    const accepted = (await record(buyer.uid, invoiceId))!;
    expect(accepted.sha256).toBe(hash);
    expect(((await env.db.ref(`ksefUpo/${invoiceId}`).get()).val() as { xml: string }).xml).toContain(
      '<TrybWysylki>Offline</TrybWysylki>',
    );
    expect((await admin.call('submitKsef', {})).accepted).not.toContain(invoiceId);
  });

  it('a run that died after sending is finished by looking the outcome up (entry `sent`) or by the duplicate answer (entry still `queued`) — never sent twice', async () => {
    // What a run does before it dies: the same login and the exact file, sent through the client to the stand-in.
    const client = new KsefClient({ baseUrl: inject('functionsStack').urls.ksef!, pollIntervalMs: 20 });
    const access = (await client.authenticate({ nip: SELLER.nip, token: LOCAL_KSEF_TOKEN })).accessToken.token;
    const session = await client.openOnlineSession(access);

    const sendFile = (paid: Awaited<ReturnType<typeof paidInvoice>>) =>
      client.sendInvoice(access, session, utf8(requireFa3Xml(fa3FromInvoice(paid.invoice))));

    const afterMark = await paidInvoice();
    const invoiceReference = await sendFile(afterMark);
    const sent = { sessionReference: session.referenceNumber, invoiceReference, at: Date.now() };
    await env.db.ref(`ksefOutbox/${afterMark.invoiceId}`).update({ status: 'sent', sent, attempts: 1 });

    const beforeMark = await paidInvoice();
    const earlierReference = await sendFile(beforeMark);
    const earlier = await client.waitForInvoice(access, session.referenceNumber, earlierReference);
    expect(earlier.status.code).toBe(200);

    const out = await admin.call('submitKsef', {});
    expect(out.accepted.sort()).toEqual([afterMark.invoiceId, beforeMark.invoiceId].sort());
    const afterStatus = await client.invoiceStatus(access, session.referenceNumber, invoiceReference);
    expect(await entry(afterMark.invoiceId)).toMatchObject({
      status: 'accepted',
      ksefNumber: afterStatus.ksefNumber,
      sent,
      attempts: 1,
    });
    expect((await record(afterMark.buyer.uid, afterMark.invoiceId))?.ksefNumber).toBe(afterStatus.ksefNumber);
    // The resend of the one still `queued` got „Duplikat faktury” naming the first number: that number is recorded.
    expect((await record(beforeMark.buyer.uid, beforeMark.invoiceId))?.ksefNumber).toBe(earlier.ksefNumber);
    // The duplicate answer is the resend's: the original's mode comes from its UPO.
    expect(await entry(beforeMark.invoiceId)).toMatchObject({
      status: 'accepted',
      ksefNumber: earlier.ksefNumber,
      invoicingMode: 'Online',
    });
    expect(((await env.db.ref(`ksefUpo/${beforeMark.invoiceId}`).get()).val() as { xml: string }).xml).toContain(
      earlier.ksefNumber!,
    );
    // The first session holds each file once.
    const inSession = await client.sessionInvoices(access, session.referenceNumber);
    expect(
      inSession
        .filter((i) => i.status.code === 200)
        .map((i) => i.ksefNumber)
        .sort(),
    ).toEqual([afterStatus.ksefNumber, earlier.ksefNumber].sort());
    await client.closeSession(access, session.referenceNumber);
  });

  it("consumer invoices go to KSeF only with the event's setting; a consumer's correction follows its invoice", async () => {
    const without = await paidInvoice(PERSON);
    await env.db.ref('event/ksefConsumerInvoices').set(true);
    const withSetting = await paidInvoice(PERSON);
    await env.db.ref('event/ksefConsumerInvoices').remove();
    expect(await entry(without.invoiceId)).toBeNull();
    expect(await entry(withSetting.invoiceId)).toMatchObject({ status: 'queued', uid: withSetting.buyer.uid });
    expect((await admin.call('submitKsef', {})).accepted).toContain(withSetting.invoiceId);
    expect((await record(withSetting.buyer.uid, withSetting.invoiceId))?.xml).toContain('<BrakID>1</BrakID>');

    // With the setting off by now, the sent invoice's correction is queued and names its number; the other's is not queued.
    const sent = await admin.call('startRefund', {
      orderId: withSetting.orderId,
      reason: 'Zwrot',
      bankAccount: ACCOUNT,
    });
    const notSent = await admin.call('startRefund', {
      orderId: without.orderId,
      reason: 'Zwrot',
      bankAccount: ACCOUNT,
    });
    expect(await entry(sent.correctionId)).toMatchObject({ status: 'queued', correctedId: withSetting.invoiceId });
    expect(await entry(notSent.correctionId)).toBeNull();
    expect((await admin.call('submitKsef', {})).accepted).toContain(sent.correctionId);
    expect((await record(withSetting.buyer.uid, sent.correctionId))?.xml).toContain(
      `<NrKSeFFaKorygowanej>${(await record(withSetting.buyer.uid, withSetting.invoiceId))!.ksefNumber}</NrKSeFFaKorygowanej>`,
    );
  });

  it(
    'an announced outage: documents go offline in its mode at once, KSeF untried; a failure moves the offline24 ' +
      'ones within their deadline to its own; its end dates them and they are sent',
    async () => {
      const offline24 = await paidInvoice();
      await control({ unavailable: true });
      await admin.call('submitKsef', {});
      await control({ unavailable: false });
      expect(await entry(offline24.invoiceId)).toMatchObject({
        status: 'queued',
        offline: { mode: 'offline24', deadline: offline24Deadline(offline24.invoice.issueDate) },
      });

      // The Ministry announced an unavailability: KSeF (answering again) is not tried; the new invoice is handed out offline at once, its deadline open.
      const during = await paidInvoice();
      const declared = await admin.call('setKsefOutage', { mode: 'unavailability', note: 'Komunikat MF' });
      expect(declared.outage.mode).toBe('unavailability');
      expect(declared.documents).toContain(during.invoiceId);
      expect(await entry(offline24.invoiceId)).toMatchObject({ status: 'queued' });
      const duringEntry = (await entry(during.invoiceId))!;
      expect(duringEntry).toMatchObject({ status: 'queued', offline: { mode: 'unavailability', kodII: true } });
      expect(duringEntry.offline?.deadline).toBeUndefined();
      expect((await admin.call('submitKsef', {})).outage).toBe('unavailability');
      expect(await record(during.buyer.uid, during.invoiceId)).toBeNull();

      // Escalated to a failure (tryb awaryjny): both count from its end.
      const escalated = await admin.call('setKsefOutage', { mode: 'emergency' });
      expect(escalated.documents).toEqual(expect.arrayContaining([offline24.invoiceId, during.invoiceId]));
      const forOwner = (
        await env.db.ref(`ksefOffline/${offline24.buyer.uid}/${offline24.invoiceId}`).get()
      ).val() as KsefOffline;
      expect(forOwner.mode).toBe('emergency');
      expect(forOwner.deadline).toBeUndefined();

      // Ended today: the seventh business day after it; the same call's run sends both in offline mode.
      const today = warsawDate(Date.now());
      const ended = await admin.call('setKsefOutage', { mode: 'ended' });
      expect(ended.outage).toMatchObject({ mode: 'emergency', endedOn: today });
      for (const doc of [offline24, during]) {
        expect(await entry(doc.invoiceId)).toMatchObject({
          status: 'accepted',
          offline: { mode: 'emergency', deadline: addBusinessDays(today, 7) },
        });
        expect(((await env.db.ref(`ksefUpo/${doc.invoiceId}`).get()).val() as { xml: string }).xml).toContain(
          '<TrybWysylki>Offline</TrybWysylki>',
        );
      }
      expect(await refusal(admin.call('setKsefOutage', { mode: 'ended' }))).toMatchObject({ reason: 'ksef-no-outage' });
      expect(await refusal(admin.call('setKsefOutage', { mode: 'unavailability', endedOn: 'jutro' }))).toMatchObject({
        code: 'invalid-argument',
        field: 'endedOn',
      });
    },
  );

  it('429 is a rate limit, not an outage: the run stops, nothing goes offline, the documents wait for Retry-After and the summary says that KSeF limited the rate', async () => {
    const first = await paidInvoice();
    const second = await paidInvoice();
    await control({ failNext: [{ method: 'POST', path: SEND_PATH, status: 429, retryAfterSeconds: 30 }] });
    const before = Date.now();
    const out = await admin.call('submitKsef', {});
    expect(out).toMatchObject({ offline: [], rejected: [], accepted: [] });
    expect(out.deferred).toEqual(expect.arrayContaining([first.invoiceId, second.invoiceId]));
    expect(out.rateLimitedUntil).toBeGreaterThanOrEqual(before + 30_000);
    for (const doc of [first, second]) {
      const queued = (await entry(doc.invoiceId))!;
      expect(queued.status).toBe('queued');
      expect(queued.offline).toBeUndefined();
      expect(queued.nextAttemptAt).toBeGreaterThanOrEqual(before + 30_000);
      // No „wystawiona w trybie offline” e-mail, no KOD II for the owner.
      expect((await env.db.ref(`outbox/ko-${doc.invoiceId}`).get()).val()).toBeNull();
      expect((await env.db.ref(`ksefOffline/${doc.buyer.uid}/${doc.invoiceId}`).get()).val()).toBeNull();
    }
    const summary = await lastRun();
    expect(summary).toMatchObject({ offline: 0, rejected: 0, left: 2, rateLimitedUntil: out.rateLimitedUntil });
    expect(summary.error).toMatch(/KSeF ograniczył liczbę zapytań \(HTTP 429\)/);

    // The schedule leaves them until Retry-After has passed; then (here: the admin's „Wyślij ponownie”) they are sent online.
    expect((await admin.call('submitKsef', {})).deferred).not.toContain(first.invoiceId);
    const resent = await admin.call('submitKsef', { documentIds: [first.invoiceId, second.invoiceId] });
    expect(resent.accepted.sort()).toEqual([first.invoiceId, second.invoiceId].sort());
    for (const doc of [first, second])
      expect(((await env.db.ref(`ksefUpo/${doc.invoiceId}`).get()).val() as { xml: string }).xml).toContain(
        '<TrybWysylki>Online</TrybWysylki>',
      );
  });

  it('a 429 with a short Retry-After is waited out: the same run sends the document', async () => {
    const doc = await paidInvoice();
    await control({ failNext: [{ method: 'POST', path: OPEN_PATH, status: 429, retryAfterSeconds: 1 }] });
    const out = await admin.call('submitKsef', {});
    expect(out).toMatchObject({ accepted: [doc.invoiceId], offline: [], rejected: [] });
    expect(out.rateLimitedUntil).toBeUndefined();
    expect(await entry(doc.invoiceId)).toMatchObject({ status: 'accepted' });
  });

  it(
    'a refusal of the session, not of the document (403: no permission; 21180: session closed; 21470: a withdrawn key ' +
      'also after fetching the certificates again), stops the run with the reason for the admin; nothing is rejected',
    async () => {
      const doc = await paidInvoice();
      const stopsWith = async (reason: RegExp) => {
        const out = await admin.call('submitKsef', {});
        expect(out).toMatchObject({ rejected: [], offline: [], accepted: [] });
        expect(out.deferred).toContain(doc.invoiceId);
        const queued = (await entry(doc.invoiceId))!;
        expect(queued).toMatchObject({ status: 'queued' });
        expect(queued.rejection).toBeUndefined();
        expect(queued.offline).toBeUndefined();
        expect(queued.nextAttemptAt).toBeUndefined();
        const summary = await lastRun();
        expect(summary).toMatchObject({ rejected: 0, offline: 0, left: 1 });
        expect(summary.error).toMatch(reason);
        expect(summary.error).toMatch(/Dokumenty czekają w kolejce/);
      };
      await control({ failNext: [{ method: 'POST', path: OPEN_PATH, status: 403 }] });
      await stopsWith(/HTTP 403.*InvoiceWrite/);
      await control({
        failNext: [
          {
            method: 'POST',
            path: SEND_PATH,
            status: 400,
            code: 21180,
            description: 'Status sesji nie pozwala na wykonanie operacji.',
            details: ['Status sesji (415) uniemożliwia wysyłkę faktur.'],
          },
        ],
      });
      await stopsWith(/zamknął sesję wysyłki.*21180/);
      const withdrawnKey = {
        method: 'POST',
        path: OPEN_PATH,
        status: 400,
        code: 21470,
        description: 'Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.',
      };
      await control({ failNext: [withdrawnKey, withdrawnKey] });
      await stopsWith(/klucza publicznego.*21470/);
      // Refused once: the certificates are fetched again and the same run sends it.
      await control({ failNext: [withdrawnKey] });
      expect((await admin.call('submitKsef', {})).accepted).toEqual([doc.invoiceId]);
      expect((await lastRun()).error).toBeUndefined();
    },
  );

  it(
    'the run keeps to its time budget: KSeF still processing, it stops waiting, closes the session and writes its ' +
      'summary; the next run looks the outcome up',
    async () => {
      const slow = await paidInvoice();
      await control({ processingDelayMs: 120_000 });
      const started = Date.now();
      const out = await admin.call('submitKsef', {}).finally(() => control({ processingDelayMs: 0 }));
      expect(Date.now() - started).toBeLessThan(CALL_BUDGET_MS + 15_000);
      expect(out.deferred).toContain(slow.invoiceId);
      const sent = (await entry(slow.invoiceId))!;
      expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
      const summary = await lastRun();
      expect(summary.at).toBeGreaterThanOrEqual(started);
      expect(summary).toMatchObject({ accepted: 0, left: 1 });
      // The session was closed (status 100 is an open one).
      const client = new KsefClient({ baseUrl: inject('functionsStack').urls.ksef! });
      const access = (await client.authenticate({ nip: SELLER.nip, token: LOCAL_KSEF_TOKEN })).accessToken.token;
      expect((await client.sessionStatus(access, sent.sent!.sessionReference)).status.code).not.toBe(100);

      expect((await admin.call('submitKsef', {})).accepted).toEqual([slow.invoiceId]);
      expect(await entry(slow.invoiceId)).toMatchObject({ status: 'accepted', attempts: 1, sent: sent.sent });
    },
    150_000,
  );

  it(
    'a UPO that could not be downloaded is listed as missing and downloaded by a later run: a failure pauses it, a 429 ' +
      'waits for Retry-After, the admin may ask at once',
    async () => {
      const first = await paidInvoice();
      const second = await paidInvoice();
      await control({ failNext: [{ method: 'GET', path: UPO_PATH, status: 503 }] });
      const before = Date.now();
      const out = await admin.call('submitKsef', {});
      expect(out.accepted.sort()).toEqual([first.invoiceId, second.invoiceId].sort());
      expect(out).toMatchObject({ offline: [], rejected: [], upos: [] });
      // The first download failed: counted and paused.
      const failed = (await entry(first.invoiceId))!;
      expect(failed).toMatchObject({
        status: 'accepted',
        upoMissing: {
          sessionReference: failed.sent!.sessionReference,
          attempts: 1,
          lastError: { message: expect.stringMatching(/503/) },
        },
      });
      expect(failed.upoMissing!.nextAttemptAt).toBeGreaterThanOrEqual(before + 60_000);
      // KSeF did not answer: the run asked for no more UPOs; the second is due at once.
      const notAsked = (await entry(second.invoiceId))!;
      expect(notAsked).toMatchObject({ status: 'accepted', upoMissing: { attempts: 0 } });
      expect(notAsked.upoMissing!.nextAttemptAt).toBeLessThanOrEqual(Date.now());
      for (const doc of [first, second]) {
        expect(await upoOf(doc.invoiceId)).toBeNull();
        expect(await upoIndex(doc.invoiceId)).toBe((await entry(doc.invoiceId))!.upoMissing!.nextAttemptAt);
      }

      // The schedule's next run downloads the due one and leaves the paused one.
      expect(await admin.call('submitKsef', {})).toMatchObject({ accepted: [], upos: [second.invoiceId] });
      expect((await entry(first.invoiceId))!.upoMissing).toMatchObject({ attempts: 1 });

      // The admin asks for the paused one now, and KSeF limits the rate: it waits for Retry-After, no attempt counted.
      await control({ failNext: [{ method: 'GET', path: UPO_PATH, status: 429, retryAfterSeconds: 120 }] });
      const limitedAt = Date.now();
      const limited = await admin.call('submitKsef', { documentIds: [first.invoiceId] });
      expect(limited).toMatchObject({ upos: [], offline: [] });
      expect(limited.rateLimitedUntil).toBeGreaterThanOrEqual(limitedAt + 120_000);
      const waiting = (await entry(first.invoiceId))!.upoMissing!;
      expect(waiting).toMatchObject({ attempts: 1, lastError: { message: expect.stringMatching(/429/) } });
      expect(waiting.nextAttemptAt).toBeGreaterThanOrEqual(limitedAt + 120_000);
      expect(await upoIndex(first.invoiceId)).toBe(waiting.nextAttemptAt);
      expect((await lastRun()).error).toMatch(/KSeF ograniczył liczbę zapytań \(HTTP 429\)/);
      expect((await admin.call('submitKsef', {})).upos).toEqual([]);

      // Once its pause has passed (moved back here, not waited for) the schedule downloads it.
      await env.db.ref().update({
        [`ksefOutbox/${first.invoiceId}/upoMissing/nextAttemptAt`]: Date.now() - 1,
        [`ksefUpoMissing/${first.invoiceId}`]: Date.now() - 1,
      });
      expect((await admin.call('submitKsef', {})).upos).toEqual([first.invoiceId]);
      for (const doc of [first, second]) {
        const done = (await entry(doc.invoiceId))!;
        expect(done.upoMissing).toBeUndefined();
        expect(await upoIndex(doc.invoiceId)).toBeNull();
        const upo = (await upoOf(doc.invoiceId))!;
        expect(upo.xml).toContain(`<NumerKSeFDokumentu>${done.ksefNumber}</NumerKSeFDokumentu>`);
        expect(upo.sessionReference).toBe(done.sent!.sessionReference);
      }
      expect(await admin.call('submitKsef', {})).toMatchObject({ accepted: [], upos: [] });
    },
  );

  it(
    'an invoice KSeF receives after the day of its issue date (paid late in the evening, sent after midnight) is ' +
      'recorded as KSeF decided — offline — and its owner gets KOD II beside the number; on its issue day it stays online',
    async () => {
      const late = await paidInvoice();
      // KSeF's clock a day ahead: the invoice arrives the day after its issue date.
      await control({ clockOffsetMs: 86_400_000 });
      const out = await admin.call('submitKsef', {}).finally(() => control({ clockOffsetMs: 0 }));
      expect(out).toMatchObject({ accepted: [late.invoiceId], offline: [], rejected: [] });
      const accepted = (await entry(late.invoiceId))!;
      expect(accepted).toMatchObject({ status: 'accepted', invoicingMode: 'Offline', offlineByKsef: { kodII: true } });
      expect(accepted.offline).toBeUndefined();
      // We sent it online; KSeF decided by the date.
      expect((await received()).find((i) => i.reference === accepted.sent!.invoiceReference)).toMatchObject({
        declaredOffline: false,
        invoicingMode: 'Offline',
        statusCode: 200,
      });
      expect((await upoOf(late.invoiceId))!.xml).toContain('<TrybWysylki>Offline</TrybWysylki>');
      const stored = (await record(late.buyer.uid, late.invoiceId))!;
      const forOwner = (await env.db.ref(`ksefOffline/${late.buyer.uid}/${late.invoiceId}`).get()).val() as KsefOffline;
      expect(forOwner).toMatchObject({ sha256: stored.sha256, mode: 'offline24', byKsef: true, environment: 'test' });
      expect(forOwner.deadline).toBeUndefined();
      expect(forOwner.kodII).toMatch(
        new RegExp(
          `^https://qr-test\\.ksef\\.mf\\.gov\\.pl/certificate/Nip/${SELLER.nip}/${SELLER.nip}/[0-9A-F]+/${stored.sha256}/[A-Za-z0-9_-]{86}$`,
        ),
      );
      // Not „handed out offline”: no such e-mail; the acceptance's e-mail carries the number and, an offline invoice's,
      // KOD II and its PDF (with both codes, built when it leaves).
      expect((await env.db.ref(`outbox/ko-${late.invoiceId}`).get()).val()).toBeNull();
      const acceptedMail = (await env.db.ref(`outbox/ka-${late.invoiceId}`).get()).val() as {
        text: string;
        attachments?: unknown;
      };
      expect(acceptedMail.text).toContain(forOwner.kodII);
      expect(acceptedMail.attachments).toEqual({ invoice: { uid: late.buyer.uid, invoiceId: late.invoiceId } });

      const sameDay = await paidInvoice();
      expect((await admin.call('submitKsef', {})).accepted).toEqual([sameDay.invoiceId]);
      const online = (await entry(sameDay.invoiceId))!;
      expect(online).toMatchObject({ status: 'accepted', invoicingMode: 'Online' });
      expect(online.offlineByKsef).toBeUndefined();
      expect((await env.db.ref(`ksefOffline/${sameDay.buyer.uid}/${sameDay.invoiceId}`).get()).val()).toBeNull();
    },
  );

  it(
    'an invoice handed out offline reaches its buyer with both codes: the offline e-mail carries its PDF with KOD I ' +
      '(OFFLINE) and KOD II (CERTYFIKAT); the acceptance e-mail carries KOD II and the PDF with the KSeF number under KOD I',
    async () => {
      const { buyer, invoiceId } = await paidInvoice();
      await control({ unavailable: true });
      const down = await admin.call('submitKsef', {}).finally(() => control({ unavailable: false }));
      expect(down.offline).toContain(invoiceId);
      const forOwner = (await env.db.ref(`ksefOffline/${buyer.uid}/${invoiceId}`).get()).val() as KsefOffline;
      const offline = await deliveredWithPdf(`ko-${invoiceId}`);
      expect(offline.text).toContain(forOwner.kodII);
      expect(offline.pdf).toContain('Faktura wystawiona w trybie offline24');
      expect(offline.pdf).toContain('OFFLINE');
      expect(offline.pdf).toContain('CERTYFIKAT');

      expect((await admin.call('submitKsef', {})).accepted).toContain(invoiceId);
      const { ksefNumber, sha256 } = (await record(buyer.uid, invoiceId))!;
      const accepted = await deliveredWithPdf(`ka-${invoiceId}`);
      expect(accepted.text).toContain(`Numer KSeF: ${ksefNumber}`);
      expect(accepted.text).toContain(sha256);
      expect(accepted.text).toContain(forOwner.kodII);
      // kody-qr.md: the number under KOD I once the offline invoice is in KSeF, KOD II stays beside it.
      expect(accepted.pdf.replace(/\s+/g, ' ')).toContain(`Numer KSeF: ${ksefNumber}`);
      expect(accepted.pdf).toContain('CERTYFIKAT');
      expect(accepted.pdf).not.toContain('OFFLINE');
    },
  );

  it(
    'every run ends the KSeF login it opened (DELETE /auth/sessions/current) — after sending and after a refused ' +
      'session; KSeF failing to end it leaves a successful run successful',
    async () => {
      const before = (await standInReceived()).authentications.length;
      const first = await paidInvoice();
      expect((await admin.call('submitKsef', {})).accepted).toContain(first.invoiceId);

      const second = await paidInvoice();
      await control({ failNext: [{ method: 'POST', path: OPEN_PATH, status: 403 }] });
      expect((await admin.call('submitKsef', {})).deferred).toContain(second.invoiceId);
      expect((await lastRun()).error).toMatch(/HTTP 403/);

      await control({ failNext: [{ method: 'DELETE', path: REVOKE_PATH, status: 503 }] });
      const out = await admin.call('submitKsef', {});
      expect(out).toMatchObject({ accepted: [second.invoiceId], rejected: [], offline: [] });
      expect(out.error).toBeUndefined();
      expect((await lastRun()).error).toBeUndefined();
      expect(await entry(second.invoiceId)).toMatchObject({ status: 'accepted' });

      const logins = (await standInReceived()).authentications.slice(before);
      expect(logins.map((l) => [l.redeemed, l.revoked])).toEqual([
        [true, true],
        [true, true],
        [true, false],
      ]);
    },
  );

  it('refuses non-admins and bad input', async () => {
    const user = await registeredUser(env);
    expect(await refusal(user.call('submitKsef', {}))).toMatchObject({ code: 'permission-denied' });
    expect(await refusal(user.call('setKsefOutage', { mode: 'emergency' }))).toMatchObject({
      code: 'permission-denied',
    });
    expect(await refusal(admin.call('submitKsef', { documentIds: ['__proto__'] }))).toMatchObject({
      code: 'invalid-argument',
    });
  });
});
