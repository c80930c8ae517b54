// TEST DOUBLE — a local stand-in for Przelewy24's REST API, NOT the real service. Przelewy24 is a
// hosted payment provider that cannot run on this machine, so the local stack and the tests talk to
// this instead (docs/payments.md, "Local stand-in"). It is written from the provider's public API
// documentation (https://developers.przelewy24.pl/) and checks what the real API checks: Basic auth
// (posId : API key), every `sign` (SHA-384 of the documented JSON with the CRC key), amounts in grosze,
// currency, merchant and POS. No money moves and nothing leaves the machine.
//
// What it offers:
//   GET  /api/v1/testAccess
//   POST /api/v1/transaction/register            → { data: { token } }
//   GET  /trnRequest/{token}                     the payment window (Polish): BLIK (6-digit code),
//                                                pay-by-link or card; pay, decline or abandon
//   →    POST urlStatus                          the signed transaction notification (retried on non-2xx)
//   PUT  /api/v1/transaction/verify
//   POST /api/v1/transaction/refund              → its signed refund notification to the refund's urlStatus
//   GET  /api/v1/transaction/by/sessionId/{id}
// Test controls (not part of the real API):
//   POST /__control   { notifications: 'send' | 'drop', delayMs, repeat, failVerify, refundRefusal }   (JSON;
//                     refundRefusal: the 409 reason every refund gets, e.g. 'Insufficient funds available'; '' = none)
//   POST /__pay       { token, methodId?, blikCode? }  pays as if a tester used the window
//   POST /__notify    { sessionId }                     sends the transaction notification again
//   GET  /__transactions                                everything it knows, for tests
import { createHash, randomBytes, randomInt } from 'node:crypto';
import http from 'node:http';

/** Field order of every checksum (functions/src/domain/payments/przelewy24.ts holds the same list; a unit test compares them). */
export const SIGN_FIELDS = {
  register: ['sessionId', 'merchantId', 'amount', 'currency', 'crc'],
  notification: [
    'merchantId',
    'posId',
    'sessionId',
    'amount',
    'originAmount',
    'currency',
    'orderId',
    'methodId',
    'statement',
    'crc',
  ],
  verify: ['sessionId', 'orderId', 'amount', 'currency', 'crc'],
  refundNotification: ['orderId', 'sessionId', 'refundsUuid', 'merchantId', 'amount', 'currency', 'status', 'crc'],
};

function sign(kind, fields) {
  const ordered = {};
  for (const name of SIGN_FIELDS[kind]) ordered[name] = fields[name];
  return createHash('sha384').update(JSON.stringify(ordered), 'utf8').digest('hex');
}

// The ids of the domain's P24_STAND_IN_METHOD_IDS (functions/src/domain/payments/p24Methods.ts), one of each kind.
export const METHODS = [
  { id: 154, group: 'blik', label: 'BLIK' },
  { id: 243, group: 'pbl', label: 'mTransfer' },
  { id: 31, group: 'pbl', label: 'Płacę z iPKO' },
  { id: 218, group: 'card', label: 'Karta płatnicza' },
];

const escapeHtml = (text) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
const plnFormat = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' });

/** A new account for one stack: the functions get the same values as their secrets. */
function standInAccount() {
  const merchantId = randomInt(100_000, 999_999);
  return {
    merchantId,
    posId: merchantId,
    crc: randomBytes(8).toString('hex'),
    apiKey: randomBytes(16).toString('hex'),
  };
}

/**
 * @param {{ host?: string, port?: number, account?: ReturnType<typeof standInAccount>, log?: (line: string) => void }} [options]
 */
