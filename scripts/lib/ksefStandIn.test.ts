// The KSeF client (functions/src/ksef/client.ts) against the local stand-in over real HTTP: token login,
// online session, real encryption, schema validation, KSeF numbers, UPO, and the refusals the API
// documents. The stand-in holds the private keys, so every check is a real decryption and hash.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInvoicesResponse } from '../../functions/src/domain/ksef/api.js';
import { parseKsefNumber } from '../../functions/src/domain/ksef/ksefNumber.js';
import { KsefApiError, KsefClient, type KsefTokens, type OnlineSession } from '../../functions/src/ksef/client.js';
import {
  encryptionInfo,
  newSessionKey,
  publicKeyOfCertificate,
  sendInvoiceRequest,
} from '../../functions/src/ksef/crypto.js';
import { startKsefStandIn } from './ksefStandIn.mjs';

const SELLER_NIP = '1234563218';
const TOKEN = '20261126-EC-0123456789-ABCDEF0123-45|nip-1234563218|0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const fixture = (name: string) =>
  readFileSync(new URL(`../../functions/src/domain/ksef/fixtures/${name}`, import.meta.url), 'utf8');
const INVOICE = fixture('FV-2026-000001-company-mixed.xml');
const CORRECTION = fixture('KOR-2026-000001-fee.xml');
const utf8 = (s: string) => Buffer.from(s, 'utf8');

let standIn: Awaited<ReturnType<typeof startKsefStandIn>>;
let client: KsefClient;
let tokens: KsefTokens;
let session: OnlineSession;

beforeAll(async () => {
  standIn = await startKsefStandIn({ tokens: { [TOKEN]: SELLER_NIP } });
  client = new KsefClient({ baseUrl: standIn.url, pollIntervalMs: 20, pollTimeoutMs: 20_000 });
});
afterAll(() => standIn?.close());

async function sendAndWait(xml: string) {
  const reference = await client.sendInvoice(tokens.accessToken.token, session, utf8(xml));
  return client.waitForInvoice(tokens.accessToken.token, session.referenceNumber, reference);
}

describe('login with a KSeF token', () => {
  it('redeems access and refresh tokens; refresh gives a working access token', async () => {
    tokens = await client.authenticate({ nip: SELLER_NIP, token: TOKEN });
    expect(tokens.accessToken.token).toBeTruthy();
    expect(Date.parse(tokens.refreshToken.validUntil)).toBeGreaterThan(Date.parse(tokens.accessToken.validUntil));
    const access = await client.refresh(tokens.refreshToken.token);
    const opened = await client.openOnlineSession(access.token);
    await client.closeSession(access.token, opened.referenceNumber);
  });

  it('a wrong token, or a right token for another NIP, is refused with status 450', async () => {
    for (const attempt of [
      { nip: SELLER_NIP, token: `${TOKEN}x` },
      { nip: '5260250274', token: TOKEN },
    ]) {
      const error = await client.authenticate(attempt).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(KsefApiError);
      expect((error as KsefApiError).exceptionCode).toBe(450);
      expect((error as KsefApiError).retryable).toBe(false);
    }
  });

  it('a challenge is used once', async () => {
    const challenge = await client.request<{ challenge: string }>('POST', '/auth/challenge');
    const body = {
      challenge: challenge.challenge,
      contextIdentifier: { type: 'Nip', value: SELLER_NIP },
      encryptedToken: 'AAAA',
    };
    await client.request('POST', '/auth/ksef-token', { body });
    const again = await client.request('POST', '/auth/ksef-token', { body }).catch((e: unknown) => e);
    expect((again as KsefApiError).httpStatus).toBe(400);
    expect((again as KsefApiError).exceptionCode).toBe(21405);
  });

  it('calls without a valid access token are refused (401)', async () => {
    const error = await client.openOnlineSession('not-a-token').catch((e: unknown) => e);
    expect((error as KsefApiError).httpStatus).toBe(401);
  });

  it('ending a login (DELETE /auth/sessions/current) with its refresh or its access token: the refresh token is refused from then on, access tokens already issued work until they expire', async () => {
    const httpStatus = (e: unknown) => (e as KsefApiError).httpStatus;
    for (const revokeWith of ['refreshToken', 'accessToken'] as const) {
      const login = await client.authenticate({ nip: SELLER_NIP, token: TOKEN });
      await client.revokeAuthentication(login[revokeWith].token);
      expect(httpStatus(await client.refresh(login.refreshToken.token).catch((e: unknown) => e))).toBe(401);
      // auth/sesje.md: „aktywne accessTokeny pozostają ważne do upływu ich terminu ważności”.
      const opened = await client.openOnlineSession(login.accessToken.token);
      await client.closeSession(login.accessToken.token, opened.referenceNumber);
      // The ended login's refresh token cannot end anything either.
      expect(httpStatus(await client.revokeAuthentication(login.refreshToken.token).catch((e: unknown) => e))).toBe(
        401,
      );
    }
    expect(httpStatus(await client.revokeAuthentication('not-a-token').catch((e: unknown) => e))).toBe(401);
    const { authentications } = (await (await fetch(standIn.receivedUrl)).json()) as {
      authentications: { redeemed: boolean; revoked: boolean }[];
    };
    expect(authentications.slice(-2)).toEqual([
      expect.objectContaining({ redeemed: true, revoked: true }),
      expect.objectContaining({ redeemed: true, revoked: true }),
    ]);
  });
});

