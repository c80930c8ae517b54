// A local stand-in for the Ministry of Finance's KSeF API 2.0 — a TEST DOUBLE of a hosted service, written
// from the Ministry's public OpenAPI and documentation (CIRFMF/ksef-docs), not the real system. It does what
// the real API checks for the calls the product makes, so the client is tested against real cryptography
// and real refusals: its own RSA key pairs and self-signed certificates (served like the Ministry's at
// /security/public-key-certificates), the KSeF-token login (challenge → RSA-OAEP-SHA-256 token|timestamp →
// status → one redeem → access/refresh tokens) and its end (DELETE /auth/sessions/current: the refresh token
// stops working, access tokens run out), online sessions whose AES-256 key it unwraps, invoices it decrypts and
// whose hashes and sizes it verifies, a session's invoice list paged as the API pages it, FA(3) validation
// against the vendored schema (xmllint), duplicate detection (seller NIP, RodzajFaktury, P_2), KSeF numbers in
// the official format with their CRC-8, the invoicing mode decided by the issue date (an invoice sent online the
// day after its P_1 is offline), and a UPO XML per accepted invoice (unsigned: the real one carries the
// Ministry's XAdES signature).
// Switchable failures for tests: unavailable (503), slow processing, a forced rejection with a status code,
// forced error answers of chosen calls (429 with Retry-After, 403, a session's exception code, a failed UPO
// download), forced login statuses (500, 550), a clock moved ahead, and an emergency rotation of its public
// keys (21470 for the withdrawn ones).
// See scripts/lib/ksefStandIn.md.
import { execFile, execFileSync } from 'node:child_process';
import { constants, createDecipheriv, createHash, createPrivateKey, privateDecrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCHEMA_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'functions',
  'src',
  'domain',
  'ksef',
  'schema',
);
const KSEF_STAND_IN_BASE_PATH = '/api/v2';
const CHALLENGE_LIFETIME_MS = 10 * 60_000;
const ACCESS_TOKEN_LIFETIME_MS = 15 * 60_000;
const REFRESH_TOKEN_LIFETIME_MS = 7 * 24 * 3_600_000;
const SESSION_LIFETIME_MS = 12 * 3_600_000;
const MAX_INVOICE_BYTES = 1_048_576;
/** The token the local stack gives the functions; it logs in for any NIP (`tokens: {[LOCAL_KSEF_TOKEN]: '*'}`). */
export const LOCAL_KSEF_TOKEN = 'local-stand-in-ksef-token';

/** Invoice states (OpenAPI, SessionInvoiceStatusResponse.status). */
const STATUS = {
  received: { code: 100, description: 'Faktura przyjęta do dalszego przetwarzania' },
  accepted: { code: 200, description: 'Sukces' },
  wrongPermissions: { code: 410, description: 'Nieprawidłowy zakres uprawnień' },
  fileInvalid: { code: 430, description: 'Błąd weryfikacji pliku faktury' },
  decryptionFailed: { code: 435, description: 'Błąd odszyfrowania pliku' },
  duplicate: { code: 440, description: 'Duplikat faktury' },
  semanticError: { code: 450, description: 'Błąd weryfikacji semantyki dokumentu faktury' },
};

/** CRC-8, polynomial 0x07, initial 0 — the checksum of KSeF numbers (numer-ksef.md). */
function crc8(text) {
  let crc = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc.toString(16).toUpperCase().padStart(2, '0');
}

const yyyymmdd = (ms) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
const hex = (bytes) => randomBytes(bytes).toString('hex').toUpperCase();
/** Reference numbers look like the real ones: `20250901-EU-47FDBE3000-5961A5D232-BF`. */
const referenceNumber = (kind, now) => {
  const first = `${yyyymmdd(now)}-${kind}-${hex(5)}-${hex(5)}`;
  return `${first}-${crc8(first)}`;
};

/** A 2048-bit RSA key pair and a self-signed certificate (openssl, as the Ministry's certificates are X.509). */
function newCertificate(commonName) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ksef-stand-in-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-subj',
        `/CN=${commonName}/O=KSeF stand-in (test double)`,
        '-days',
        '730',
      ],
      { stdio: 'ignore' },
    );
    const pem = readFileSync(certFile, 'utf8');
    const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
    return { privateKey: createPrivateKey(readFileSync(keyFile)), derBase64: der.toString('base64') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A KSeF offline certificate for the local stack (the real one is enrolled at KSeF's `/certificates`, type
 * Offline): an EC P-256 key and a self-signed X.509 certificate with a random serial. KOD II links of offline
 * documents are signed with it; `verifyKodII` in tests checks them with the certificate's public key.
 */
export function newOfflineCertificate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ksef-offline-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-subj',
        '/CN=KSeF offline (stand-in)/O=KSeF stand-in (test double)',
        '-days',
        '730',
        '-set_serial',
        `0x${hex(8)}`,
      ],
      { stdio: 'ignore' },
    );
    return { certificatePem: readFileSync(certFile, 'utf8'), keyPem: readFileSync(keyFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const oaepDecrypt = (privateKey, data) =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data);
const sha256Base64 = (bytes) => createHash('sha256').update(bytes).digest('base64');

/** xmllint against the vendored FA(3) schema, offline through its catalog; answers the error lines. */
function validateFa3(xml) {
  return new Promise((resolve) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ksef-stand-in-xml-'));
    const file = path.join(dir, 'invoice.xml');
    writeFileSync(file, xml);
    execFile(
      'xmllint',
      ['--nonet', '--noout', '--schema', path.join(SCHEMA_DIR, 'schemat_FA(3)_v1-0E.xsd'), file],
      { env: { ...process.env, XML_CATALOG_FILES: path.join(SCHEMA_DIR, 'catalog.xml') }, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        rmSync(dir, { recursive: true, force: true });
        if (!error) return resolve([]);
        const lines = String(stderr)
          .split('\n')
          .filter((l) => l && !l.endsWith('fails to validate'))
          .map((l) => l.replace(`${file}:`, 'linia '));
        resolve(lines.length ? lines : [String(error.message)]);
      },
    );
  });
}