export async function startP24StandIn(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const account = options.account ?? standInAccount();
  const log = options.log ?? (() => {});
  /** @type {Map<string, any>} sessionId → transaction */
  const transactions = new Map();
  const byToken = new Map();
  const control = { notifications: 'send', delayMs: 0, repeat: 1, failVerify: false, refundRefusal: '' };
  let nextOrderId = 300_000_000 + randomInt(0, 1_000_000);
  const pendingTimers = new Set();

  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const apiError = (res, status, error) => json(res, status, { error, code: status });

  function authorised(req) {
    const header = req.headers.authorization ?? '';
    const [scheme, encoded] = header.split(' ');
    if (scheme !== 'Basic' || !encoded) return false;
    const [user, ...rest] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
    return user === String(account.posId) && rest.join(':') === account.apiKey;
  }

  async function readBody(req) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    const type = req.headers['content-type'] ?? '';
    if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
    try {
      return text ? JSON.parse(text) : {};
    } catch {
      return undefined;
    }
  }

  const isInt = (v) => Number.isSafeInteger(v) && v >= 0;

  /** POSTs a signed message, retrying a refusal or no answer a few times (as the provider does). */
  function deliver(url, body, label) {
    const attempt = async (n) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
        await response.text();
        log(`P24 stand-in: ${label} → ${response.status}`);
        if (response.ok) return;
      } catch (error) {
        log(`P24 stand-in: ${label} failed (${error.message})`);
      }
      if (n < 5) schedule(() => attempt(n + 1), 500 * 2 ** n);
    };
    return attempt(0);
  }

  function schedule(fn, ms) {
    const timer = setTimeout(() => {
      pendingTimers.delete(timer);
      fn();
    }, ms);
    pendingTimers.add(timer);
  }

  function notificationOf(t) {
    const n = {
      merchantId: account.merchantId,
      posId: account.posId,
      sessionId: t.sessionId,
      amount: t.amount,
      originAmount: t.amount,
      currency: t.currency,
      orderId: t.orderId,
      methodId: t.methodId,
      statement: t.statement,
    };
    return { ...n, sign: sign('notification', { ...n, crc: account.crc }) };
  }

  function notify(t) {
    if (!t.urlStatus) return;
    if (control.notifications === 'drop') {
      log(`P24 stand-in: notification for ${t.sessionId} dropped (test control)`);
      return;
    }
    for (let i = 0; i < Math.max(1, control.repeat); i++)
      schedule(() => deliver(t.urlStatus, notificationOf(t), `notification ${t.sessionId}`), control.delayMs);
  }

  function pay(t, methodId) {
    if (t.status !== 0) return false;
    t.status = 1; // "advance": paid, waiting for the merchant's verify
    t.methodId = methodId;
    t.orderId = nextOrderId++;
    t.statement = `p24-${t.orderId.toString(36).toUpperCase()} ${t.description}`.slice(0, 100);
    t.paidAt = Date.now();
    notify(t);
    return true;
  }

  function register(body) {
    const required = [
      'merchantId',
      'posId',
      'sessionId',
      'amount',
      'currency',
      'description',
      'email',
      'country',
      'language',
      'urlReturn',
      'sign',
    ];
    const missing = required.filter((f) => body[f] === undefined || body[f] === '');
    if (missing.length) return [400, `Missing parameters: ${missing.join(', ')}`];
    if (!isInt(body.merchantId) || !isInt(body.posId) || !isInt(body.amount) || body.amount < 1)
      return [400, 'Invalid parameter type (merchantId, posId, amount must be integers; amount in grosze)'];
    if (body.merchantId !== account.merchantId) return [400, 'Incorrect merchantId'];
    if (body.posId !== account.posId) return [400, 'Incorrect posId'];
    if (body.currency !== 'PLN') return [400, 'Unsupported currency'];
    if (typeof body.sessionId !== 'string' || body.sessionId.length > 100) return [400, 'Incorrect sessionId'];
    // The documented length limits of TransactionRequestBody.
    for (const [field, max] of Object.entries({ email: 50, description: 1024, urlReturn: 250, urlStatus: 250 }))
      if (body[field] !== undefined && String(body[field]).length > max) return [400, `Incorrect ${field}`];
    if (body.sign !== sign('register', { ...body, crc: account.crc })) return [400, 'Incorrect sign'];
    if (transactions.has(body.sessionId)) return [400, 'Transaction with this sessionId already exists'];
    const token = randomBytes(18).toString('hex').toUpperCase().slice(0, 35);
    const t = {
      sessionId: body.sessionId,
      token,
      amount: body.amount,
      currency: body.currency,
      description: String(body.description),
      email: body.email,
      urlReturn: body.urlReturn,
      urlStatus: body.urlStatus,
      createdAt: Date.now(),
      status: 0,
      refunds: [],
    };
    transactions.set(t.sessionId, t);
    byToken.set(token, t);
    return [200, { data: { token }, responseCode: 0 }];
  }

  function verify(body) {
    const t = transactions.get(body?.sessionId);
    if (!t || !isInt(body.orderId) || body.orderId !== t.orderId) return [400, 'Transaction not found'];
    if (body.merchantId !== account.merchantId || body.posId !== account.posId)
      return [400, 'Incorrect merchantId or posId'];
    if (body.sign !== sign('verify', { ...body, crc: account.crc })) return [400, 'Incorrect sign'];
    if (body.amount !== t.amount || body.currency !== t.currency) return [400, 'Incorrect amount or currency'];
    if (control.failVerify) return [400, 'Verification failed (test control)'];
    if (t.status === 0) return [400, 'Transaction not paid'];
    if (t.status === 1) t.status = 2;
    t.verifiedAt ??= Date.now();
    return [200, { data: { status: 'success' }, responseCode: 0 }];
  }

  function refund(body) {
    if (
      typeof body?.requestId !== 'string' ||
      typeof body.refundsUuid !== 'string' ||
      !Array.isArray(body.refunds) ||
      body.refunds.length === 0
    )
      return [400, 'Missing parameters: requestId, refundsUuid, refunds'];
    // As documented: a refundsUuid asked for before is 400 „Request already exists”; a refund the provider
    // cannot make is 409 with the reason per item (TransactionRefund409Item).
    if ([...transactions.values()].some((t) => t.refunds.some((x) => x.refundsUuid === body.refundsUuid)))
      return [400, 'Request already exists'];
    const results = [];
    const refused = [];
    for (const r of body.refunds) {
      const t = transactions.get(r.sessionId);
      const refunded = t ? t.refunds.reduce((sum, x) => sum + x.amount, 0) : 0;
      const problem =
        !t || r.orderId !== t.orderId
          ? 'Transaction not found'
          : t.status !== 2 && t.status !== 3
            ? 'Transaction in wrong status - cannot refund'
            : !isInt(r.amount) || r.amount < 1 || r.amount > t.amount - refunded
              ? 'The amount of refund exceeds available amount for the transaction'
              : control.refundRefusal;
      if (problem) refused.push({ ...r, status: false, message: problem });
      else results.push({ t, amount: r.amount, description: r.description });
    }
    if (refused.length) return [409, { error: refused, code: 409 }];
    for (const { t, amount } of results) {
      t.refunds.push({ refundsUuid: body.refundsUuid, requestId: body.requestId, amount, at: Date.now() });
      t.status = 3;
      if (body.urlStatus) {
        const n = {
          orderId: t.orderId,
          sessionId: t.sessionId,
          merchantId: account.merchantId,
          requestId: body.requestId,
          refundsUuid: body.refundsUuid,
          amount,
          currency: t.currency,
          timestamp: Math.floor(Date.now() / 1000),
          status: 0,
        };
        const message = { ...n, sign: sign('refundNotification', { ...n, crc: account.crc }) };
        if (control.notifications !== 'drop')
          schedule(() => deliver(body.urlStatus, message, `refund notification ${body.refundsUuid}`), control.delayMs);
      }
    }
    return [
      201,
      {
        data: results.map(({ t, amount, description }) => ({
          orderId: t.orderId,
          sessionId: t.sessionId,
          amount,
          description,
          status: true,
          message: 'success',
        })),
        responseCode: 0,
      },
    ];
  }

  function windowPage(t, message = '') {
    const done = t.status !== 0;
    const methodOptions = METHODS.map(
      (m) =>
        `<label class="method"><input type="radio" name="methodId" value="${m.id}" ${m.id === 154 ? 'checked' : ''}> ${escapeHtml(m.label)}</label>`,
    ).join('');
    return `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Przelewy24 (lokalna atrapa) — płatność</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:1.5rem auto;padding:0 1rem;color:#1a1a1a}
.note{background:#fff4d6;border:1px solid #e0b000;padding:.5rem .75rem;border-radius:6px;font-size:.9rem}
.amount{font-size:1.6rem;font-weight:700}.method{display:block;padding:.5rem;border:1px solid #ccc;border-radius:6px;margin:.35rem 0}
input[type=text]{font-size:1.3rem;letter-spacing:.3rem;width:9rem;padding:.3rem}button{font-size:1rem;padding:.6rem 1rem;margin:.3rem .3rem .3rem 0;border-radius:6px;border:1px solid #888;cursor:pointer}
.pay{background:#d13239;color:#fff;border-color:#d13239}.error{color:#b00020}</style></head><body>
<p class="note">Lokalna atrapa Przelewy24 do testów — żadne pieniądze nie są pobierane.</p>
<h1>Płatność Przelewy24</h1>
<p>${escapeHtml(t.description)}</p>
<p class="amount">${escapeHtml(plnFormat.format(t.amount / 100))}</p>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
${
  done
    ? '<p role="status">Ta płatność została już zakończona.</p>'
    : `<form method="post">
<fieldset><legend>Wybierz metodę płatności</legend>${methodOptions}</fieldset>
<p><label for="blikCode">Kod BLIK (6 cyfr)</label><br><input id="blikCode" name="blikCode" type="text" inputmode="numeric" autocomplete="off" maxlength="6"></p>
<button class="pay" name="action" value="pay">Zapłać</button>
<button name="action" value="decline">Odrzuć płatność (symulacja błędu)</button>
<button name="action" value="abandon">Anuluj i wróć do sklepu</button>
</form>`
}
</body></html>`;
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const p = url.pathname;
      if (p.startsWith('/api/v1/')) {
        if (!authorised(req)) return apiError(res, 401, 'Incorrect authentication');
        if (req.method === 'GET' && p === '/api/v1/testAccess') return json(res, 200, { data: true, error: '' });
        if (req.method === 'GET' && p.startsWith('/api/v1/transaction/by/sessionId/')) {
          const t = transactions.get(decodeURIComponent(p.slice('/api/v1/transaction/by/sessionId/'.length)));
          if (!t) return apiError(res, 404, 'Transaction not found');
          return json(res, 200, {
            data: {
              orderId: t.orderId ?? 0,
              sessionId: t.sessionId,
              status: t.status,
              amount: t.amount,
              currency: t.currency,
              date: new Date(t.createdAt).toISOString(),
              dateOfTransaction: t.paidAt ? new Date(t.paidAt).toISOString() : '',
              clientEmail: t.email,
              paymentMethod: t.methodId ?? 0,
              description: t.description,
              statement: t.statement ?? '',
            },
            responseCode: 0,
          });
        }
        const body = await readBody(req);
        if (body === undefined) return apiError(res, 400, 'Invalid JSON');
        const route = `${req.method} ${p}`;
        const handler = {
          'POST /api/v1/transaction/register': register,
          'PUT /api/v1/transaction/verify': verify,
          'POST /api/v1/transaction/refund': refund,
        }[route];
        if (!handler) return apiError(res, 404, 'Not found');
        const [status, answer] = handler(body);
        return typeof answer === 'string' ? apiError(res, status, answer) : json(res, status, answer);
      }
      if (p.startsWith('/trnRequest/')) {
        const t = byToken.get(p.slice('/trnRequest/'.length));
        if (!t) {
          res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(
            '<!doctype html><html lang="pl"><meta charset="utf-8"><title>Przelewy24</title><p>Nie znaleziono transakcji.</p></html>',
          );
        }
        if (req.method === 'POST') {
          const form = (await readBody(req)) ?? {};
          if (form.action === 'abandon') {
            res.writeHead(303, { location: t.urlReturn });
            return res.end();
          }
          if (form.action === 'decline') {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            return res.end(
              windowPage(t, 'Płatność została odrzucona przez bank. Wybierz inną metodę albo wróć do sklepu.'),
            );
          }
          const methodId = Number(form.methodId);
          const method = METHODS.find((m) => m.id === methodId);
          if (!method)
            return void res
              .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
              .end(windowPage(t, 'Wybierz metodę płatności.'));
          if (method.group === 'blik' && !/^\d{6}$/.test(String(form.blikCode ?? ''))) {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            return res.end(windowPage(t, 'Wpisz 6-cyfrowy kod BLIK z aplikacji banku.'));
          }
          pay(t, methodId);
          res.writeHead(303, { location: t.urlReturn });
          return res.end();
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(windowPage(t));
      }
      if (req.method === 'POST' && p === '/__control') {
        const body = (await readBody(req)) ?? {};
        if (body.notifications === 'send' || body.notifications === 'drop') control.notifications = body.notifications;
        if (isInt(body.delayMs)) control.delayMs = body.delayMs;
        if (isInt(body.repeat) && body.repeat >= 1) control.repeat = body.repeat;
        if (typeof body.failVerify === 'boolean') control.failVerify = body.failVerify;
        if (typeof body.refundRefusal === 'string') control.refundRefusal = body.refundRefusal;
        return json(res, 200, control);
      }
      if (req.method === 'POST' && p === '/__pay') {
        const body = (await readBody(req)) ?? {};
        const t = byToken.get(body.token);
        if (!t) return apiError(res, 404, 'Transaction not found');
        return json(res, 200, {
          paid: pay(t, isInt(body.methodId) ? body.methodId : 154),
          sessionId: t.sessionId,
          orderId: t.orderId,
        });
      }
      if (req.method === 'POST' && p === '/__notify') {
        const body = (await readBody(req)) ?? {};
        const t = transactions.get(body.sessionId);
        if (!t || t.status === 0) return apiError(res, 404, 'No paid transaction with this sessionId');
        deliver(t.urlStatus, notificationOf(t), `notification ${t.sessionId} (again)`);
        return json(res, 200, { sent: true });
      }
      if (req.method === 'GET' && p === '/__transactions')
        return json(res, 200, { transactions: [...transactions.values()], control });
      apiError(res, 404, 'Not found');
    } catch (error) {
      apiError(res, 500, error.message);
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address();
  const url = `http://${host}:${port}`;
  return {
    url,
    account,
    stop: () => {
      for (const timer of pendingTimers) clearTimeout(timer);
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