describe('online session', () => {
  beforeAll(async () => {
    tokens ??= await client.authenticate({ nip: SELLER_NIP, token: TOKEN });
    session = await client.openOnlineSession(tokens.accessToken.token);
  });

  it('a correction naming a KSeF number KSeF does not hold is rejected (450)', async () => {
    const status = await sendAndWait(CORRECTION);
    expect(status.status.code).toBe(450);
    expect(status.status.details?.join(' ')).toMatch(/1234563218-20260203-0100001AF629-F2/);
    expect(status.ksefNumber).toBeUndefined();
  });

  it('an invoice is accepted with a KSeF number in the official format, and its UPO names it with the file hash', async () => {
    const status = await sendAndWait(INVOICE);
    expect(status.status).toMatchObject({ code: 200, description: 'Sukces' });
    const number = status.ksefNumber!;
    expect(parseKsefNumber(number)).toEqual({
      sellerNip: SELLER_NIP,
      acceptedOn: new Date().toISOString().slice(0, 10),
    });
    expect(status.invoiceNumber).toBe('FV/2026/000001');
    const upo = await client.invoiceUpo(tokens.accessToken.token, session.referenceNumber, number);
    expect(upo).toContain(`<NumerKSeFDokumentu>${number}</NumerKSeFDokumentu>`);
    expect(upo).toContain(
      `<SkrotDokumentu>${sendInvoiceRequest(utf8(INVOICE), session.key).invoiceHash}</SkrotDokumentu>`,
    );
    expect(upo).toContain(`<NumerReferencyjnySesji>${session.referenceNumber}</NumerReferencyjnySesji>`);
  });

  it('the same invoice again is a duplicate (440) naming the original KSeF number', async () => {
    const status = await sendAndWait(INVOICE);
    expect(status.status.code).toBe(440);
    const original = (await client.sessionInvoices(tokens.accessToken.token, session.referenceNumber)).find(
      (i) => i.status.code === 200,
    )!;
    expect(status.status.extensions?.originalKsefNumber).toBe(original.ksefNumber);
  });

  it('a correction of a held invoice without its KSeF number is rejected; naming it, the correction is accepted', async () => {
    const original = (await client.sessionInvoices(tokens.accessToken.token, session.referenceNumber)).find(
      (i) => i.status.code === 200,
    )!;
    const withoutNumber = CORRECTION.replace(
      /<NrKSeF>1<\/NrKSeF>\s*<NrKSeFFaKorygowanej>[^<]*<\/NrKSeFFaKorygowanej>/,
      '<NrKSeFN>1</NrKSeFN>',
    );
    expect(withoutNumber).toContain('<NrKSeFN>1</NrKSeFN>');
    expect((await sendAndWait(withoutNumber)).status.code).toBe(450);
    const naming = CORRECTION.replace(/<NrKSeFFaKorygowanej>[^<]*</, `<NrKSeFFaKorygowanej>${original.ksefNumber}<`);
    const status = await sendAndWait(naming);
    expect(status.status.code).toBe(200);
    expect(parseKsefNumber(status.ksefNumber!)).not.toBeNull();
  });

  it("a file the FA(3) schema refuses is rejected (450) with xmllint's reasons", async () => {
    const invalid = INVOICE.replace('<P_2>FV/2026/000001</P_2>', '<P_2>FV/2026/000009</P_2><P_2b>x</P_2b>');
    const status = await sendAndWait(invalid);
    expect(status.status.code).toBe(450);
    expect(status.status.details?.join('\n')).toMatch(/P_2b/);
  });

  it('an invoice of another seller is refused (410)', async () => {
    const other = INVOICE.replace('<NIP>1234563218</NIP>', '<NIP>5260250274</NIP>').replace(
      'FV/2026/000001',
      'FV/2026/000010',
    );
    expect((await sendAndWait(other)).status.code).toBe(410);
  });

  it('a wrong encrypted hash is refused at once (400); a wrong plain hash is rejected (430); bytes under another key fail to decrypt (435)', async () => {
    const xml = utf8(INVOICE.replace('FV/2026/000001', 'FV/2026/000011'));
    const path = `/sessions/online/${session.referenceNumber}/invoices`;
    const bearer = tokens.accessToken.token;
    const body = sendInvoiceRequest(xml, session.key);
    const wrongEncrypted = await client
      .request('POST', path, { bearer, body: { ...body, encryptedInvoiceHash: body.invoiceHash } })
      .catch((e: unknown) => e);
    expect((wrongEncrypted as KsefApiError).httpStatus).toBe(400);
    const wrongPlain = await client.request<{ referenceNumber: string }>('POST', path, {
      bearer,
      body: { ...body, invoiceSize: body.invoiceSize + 1 },
    });
    expect((await client.waitForInvoice(bearer, session.referenceNumber, wrongPlain.referenceNumber)).status.code).toBe(
      430,
    );
    const otherKey = sendInvoiceRequest(xml, { key: Buffer.alloc(32, 7), iv: Buffer.alloc(16, 1) });
    const undecryptable = await client.request<{ referenceNumber: string }>('POST', path, { bearer, body: otherKey });
    const status = await client.waitForInvoice(bearer, session.referenceNumber, undecryptable.referenceNumber);
    expect([430, 435]).toContain(status.status.code); // CBC under a wrong key usually fails on padding (435), rarely decodes to garbage (430)
  });

  it('a forced rejection returns the chosen status; slow processing stays at 100 until done', async () => {
    standIn.control.rejectNext.push({
      code: 450,
      description: 'Błąd weryfikacji semantyki dokumentu faktury',
      details: ['wymuszone w teście'],
    });
    const forced = await sendAndWait(INVOICE.replace('FV/2026/000001', 'FV/2026/000012'));
    expect(forced.status).toMatchObject({ code: 450, details: ['wymuszone w teście'] });
    standIn.control.processingDelayMs = 300;
    const reference = await client.sendInvoice(
      tokens.accessToken.token,
      session,
      utf8(INVOICE.replace('FV/2026/000001', 'FV/2026/000013')),
    );
    expect((await client.invoiceStatus(tokens.accessToken.token, session.referenceNumber, reference)).status.code).toBe(
      100,
    );
    expect(
      (await client.waitForInvoice(tokens.accessToken.token, session.referenceNumber, reference)).status.code,
    ).toBe(200);
    standIn.control.processingDelayMs = 0;
  });

  it('unavailable: every call fails with a retryable error; back again, the session goes on', async () => {
    standIn.control.unavailable = true;
    const error = await client.sendInvoice(tokens.accessToken.token, session, utf8(INVOICE)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KsefApiError);
    expect((error as KsefApiError).httpStatus).toBe(503);
    expect((error as KsefApiError).retryable).toBe(true);
    standIn.control.unavailable = false;
    expect((await sendAndWait(INVOICE.replace('FV/2026/000001', 'FV/2026/000014'))).status.code).toBe(200);
  });

  it('an unreachable service is a retryable error too', async () => {
    const nowhere = new KsefClient({ baseUrl: 'http://127.0.0.1:9/api/v2', timeoutMs: 2_000 });
    const error = await nowhere.publicKeyCertificates().catch((e: unknown) => e);
    expect((error as KsefApiError).retryable).toBe(true);
    expect((error as KsefApiError).httpStatus).toBeNull();
  });

  it('closing the session: no more invoices (21180); its status counts them once all are decided', async () => {
    await client.closeSession(tokens.accessToken.token, session.referenceNumber);
    const refused = await client.sendInvoice(tokens.accessToken.token, session, utf8(INVOICE)).catch((e: unknown) => e);
    expect((refused as KsefApiError).httpStatus).toBe(400);
    expect((refused as KsefApiError).exceptionCode).toBe(21180);
    const unknown = await client
      .sendInvoice(
        tokens.accessToken.token,
        { ...session, referenceNumber: '20260101-SO-0000000000-0000000000-00' },
        utf8(INVOICE),
      )
      .catch((e: unknown) => e);
    expect((unknown as KsefApiError).exceptionCode).toBe(21173);
    await standIn.settled();
    const status = await client.sessionStatus(tokens.accessToken.token, session.referenceNumber);
    const listed = await client.sessionInvoices(tokens.accessToken.token, session.referenceNumber);
    expect(status.status.code).toBe(200);
    expect(status.invoiceCount).toBe(listed.length);
    expect(status.successfulInvoiceCount).toBe(listed.filter((i) => i.status.code === 200).length);
    expect(new Set(listed.filter((i) => i.ksefNumber).map((i) => i.ksefNumber)).size).toBe(
      status.successfulInvoiceCount,
    );
  });
  it("a session's invoice list comes in pages (pageSize 10–500, the next page by the continuation token in x-continuation-token), and the client follows them", async () => {
    const access = tokens.accessToken.token;
    const own = await client.openOnlineSession(access);
    for (let i = 0; i < 12; i++)
      await client.sendInvoice(access, own, utf8(INVOICE.replace('FV/2026/000001', `FV/2026/0003${10 + i}`)));
    const path = `/sessions/${own.referenceNumber}/invoices`;
    const page = (query: string, continuationToken?: string) =>
      client.request<SessionInvoicesResponse>('GET', `${path}${query}`, {
        bearer: access,
        extraHeaders: continuationToken ? { 'x-continuation-token': continuationToken } : {},
      });
    const ordinals = (p: SessionInvoicesResponse) => p.invoices.map((i) => i.ordinalNumber);

    const first = await page('?pageSize=10');
    expect(ordinals(first)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const second = await page('?pageSize=10', first.continuationToken);
    expect(ordinals(second)).toEqual([11, 12]);
    expect(second.continuationToken).toBeUndefined();
    // Without pageSize: 10 (the OpenAPI's default).
    expect(ordinals(await page(''))).toHaveLength(10);
    for (const size of ['9', '501', '1000', 'dużo']) {
      const refused = (await page(`?pageSize=${size}`).catch((e: unknown) => e)) as KsefApiError;
      expect([refused.httpStatus, refused.exceptionCode]).toEqual([400, 21405]);
    }
    const badToken = (await page('?pageSize=10', 'nie-token').catch((e: unknown) => e)) as KsefApiError;
    expect([badToken.httpStatus, badToken.exceptionCode]).toEqual([400, 21418]);

    const all = await client.sessionInvoices(access, own.referenceNumber, { pageSize: 10 });
    expect(all.map((i) => i.ordinalNumber)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await client.sessionInvoices(access, own.referenceNumber)).toHaveLength(12);
    await client.closeSession(access, own.referenceNumber);
  });

  it('GET /__stand-in/received lists every session and every invoice received, the duplicate included', async () => {
    const response = await fetch(standIn.receivedUrl);
    expect(response.status).toBe(200);
    const received = (await response.json()) as {
      sessions: { reference: string; open: boolean; invoiceCount: number }[];
      invoices: {
        sessionReference: string;
        invoiceNumber: string | null;
        statusCode: number;
        ksefNumber: string | null;
      }[];
    };
    const listed = await client.sessionInvoices(tokens.accessToken.token, session.referenceNumber);
    const ours = received.sessions.find((s) => s.reference === session.referenceNumber)!;
    expect(ours).toMatchObject({ open: false, invoiceCount: listed.length });
    const first = received.invoices.filter(
      (i) => i.sessionReference === session.referenceNumber && i.invoiceNumber === 'FV/2026/000001',
    );
    expect(first.map((i) => i.statusCode)).toEqual([200, 440]);
    expect(first[0].ksefNumber).toBe(listed.find((i) => i.status.code === 200)!.ksefNumber);
    expect(received.invoices.length).toBeGreaterThanOrEqual(listed.length);
  });
});

describe('answers that are not a decision on the document', () => {
  let access: string;
  beforeAll(async () => {
    access = (await client.authenticate({ nip: SELLER_NIP, token: TOKEN })).accessToken.token;
  });
  afterAll(() => {
    standIn.control.failNext = [];
    standIn.control.authStatusNext = [];
    standIn.control.processingDelayMs = 0;
  });

  it('429: a rate limit, not an outage nor a refusal, with its Retry-After and the reason KSeF gave', async () => {
    const opened = await client.openOnlineSession(access);
    standIn.control.failNext.push({
      method: 'POST',
      path: '^/sessions/online/[^/]+/invoices$',
      status: 429,
      retryAfterSeconds: 30,
      details: ['Przekroczono limit 30 żądań na minutę. Spróbuj ponownie po 30 sekundach.'],
    });
    const limited = await client
      .sendInvoice(access, opened, utf8(INVOICE.replace('FV/2026/000001', 'FV/2026/000041')))
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(KsefApiError);
    expect(limited).toMatchObject({ httpStatus: 429, rateLimited: true, retryable: false, retryAfterMs: 30_000 });
    expect((limited as KsefApiError).message).toMatch(/Przekroczono limit 30 żądań na minutę/);
    // Nothing was taken: the same file goes through once the limit has passed.
    const reference = await client.sendInvoice(
      access,
      opened,
      utf8(INVOICE.replace('FV/2026/000001', 'FV/2026/000041')),
    );
    expect((await client.waitForInvoice(access, opened.referenceNumber, reference)).status.code).toBe(200);
    await client.closeSession(access, opened.referenceNumber);
  });

  it('a login the system broke off (550) or failed in itself (500) passes like a 5xx; a refusal (450) does not', async () => {
    for (const status of [
      {
        code: 550,
        description: 'Operacja została anulowana przez system',
        details: ['Przetwarzanie zostało przerwane z przyczyn wewnętrznych systemu. Spróbuj ponownie'],
      },
      { code: 500, description: 'Nieznany błąd' },
    ]) {
      standIn.control.authStatusNext.push(status);
      const error = await client.authenticate({ nip: SELLER_NIP, token: TOKEN }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(KsefApiError);
      expect(error).toMatchObject({ exceptionCode: status.code, retryable: true });
      expect((error as KsefApiError).message).not.toMatch(/odmówił/);
    }
    standIn.control.authStatusNext.push({ code: 450, description: 'Uwierzytelnianie zakończone niepowodzeniem' });
    expect(await client.authenticate({ nip: SELLER_NIP, token: TOKEN }).catch((e: unknown) => e)).toMatchObject({
      exceptionCode: 450,
      retryable: false,
    });
  });

  it('a withdrawn public key (21470): the client fetches the certificates again and repeats the call once', async () => {
    const stale = new KsefClient({ baseUrl: standIn.url, pollIntervalMs: 20, pollTimeoutMs: 20_000 });
    const [oldKeyCertificate] = (await stale.publicKeyCertificates()).filter((c) =>
      c.usage.includes('SymmetricKeyEncryption'),
    );
    const staleAccess = (await stale.authenticate({ nip: SELLER_NIP, token: TOKEN })).accessToken.token;
    standIn.rotateKeys();
    // What KSeF answers to data encrypted for the withdrawn key…
    const refused = await stale
      .request('POST', '/sessions/online', {
        bearer: staleAccess,
        body: {
          formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
          encryption: encryptionInfo(newSessionKey(), publicKeyOfCertificate(oldKeyCertificate.certificate)),
        },
      })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ httpStatus: 400, exceptionCode: 21470, retryable: false });
    // …and the client, holding the old certificates, opens the session and logs in with the new keys.
    const opened = await stale.openOnlineSession(staleAccess);
    const reference = await stale.sendInvoice(
      staleAccess,
      opened,
      utf8(INVOICE.replace('FV/2026/000001', 'FV/2026/000042')),
    );
    expect((await stale.waitForInvoice(staleAccess, opened.referenceNumber, reference)).status.code).toBe(200);
    standIn.rotateKeys();
    expect((await stale.authenticate({ nip: SELLER_NIP, token: TOKEN })).accessToken.token).toBeTruthy();
    // Refused again after the fresh certificates: the error is the caller's, no endless retry.
    standIn.control.failNext.push(
      { method: 'POST', path: '^/sessions/online$', status: 400, code: 21470, description: 'Klucz wycofany' },
      { method: 'POST', path: '^/sessions/online$', status: 400, code: 21470, description: 'Klucz wycofany' },
    );
    expect(await stale.openOnlineSession(staleAccess).catch((e: unknown) => e)).toMatchObject({ exceptionCode: 21470 });
    expect(standIn.control.failNext).toEqual([]);
  });

  it('a 403 without a body (no permission) is a refusal, neither an outage nor a rate limit', async () => {
    standIn.control.failNext.push({ method: 'POST', path: '^/sessions/online$', status: 403 });
    const error = await client.openOnlineSession(access).catch((e: unknown) => e);
    expect(error).toMatchObject({ httpStatus: 403, retryable: false, rateLimited: false });
  });

  it("waiting for an invoice's outcome stops at the caller's deadline", async () => {
    const opened = await client.openOnlineSession(access);
    standIn.control.processingDelayMs = 5_000;
    const reference = await client.sendInvoice(
      access,
      opened,
      utf8(INVOICE.replace('FV/2026/000001', 'FV/2026/000043')),
    );
    const started = Date.now();
    const error = await client
      .waitForInvoice(access, opened.referenceNumber, reference, { until: started + 300 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: true });
    expect(Date.now() - started).toBeLessThan(2_000);
    standIn.control.processingDelayMs = 0;
    expect((await client.waitForInvoice(access, opened.referenceNumber, reference)).status.code).toBe(200);
    await client.closeSession(access, opened.referenceNumber);
  });
});