/** The first text of an element (the file passed the schema, which fixes where these stand). */
const first = (xml, name, within) => {
  const scope = within ? (new RegExp(`<${within}>([\\s\\S]*?)</${within}>`).exec(xml)?.[1] ?? '') : xml;
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(scope)?.[1] ?? null;
};

class ApiError extends Error {
  constructor(httpStatus, code, description, details = []) {
    super(description);
    this.httpStatus = httpStatus;
    this.code = code;
    this.details = details;
  }
}
const validationError = (...details) => new ApiError(400, 21405, 'Błąd walidacji danych wejściowych.', details);
const unauthorized = () => new ApiError(401, 0, 'Brak lub nieprawidłowy token uwierzytelniający.');
/** The session exception codes of the API (the OpenAPI's error tables). */
const unknownSession = (reference) =>
  new ApiError(400, 21173, 'Brak sesji o wskazanym numerze referencyjnym.', [
    `Sesja o numerze referencyjnym ${reference} nie została znaleziona.`,
  ]);
const sessionClosed = () =>
  new ApiError(400, 21180, 'Status sesji nie pozwala na wykonanie operacji.', ['Sesja jest zamknięta.']);
/** bezpieczenstwo/klucze-publiczne-do-szyfrowania.md, 4.3: data encrypted for a key KSeF no longer accepts. */
const withdrawnKey = () =>
  new ApiError(400, 21470, 'Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.');

/** `pageSize` of a session's invoice list (OpenAPI: 10–500, default 10; api-changelog RC5.5 raised the maximum from 100). */
const PAGE_SIZE = { min: 10, max: 500, default: 10 };
const badContinuationToken = () => new ApiError(400, 21418, 'Przekazany token kontynuacji ma nieprawidłowy format.');

/**
 * One page of a list the way the API pages it: `pageSize` in the query, the next page asked for with the previous
 * answer's `continuationToken` in the `x-continuation-token` header. The token is opaque to the client (the real one is
 * Base64 of the store's cursor); here Base64 of the list's owner and the offset, so a token of another list is refused.
 */
function pageOf(all, owner, req) {
  const raw = new URL(req.url ?? '/', 'http://stand-in').searchParams.get('pageSize');
  const size = raw === null ? PAGE_SIZE.default : Number(raw);
  if (!Number.isInteger(size) || size < PAGE_SIZE.min || size > PAGE_SIZE.max)
    throw validationError(
      `pageSize: oczekiwano liczby całkowitej od ${PAGE_SIZE.min} do ${PAGE_SIZE.max}, podano ${raw}.`,
    );
  const token = req.headers['x-continuation-token'];
  let offset = 0;
  if (token) {
    let cursor;
    try {
      cursor = JSON.parse(Buffer.from(String(token), 'base64').toString('utf8'));
    } catch {
      throw badContinuationToken();
    }
    if (cursor?.owner !== owner || !Number.isInteger(cursor.offset) || cursor.offset < 0) throw badContinuationToken();
    offset = cursor.offset;
  }
  const next = offset + size;
  return {
    items: all.slice(offset, next),
    continuationToken:
      next < all.length ? Buffer.from(JSON.stringify({ owner, offset: next })).toString('base64') : undefined,
  };
}

/**
 * The calendar date in Poland at `ms` (YYYY-MM-DD). KSeF runs on Polish time: an invoice issued just
 * after midnight in Warsaw is issued "today" although the UTC date is still yesterday's.
 */
const polishDate = (ms) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(ms);

/**
 * A forced error answer (`control.failNext`): 429 as limity-api.md shows it (`Retry-After` and a `{status}` body), a 403
 * without a code as the gateway answers it (no body), anything else as an `ExceptionResponse`.
 */