describe('the issue date, on Polish time', () => {
  // 23:30 UTC on 26 November is 00:30 on 27 November in Warsaw.
  const NOW = Date.parse('2026-11-26T23:30:00Z');
  let late: Awaited<ReturnType<typeof startKsefStandIn>>;
  let lateClient: KsefClient;
  let access: string;
  let lateSession: OnlineSession;
  beforeAll(async () => {
    late = await startKsefStandIn({ tokens: { [TOKEN]: SELLER_NIP }, now: () => NOW });
    lateClient = new KsefClient({ baseUrl: late.url, pollIntervalMs: 20, pollTimeoutMs: 20_000 });
    access = (await lateClient.authenticate({ nip: SELLER_NIP, token: TOKEN })).accessToken.token;
    lateSession = await lateClient.openOnlineSession(access);
  });
  afterAll(() => late?.close());
  const issuedOn = (date: string, number: string) =>
    INVOICE.replace('<P_1>2026-02-03</P_1>', `<P_1>${date}</P_1>`).replace('FV/2026/000001', number);
  const send = async (xml: string) =>
    lateClient.waitForInvoice(
      access,
      lateSession.referenceNumber,
      await lateClient.sendInvoice(access, lateSession, utf8(xml)),
    );

  it("an invoice dated today in Poland is accepted while UTC still has yesterday's date", async () => {
    expect((await send(issuedOn('2026-11-27', 'FV/2026/000031'))).status.code).toBe(200);
  });

  it('an invoice dated after today in Poland is rejected (450)', async () => {
    const status = await send(issuedOn('2026-11-28', 'FV/2026/000032'));
    expect(status.status.code).toBe(450);
    expect(status.status.details?.join(' ')).toMatch(/Data wystawienia 2026-11-28 jest późniejsza niż data przyjęcia/);
  });

  it('sent online the day after its issue date in Poland, an invoice is recorded offline (though UTC still has that date); on its issue day, online', async () => {
    // offline/automatyczne-okreslanie-trybu-offline.md: P_1 a calendar day before the day KSeF received it.
    const yesterday = await send(issuedOn('2026-11-26', 'FV/2026/000033'));
    expect(yesterday).toMatchObject({ status: { code: 200 }, invoicingMode: 'Offline' });
    const upo = await lateClient.invoiceUpo(access, lateSession.referenceNumber, yesterday.ksefNumber!);
    expect(upo).toContain('<TrybWysylki>Offline</TrybWysylki>');
    const today = await send(issuedOn('2026-11-27', 'FV/2026/000034'));
    expect(today).toMatchObject({ status: { code: 200 }, invoicingMode: 'Online' });
    // Declared offline, it is offline whatever its date.
    const declared = await lateClient.waitForInvoice(
      access,
      lateSession.referenceNumber,
      await lateClient.sendInvoice(access, lateSession, utf8(issuedOn('2026-11-27', 'FV/2026/000035')), {
        offlineMode: true,
      }),
    );
    expect(declared.invoicingMode).toBe('Offline');
  });

  it('clockOffsetMs (over HTTP) moves the day KSeF receives an invoice: one of today arrives „after midnight” and is offline', async () => {
    const switched = await fetch(late.controlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clockOffsetMs: 86_400_000 }),
    });
    expect(switched.status).toBe(200);
    try {
      // A day later the access token of the day before has expired: a new login, a new session.
      const nextDay = (await lateClient.authenticate({ nip: SELLER_NIP, token: TOKEN })).accessToken.token;
      const opened = await lateClient.openOnlineSession(nextDay);
      const reference = await lateClient.sendInvoice(nextDay, opened, utf8(issuedOn('2026-11-27', 'FV/2026/000036')));
      const status = await lateClient.waitForInvoice(nextDay, opened.referenceNumber, reference);
      expect(status).toMatchObject({ status: { code: 200 }, invoicingMode: 'Offline' });
      // 00:30 on 28 November in Warsaw.
      expect(Date.parse(status.invoicingDate)).toBe(NOW + 86_400_000);
      const received = (await (await fetch(late.receivedUrl)).json()) as {
        invoices: { invoiceNumber: string | null; declaredOffline: boolean; invoicingMode: string }[];
      };
      expect(received.invoices.find((i) => i.invoiceNumber === 'FV/2026/000036')).toMatchObject({
        declaredOffline: false,
        invoicingMode: 'Offline',
      });
    } finally {
      late.control.clockOffsetMs = 0;
    }
  });
});