function sendForced(send, { status, code, description, details = [], retryAfterSeconds }) {
  if (status === 429) {
    const seconds = retryAfterSeconds ?? 30;
    return send(
      429,
      {
        status: {
          code: 429,
          description: description ?? 'Too Many Requests',
          details: details.length ? details : [`Przekroczono limit żądań. Spróbuj ponownie po ${seconds} sekundach.`],
        },
      },
      'application/json',
      { 'Retry-After': String(seconds) },
    );
  }
  if (code === undefined) return send(status, null);
  return send(status, {
    exception: {
      exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description ?? '', details }],
      serviceName: 'KSeF stand-in',
    },
  });
}

/**
 * Starts the stand-in. `tokens`: KSeF token → the NIP it was issued for (`'*'`: any NIP). Answers `{url, port, control,
 * invoices, rotateKeys, close}`; `url` is the API base (…/api/v2). `control` switches failures: `unavailable` (every
 * call answers 503), `processingDelayMs` (invoices stay at 100 this long), `rejectNext` (a queue of statuses
 * the next invoices get instead of being checked, e.g. `{code: 450, description, details}`), `failNext` (a queue of
 * error answers the next matching calls get instead of being handled: `{method, path, status, code, description,
 * details, retryAfterSeconds}` — `path` a RegExp source matched against the path under the API base; a 429 answers
 * the documented `{status}` body with `Retry-After`, a 403 without a code an empty body), `authStatusNext` (a queue of
 * statuses the next token logins end with instead of being checked, e.g. `{code: 550, description}`), `clockOffsetMs`
 * (the stand-in's clock runs this far ahead: with a day, an invoice issued today arrives „after midnight” and is
 * marked offline by its issue date, offline/automatyczne-okreslanie-trybu-offline.md).
 * `rotateKeys()` is an emergency rotation: both public keys are replaced and the old ones withdrawn — data encrypted
 * for a withdrawn key is refused with 21470. The same switches are settable over HTTP: `POST /__stand-in/control`
 * with a JSON subset (`{"rotateKeys": true}` rotates).
 */
/** The stand-in's controls as it starts: a test that changed them sends these back. */
export function ksefControlDefaults() {
  return {
    unavailable: false,
    processingDelayMs: 0,
    rejectNext: [],
    failNext: [],
    authStatusNext: [],
    clockOffsetMs: 0,
  };
}

export async function startKsefStandIn({
  port = 0,
  host = '127.0.0.1',
  tokens = {},
  now: clock = () => Date.now(),
  log = () => {},
} = {}) {
  let tokenCertificate = newCertificate('KSeF stand-in: KsefTokenEncryption');
  let keyCertificate = newCertificate('KSeF stand-in: SymmetricKeyEncryption');
  /** The private keys of withdrawn public keys: what was encrypted for them is refused with 21470, not as garbage. */
  const withdrawn = [];
  // The certificates' validity follows the real clock (the client compares it with its own), not `clockOffsetMs`.
  let validFrom = new Date(clock() - 86_400_000).toISOString();
  const validTo = new Date(clock() + 730 * 86_400_000).toISOString();
  const control = ksefControlDefaults();
  /** The stand-in's time: the clock moved by `clockOffsetMs` (a test's „KSeF receives it after midnight”). */
  const now = () => clock() + (Number(control.clockOffsetMs) || 0);
  /** An emergency rotation (klucze-publiczne-do-szyfrowania.md, 3.2.2): new key pairs; the old keys are withdrawn at once. */
  function rotateKeys() {
    withdrawn.push(tokenCertificate.privateKey, keyCertificate.privateKey);
    tokenCertificate = newCertificate('KSeF stand-in: KsefTokenEncryption');
    keyCertificate = newCertificate('KSeF stand-in: SymmetricKeyEncryption');
    validFrom = new Date(clock()).toISOString();
  }
  /** Decrypts with the current key; a withdrawn key's data is refused with 21470; anything else answers null. */
  function decryptFor(privateKey, data) {
    try {
      return oaepDecrypt(privateKey, data);
    } catch {
      for (const old of withdrawn) {
        try {
          oaepDecrypt(old, data);
        } catch {
          continue;
        }
        throw withdrawnKey();
      }
      return null;
    }
  }
  const challenges = new Map(); // challenge → {timestampMs, used}
  const authentications = new Map(); // reference → {reference, authenticationToken, nip, status, redeemed, revoked, startDate}
  const accessTokens = new Map(); // token → {nip, validUntil, hash, auth}: `auth`, the login (authentication) it belongs to
  const refreshTokens = new Map();
  const sessions = new Map(); // reference → {nip, key, iv, open, invoices: [], createdAt, updatedAt}
  /** Every invoice received, in order; the accepted ones by (NIP, kind, number) and by KSeF number. */
  const invoices = [];
  const acceptedByNumber = new Map();
  const acceptedByKsefNumber = new Map();
  let decisions = Promise.resolve();

  const tokenInfo = (token, lifetimeMs) => ({ token, validUntil: new Date(now() + lifetimeMs).toISOString() });

  function bearer(req) {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return m ? m[1] : null;
  }
  function accessContext(req) {
    const access = accessTokens.get(bearer(req) ?? '');
    if (!access || Date.parse(access.validUntil) <= now()) throw unauthorized();
    return access;
  }
  /** A refresh token still usable: known, not expired, its login not revoked. */
  function refreshGrant(token) {
    const refresh = refreshTokens.get(token ?? '');
    return refresh && Date.parse(refresh.validUntil) > now() && !refresh.auth.revoked ? refresh : null;
  }
  function sessionOf(req, reference) {
    const access = accessContext(req);
    const session = sessions.get(reference);
    if (!session || session.nip !== access.nip) throw unknownSession(reference);
    return session;
  }

  /** Decides one invoice the way the service's asynchronous verification does (faktury/weryfikacja-faktury.md). */
  async function decide(invoice) {
    // Re-read on every tick, so a test that lowers the delay releases a waiting invoice at once.
    const started = Date.now();
    while (Date.now() - started < control.processingDelayMs) await new Promise((resolve) => setTimeout(resolve, 20));
    const forced = control.rejectNext.shift();
    if (forced)
      return finish(invoice, {
        code: forced.code,
        description: forced.description ?? STATUS.semanticError.description,
        details: forced.details,
      });
    const { plain, request, session } = invoice;
    if (!plain)
      return finish(invoice, {
        ...STATUS.decryptionFailed,
        details: ['Nie udało się odszyfrować pliku kluczem sesji.'],
      });
    if (plain.byteLength !== request.invoiceSize || sha256Base64(plain) !== request.invoiceHash) {
      return finish(invoice, {
        ...STATUS.fileInvalid,
        details: ['Skrót lub rozmiar faktury różni się od invoiceHash / invoiceSize.'],
      });
    }
    if (plain.byteLength > MAX_INVOICE_BYTES)
      return finish(invoice, { ...STATUS.fileInvalid, details: ['Faktura przekracza 1 MiB.'] });
    const xml = plain.toString('utf8');
    const schemaErrors = await validateFa3(xml);
    if (schemaErrors.length) return finish(invoice, { ...STATUS.semanticError, details: schemaErrors.slice(0, 20) });
    const sellerNip = first(xml, 'NIP', 'Podmiot1');
    const kind = first(xml, 'RodzajFaktury');
    const number = first(xml, 'P_2');
    const issueDate = first(xml, 'P_1');
    invoice.invoiceNumber = number;
    invoice.issueDate = issueDate;
    // offline/automatyczne-okreslanie-trybu-offline.md: an invoice sent as online whose issue date (P_1) is a calendar
    // day before the day KSeF received it (`invoicingDate`; in an online session the moment it was sent) is marked
    // offline — e.g. issued late in the evening, sent after midnight.
    if (issueDate && issueDate < polishDate(Date.parse(invoice.invoicingDate))) invoice.invoicingMode = 'Offline';
    if (sellerNip !== session.nip)
      return finish(invoice, {
        ...STATUS.wrongPermissions,
        details: [`Sprzedawca ${sellerNip} nie jest podmiotem sesji (${session.nip}).`],
      });
    if (issueDate > polishDate(now()))
      return finish(invoice, {
        ...STATUS.semanticError,
        details: [`Data wystawienia ${issueDate} jest późniejsza niż data przyjęcia.`],
      });
    const duplicateOf = acceptedByNumber.get(`${sellerNip}|${kind}|${number}`);
    if (duplicateOf) {
      return finish(invoice, {
        ...STATUS.duplicate,
        details: [`Faktura ${number} została już przyjęta.`],
        extensions: {
          originalSessionReferenceNumber: duplicateOf.session.reference,
          originalKsefNumber: duplicateOf.ksefNumber,
        },
      });
    }
    if (kind === 'KOR' || kind === 'KOR_ZAL' || kind === 'KOR_ROZ') {
      const named = first(xml, 'NrKSeFFaKorygowanej', 'DaneFaKorygowanej');
      const correctedNumber = first(xml, 'NrFaKorygowanej', 'DaneFaKorygowanej');
      if (named && !acceptedByKsefNumber.has(named)) {
        return finish(invoice, {
          ...STATUS.semanticError,
          details: [`Faktura korygowana o numerze KSeF ${named} nie istnieje w KSeF.`],
        });
      }
      // The stand-in's own rule: a correction of an invoice that KSeF holds must name its KSeF number.
      const held = acceptedByNumber.get(`${sellerNip}|VAT|${correctedNumber}`);
      if (!named && held) {
        return finish(invoice, {
          ...STATUS.semanticError,
          details: [
            `Faktura korygowana ${correctedNumber} ma numer KSeF ${held.ksefNumber}; korekta musi go podać (NrKSeFFaKorygowanej).`,
          ],
        });
      }
    }
    const accepted = now();
    const first32 = `${sellerNip}-${yyyymmdd(accepted)}-${hex(6)}`;
    invoice.ksefNumber = `${first32}-${crc8(first32)}`;
    invoice.acquisitionDate = new Date(accepted).toISOString();
    acceptedByNumber.set(`${sellerNip}|${kind}|${number}`, invoice);
    acceptedByKsefNumber.set(invoice.ksefNumber, invoice);
    return finish(invoice, STATUS.accepted);
  }
  function finish(invoice, status) {
    invoice.status = status;
    invoice.session.updatedAt = now();
    delete invoice.plain;
    log(`KSeF stand-in: ${invoice.reference} → ${status.code}${invoice.ksefNumber ? ` ${invoice.ksefNumber}` : ''}`);
  }

  function upoXml(invoice) {
    const esc = (s) =>
      String(s ?? '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;');
    return `<?xml version="1.0" encoding="utf-8"?>
<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-2">
\t<NazwaPodmiotuPrzyjmujacego>Lokalny zastępnik KSeF (atrapa testowa, nie Ministerstwo Finansów)</NazwaPodmiotuPrzyjmujacego>
\t<NumerReferencyjnySesji>${esc(invoice.session.reference)}</NumerReferencyjnySesji>
\t<Uwierzytelnienie>
\t\t<IdKontekstu>
\t\t\t<Nip>${esc(invoice.session.nip)}</Nip>
\t\t</IdKontekstu>
\t\t<SkrotDokumentuUwierzytelniajacego>${esc(invoice.session.authenticationHash)}</SkrotDokumentuUwierzytelniajacego>
\t</Uwierzytelnienie>
\t<NazwaStrukturyLogicznej>Schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>
\t<KodFormularza>FA (3)</KodFormularza>
\t<Dokument>
\t\t<NipSprzedawcy>${esc(invoice.session.nip)}</NipSprzedawcy>
\t\t<NumerKSeFDokumentu>${esc(invoice.ksefNumber)}</NumerKSeFDokumentu>
\t\t<NumerFaktury>${esc(invoice.invoiceNumber)}</NumerFaktury>
\t\t<DataWystawieniaFaktury>${esc(invoice.issueDate)}</DataWystawieniaFaktury>
\t\t<DataPrzeslaniaDokumentu>${esc(invoice.invoicingDate)}</DataPrzeslaniaDokumentu>
\t\t<DataNadaniaNumeruKSeF>${esc(invoice.acquisitionDate)}</DataNadaniaNumeruKSeF>
\t\t<SkrotDokumentu>${esc(invoice.request.invoiceHash)}</SkrotDokumentu>
\t\t<TrybWysylki>${invoice.invoicingMode}</TrybWysylki>
\t</Dokument>
</Potwierdzenie>
`;
  }

  const invoiceStatus = (invoice) => ({
    ordinalNumber: invoice.ordinalNumber,
    ...(invoice.invoiceNumber ? { invoiceNumber: invoice.invoiceNumber } : {}),
    ...(invoice.ksefNumber ? { ksefNumber: invoice.ksefNumber } : {}),
    referenceNumber: invoice.reference,
    invoiceHash: invoice.request.invoiceHash,
    ...(invoice.acquisitionDate
      ? { acquisitionDate: invoice.acquisitionDate, permanentStorageDate: invoice.acquisitionDate }
      : {}),
    invoicingDate: invoice.invoicingDate,
    ...(invoice.ksefNumber
      ? {
          upoDownloadUrl: `${KSEF_STAND_IN_BASE_PATH}/sessions/${invoice.session.reference}/invoices/ksef/${invoice.ksefNumber}/upo`,
        }
      : {}),
    invoicingMode: invoice.invoicingMode,
    status: invoice.status,
  });

  /** Routes relative to the API base; each answers [httpStatus, body, contentType?]. */
  async function route(method, pathname, req, body) {
    let m;
    if (method === 'GET' && pathname === '/security/public-key-certificates') {
      return [
        200,
        [
          { certificate: tokenCertificate.derBase64, validFrom, validTo, usage: ['KsefTokenEncryption'] },
          { certificate: keyCertificate.derBase64, validFrom, validTo, usage: ['SymmetricKeyEncryption'] },
        ],
      ];
    }
    if (method === 'POST' && pathname === '/auth/challenge') {
      const timestampMs = now();
      const challenge = referenceNumber('CR', timestampMs);
      challenges.set(challenge, { timestampMs, used: false });
      return [200, { challenge, timestamp: new Date(timestampMs).toISOString(), timestampMs }];
    }
    if (method === 'POST' && pathname === '/auth/ksef-token') {
      const c = challenges.get(body?.challenge);
      if (!c || c.used || now() - c.timestampMs > CHALLENGE_LIFETIME_MS)
        throw validationError('Nieznany, wykorzystany lub wygasły challenge.');
      if (body?.contextIdentifier?.type !== 'Nip' || !/^\d{10}$/.test(body?.contextIdentifier?.value ?? ''))
        throw validationError('contextIdentifier: oczekiwano {type: "Nip", value: 10 cyfr}.');
      if (typeof body.encryptedToken !== 'string') throw validationError('encryptedToken jest wymagany.');
      const decrypted = decryptFor(tokenCertificate.privateKey, Buffer.from(body.encryptedToken, 'base64'));
      c.used = true;
      const nip = body.contextIdentifier.value;
      let status = { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' };
      try {
        if (!decrypted) throw new Error('not decrypted');
        const plain = decrypted.toString('utf8');
        const sep = plain.lastIndexOf('|');
        const token = plain.slice(0, sep);
        if (sep < 0 || plain.slice(sep + 1) !== String(c.timestampMs))
          status = {
            code: 450,
            description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
            details: ['Znacznik czasu nie odpowiada wyzwaniu.'],
          };
        else if (tokens[token] !== nip && tokens[token] !== '*')
          status = {
            code: 450,
            description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
            details: ['Nieznany token lub token innego kontekstu.'],
          };
      } catch {
        status = {
          code: 450,
          description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
          details: ['Invalid token encoding.'],
        };
      }
      // A forced outcome (a test): the login ends with it whatever the token, e.g. 550 „Operacja została anulowana przez system”.
      const forced = control.authStatusNext.shift();
      if (forced)
        status = { code: forced.code, description: forced.description ?? 'Nieznany błąd', details: forced.details };
      const reference = referenceNumber('AU', now());
      const authenticationToken = tokenInfo(hex(32), CHALLENGE_LIFETIME_MS);
      authentications.set(reference, {
        reference,
        authenticationToken,
        nip,
        status,
        redeemed: false,
        revoked: false,
        startDate: new Date(now()).toISOString(),
        hash: sha256Base64(Buffer.from(body.encryptedToken)),
      });
      return [202, { referenceNumber: reference, authenticationToken }];
    }
    if (method === 'GET' && (m = /^\/auth\/([^/]+)$/.exec(pathname)) && m[1] !== 'sessions') {
      const auth = authentications.get(decodeURIComponent(m[1]));
      if (!auth || auth.authenticationToken.token !== bearer(req)) throw unauthorized();
      return [200, { startDate: auth.startDate, authenticationMethod: 'Token', status: auth.status }];
    }
    if (method === 'POST' && pathname === '/auth/token/redeem') {
      const auth = [...authentications.values()].find((a) => a.authenticationToken.token === bearer(req));
      if (!auth) throw unauthorized();
      if (auth.status.code !== 200 || auth.redeemed)
        throw validationError(
          'Tokeny tego uwierzytelnienia zostały już pobrane lub uwierzytelnienie się nie powiodło.',
        );
      auth.redeemed = true;
      const accessToken = tokenInfo(hex(32), ACCESS_TOKEN_LIFETIME_MS);
      const refreshToken = tokenInfo(hex(32), REFRESH_TOKEN_LIFETIME_MS);
      const grant = { nip: auth.nip, hash: auth.hash, auth };
      accessTokens.set(accessToken.token, { ...grant, validUntil: accessToken.validUntil });
      refreshTokens.set(refreshToken.token, { ...grant, validUntil: refreshToken.validUntil });
      return [200, { accessToken, refreshToken }];
    }
    if (method === 'POST' && pathname === '/auth/token/refresh') {
      const refresh = refreshGrant(bearer(req));
      if (!refresh) throw unauthorized();
      const accessToken = tokenInfo(hex(32), ACCESS_TOKEN_LIFETIME_MS);
      accessTokens.set(accessToken.token, { ...refresh, validUntil: accessToken.validUntil });
      return [200, { accessToken }];
    }
    // auth/sesje.md, „Unieważnienie bieżącej sesji”: the login of the access or refresh token presented ends; its refresh
    // tokens stop working, and access tokens already issued stay valid until they expire (the OpenAPI says so in bold).
    if (method === 'DELETE' && pathname === '/auth/sessions/current') {
      const token = bearer(req) ?? '';
      const access = accessTokens.get(token);
      const grant = access && Date.parse(access.validUntil) > now() ? access : refreshGrant(token);
      if (!grant) throw unauthorized();
      grant.auth.revoked = true;
      return [204, null];
    }
    if (method === 'POST' && pathname === '/sessions/online') {
      const access = accessContext(req);
      const f = body?.formCode;
      if (f?.systemCode !== 'FA (3)' || f?.schemaVersion !== '1-0E' || f?.value !== 'FA')
        throw validationError('formCode: obsługiwany jest FA (3) / 1-0E / FA.');
      const key = decryptFor(
        keyCertificate.privateKey,
        Buffer.from(body.encryption?.encryptedSymmetricKey ?? '', 'base64'),
      );
      if (!key)
        throw validationError(
          'Nie udało się odszyfrować klucza symetrycznego (RSA-OAEP SHA-256, certyfikat SymmetricKeyEncryption).',
        );
      const iv = Buffer.from(body.encryption?.initializationVector ?? '', 'base64');
      if (key.length !== 32 || iv.length !== 16)
        throw validationError('Klucz symetryczny musi mieć 32 bajty, wektor inicjujący 16 bajtów.');
      const reference = referenceNumber('SO', now());
      sessions.set(reference, {
        reference,
        nip: access.nip,
        key,
        iv,
        open: true,
        invoices: [],
        createdAt: now(),
        updatedAt: now(),
        validUntil: now() + SESSION_LIFETIME_MS,
        authenticationHash: access.hash,
      });
      return [201, { referenceNumber: reference, validUntil: new Date(now() + SESSION_LIFETIME_MS).toISOString() }];
    }
    if (method === 'POST' && (m = /^\/sessions\/online\/([^/]+)\/invoices\/?$/.exec(pathname))) {
      const session = sessionOf(req, decodeURIComponent(m[1]));
      if (!session.open || session.validUntil <= now()) throw sessionClosed();
      const missing = [
        'invoiceHash',
        'invoiceSize',
        'encryptedInvoiceHash',
        'encryptedInvoiceSize',
        'encryptedInvoiceContent',
      ].filter((k) => body?.[k] === undefined);
      if (missing.length) throw validationError(`Brak pól: ${missing.join(', ')}.`);
      const encrypted = Buffer.from(String(body.encryptedInvoiceContent), 'base64');
      if (encrypted.byteLength !== body.encryptedInvoiceSize || sha256Base64(encrypted) !== body.encryptedInvoiceHash) {
        throw validationError(
          'Skrót lub rozmiar zaszyfrowanej faktury różni się od encryptedInvoiceHash / encryptedInvoiceSize.',
        );
      }
      let plain;
      try {
        const decipher = createDecipheriv('aes-256-cbc', session.key, session.iv);
        plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
      } catch {
        plain = null;
      }
      const invoice = {
        reference: referenceNumber('EE', now()),
        ordinalNumber: session.invoices.length + 1,
        session,
        request: { invoiceHash: body.invoiceHash, invoiceSize: body.invoiceSize },
        // offlineMode: true — an invoice issued in an offline mode (offline24) and sent afterwards. One sent as online
        // may still be marked offline by its issue date, once the file is read (decide).
        declaredOffline: body.offlineMode === true,
        invoicingMode: body.offlineMode === true ? 'Offline' : 'Online',
        plain,
        invoicingDate: new Date(now()).toISOString(),
        status: STATUS.received,
      };
      session.invoices.push(invoice);
      invoices.push(invoice);
      // One decision at a time, in arrival order: duplicates are decided against everything accepted before.
      decisions = decisions
        .then(() => decide(invoice))
        .catch((error) => finish(invoice, { code: 500, description: `Nieznany błąd (${error.message})` }));
      return [202, { referenceNumber: invoice.reference }];
    }
    if (method === 'POST' && (m = /^\/sessions\/online\/([^/]+)\/close$/.exec(pathname))) {
      const session = sessionOf(req, decodeURIComponent(m[1]));
      session.open = false;
      session.updatedAt = now();
      return [204, null];
    }
    if (method === 'GET' && (m = /^\/sessions\/([^/]+)$/.exec(pathname))) {
      const session = sessionOf(req, decodeURIComponent(m[1]));
      const done = session.invoices.filter((i) => i.status.code >= 200);
      const pending = session.invoices.length - done.length;
      const status = session.open
        ? { code: 100, description: 'Sesja interaktywna otwarta' }
        : pending
          ? { code: 170, description: 'Sesja interaktywna zamknięta' }
          : { code: 200, description: 'Sesja interaktywna przetworzona pomyślnie' };
      return [
        200,
        {
          status,
          dateCreated: new Date(session.createdAt).toISOString(),
          dateUpdated: new Date(session.updatedAt).toISOString(),
          validUntil: new Date(session.validUntil).toISOString(),
          invoiceCount: session.invoices.length,
          successfulInvoiceCount: done.filter((i) => i.status.code === 200).length,
          failedInvoiceCount: done.filter((i) => i.status.code !== 200).length,
        },
      ];
    }
    if (method === 'GET' && (m = /^\/sessions\/([^/]+)\/invoices$/.exec(pathname))) {
      const session = sessionOf(req, decodeURIComponent(m[1]));
      const { items, continuationToken } = pageOf(session.invoices, session.reference, req);
      return [200, { ...(continuationToken ? { continuationToken } : {}), invoices: items.map(invoiceStatus) }];
    }
    if (method === 'GET' && (m = /^\/sessions\/([^/]+)\/invoices\/ksef\/([^/]+)\/upo$/.exec(pathname))) {
      const session = sessionOf(req, decodeURIComponent(m[1]));
      const invoice = session.invoices.find((i) => i.ksefNumber === decodeURIComponent(m[2]));
      if (!invoice) throw validationError('Brak przyjętej faktury o tym numerze KSeF w tej sesji.');
      return [200, upoXml(invoice), 'application/xml'];
    }
    if (method === 'GET' && (m = /^\/sessions\/([^/]+)\/invoices\/([^/]+)\/upo$/.exec(pathname))) {
      const session = sessionOf(req, decodeURIComponent(m[1]));
      const invoice = session.invoices.find((i) => i.reference === decodeURIComponent(m[2]));
      if (!invoice?.ksefNumber)
        throw validationError('Brak przyjętej faktury o tym numerze referencyjnym w tej sesji.');
      return [200, upoXml(invoice), 'application/xml'];
    }
    if (method === 'GET' && (m = /^\/sessions\/([^/]+)\/invoices\/([^/]+)$/.exec(pathname))) {
      const session = sessionOf(req, decodeURIComponent(m[1]));
      const invoice = session.invoices.find((i) => i.reference === decodeURIComponent(m[2]));
      if (!invoice) throw validationError('Brak faktury o tym numerze referencyjnym w tej sesji.');
      return [200, invoiceStatus(invoice)];
    }
    return [
      404,
      {
        exception: {
          exceptionDetailList: [{ exceptionCode: 0, exceptionDescription: `Nieznany adres: ${method} ${pathname}` }],
        },
      },
    ];
  }

  /**
   * Read-only: every login (whether its tokens were redeemed, whether it was revoked), every session opened and every
   * invoice received, in order (what a bench counts and checks for duplicates, and a test checks that logins end).
   */
  function received() {
    return {
      authentications: [...authentications.values()].map((a) => ({
        reference: a.reference,
        startDate: a.startDate,
        statusCode: a.status.code,
        redeemed: a.redeemed,
        revoked: a.revoked,
      })),
      sessions: [...sessions.values()].map((s) => ({
        reference: s.reference,
        createdAt: s.createdAt,
        open: s.open,
        invoiceCount: s.invoices.length,
      })),
      invoices: invoices.map((i) => ({
        reference: i.reference,
        sessionReference: i.session.reference,
        invoiceNumber: i.invoiceNumber ?? null,
        declaredOffline: i.declaredOffline,
        invoicingMode: i.invoicingMode,
        statusCode: i.status.code,
        ksefNumber: i.ksefNumber ?? null,
      })),
    };
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const send = (status, body, type = 'application/json', headers = {}) => {
        res.writeHead(status, body === null ? headers : { ...headers, 'Content-Type': `${type}; charset=utf-8` });
        res.end(body === null ? undefined : type === 'application/json' ? JSON.stringify(body) : body);
      };
      let body;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      } catch {
        return send(400, {
          exception: {
            exceptionDetailList: [
              {
                exceptionCode: 21405,
                exceptionDescription: 'Błąd walidacji danych wejściowych.',
                details: ['Treść nie jest poprawnym JSON.'],
              },
            ],
          },
        });
      }
      if (url.pathname === '/__stand-in/control' && req.method === 'POST') {
        for (const key of [
          'unavailable',
          'processingDelayMs',
          'rejectNext',
          'failNext',
          'authStatusNext',
          'clockOffsetMs',
        ])
          if (body?.[key] !== undefined) control[key] = body[key];
        if (body?.rotateKeys === true) rotateKeys();
        return send(200, control);
      }
      if (url.pathname === '/__stand-in/received' && req.method === 'GET') return send(200, received());
      if (!url.pathname.startsWith(KSEF_STAND_IN_BASE_PATH)) return send(404, { error: 'not found' });
      if (control.unavailable)
        return send(503, 'Service Unavailable (KSeF stand-in switched to unavailable)', 'text/plain');
      const apiPath = url.pathname.slice(KSEF_STAND_IN_BASE_PATH.length);
      const forcedAt = control.failNext.findIndex(
        (f) => (!f.method || f.method === req.method) && (!f.path || new RegExp(f.path).test(apiPath)),
      );
      if (forcedAt >= 0) {
        const [forced] = control.failNext.splice(forcedAt, 1);
        log(`KSeF stand-in: ${req.method} ${apiPath} → forced ${forced.status}`);
        return sendForced(send, forced);
      }
      try {
        const [status, answer, type] = await route(req.method ?? 'GET', apiPath, req, body);
        send(status, answer, type);
      } catch (error) {
        if (!(error instanceof ApiError)) {
          log(`KSeF stand-in: ${error.stack}`);
          return send(500, {
            exception: { exceptionDetailList: [{ exceptionCode: 0, exceptionDescription: String(error.message) }] },
          });
        }
        send(error.httpStatus, {
          exception: {
            exceptionDetailList: [
              { exceptionCode: error.code, exceptionDescription: error.message, details: error.details },
            ],
            serviceName: 'KSeF stand-in',
            timestamp: new Date(now()).toISOString(),
          },
        });
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actualPort = server.address().port;
  return {
    url: `http://${host}:${actualPort}${KSEF_STAND_IN_BASE_PATH}`,
    controlUrl: `http://${host}:${actualPort}/__stand-in/control`,
    receivedUrl: `http://${host}:${actualPort}/__stand-in/received`,
    port: actualPort,
    control,
    invoices,
    /** Resolves once every invoice received so far is decided. */
    settled: () => decisions,
    rotateKeys,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
