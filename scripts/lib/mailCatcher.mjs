// The local stack's mail catcher: a real SMTP server (smtp-server, from the nodemailer project) that
// keeps every message it receives in memory instead of delivering it, with a small web inbox and a
// JSON API the tests read. Nothing received here can leave the machine.
//
// It behaves like a strict relay where that matters for the outbox: recipients in the reserved
// `.invalid` top-level domain (RFC 2606) are refused with 550 (a bad address), a message over the size
// limit is refused with 552 (too large), and the SMTP listener can be stopped and started again on the
// same port (server down) — through the API, so the tests exercise the real failure paths.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const KEEP_MESSAGES = 1000;

function smtpError(code, message) {
  return Object.assign(new Error(message), { responseCode: code });
}

const escapeHtml = (text) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/**
 * @param {{ host?: string, smtpPort?: number, httpPort?: number, maxBytes?: number, log?: (line: string) => void }} [options]
 *   ports 0 = free ones (tests)
 */
export async function startMailCatcher(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const state = { maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES, smtpRunning: false, nextId: 1 };
  /** @type {{ id: number, receivedAt: number, envelope: { from: string, to: string[] }, raw: Buffer, parsed?: Promise<any> }[]} */
  const messages = [];
  let smtpPort = options.smtpPort ?? 0;
  let smtp;

  const parsed = (message) => (message.parsed ??= simpleParser(message.raw));

  function createSmtp() {
    return new SMTPServer({
      name: 'mail-catcher.local',
      banner: 'Panel Uczestnika mail catcher (local only)',
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: state.maxBytes,
      logger: false,
      onRcptTo(address, _session, callback) {
        if (/\.invalid$/i.test(address.address))
          return callback(smtpError(550, `5.1.1 <${address.address}>: Recipient address rejected: no such domain`));
        callback();
      },
      onData(stream, session, callback) {
        const chunks = [];
        let bytes = 0;
        stream.on('data', (chunk) => {
          bytes += chunk.length;
          if (bytes <= state.maxBytes) chunks.push(chunk);
        });
        stream.on('end', () => {
          if (bytes > state.maxBytes || stream.sizeExceeded)
            return callback(
              smtpError(552, `5.3.4 Message size exceeds fixed maximum message size (${state.maxBytes} bytes)`),
            );
          const message = {
            id: state.nextId++,
            receivedAt: Date.now(),
            envelope: {
              from: session.envelope.mailFrom?.address ?? '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            raw: Buffer.concat(chunks),
          };
          messages.push(message);
          if (messages.length > KEEP_MESSAGES) messages.splice(0, messages.length - KEEP_MESSAGES);
          callback(null, `Message queued as ${message.id}`);
        });
      },
    });
  }

  async function startSmtp() {
    if (state.smtpRunning) return;
    smtp = createSmtp();
    await new Promise((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(smtpPort, host, () => {
        smtp.removeListener('error', reject);
        smtpPort = smtp.server.address().port;
        resolve();
      });
    });
    smtp.on('error', (error) => log(`Mail catcher SMTP error: ${error.message}`));
    state.smtpRunning = true;
  }

  async function stopSmtp() {
    if (!state.smtpRunning) return;
    state.smtpRunning = false;
    // Closes the listener at once (connection refused from now on) and ends open sessions.
    await new Promise((resolve) => smtp.close(resolve));
  }

  async function summary(message) {
    const mail = await parsed(message);
    return {
      id: message.id,
      receivedAt: new Date(message.receivedAt).toISOString(),
      envelope: message.envelope,
      messageId: mail.messageId ?? null,
      from: mail.from?.text ?? '',
      to: mail.to?.text ?? '',
      subject: mail.subject ?? '',
      size: message.raw.length,
      attachments: (mail.attachments ?? []).map((a, index) => ({
        index,
        filename: a.filename ?? null,
        contentType: a.contentType,
        size: a.size,
        contentId: a.cid ?? null,
        inline: a.contentDisposition === 'inline',
      })),
    };
  }

  const send = (res, status, body, type = 'application/json; charset=utf-8') => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
  };
  const readJson = (req) =>
    new Promise((resolve, reject) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        try {
          resolve(text ? JSON.parse(text) : {});
        } catch (error) {
          reject(error);
        }
      });
    });

  async function inboxPage() {
    const rows = await Promise.all([...messages].reverse().map(summary));
    const items = rows
      .map(
        (m) =>
          `<tr><td>${escapeHtml(new Date(m.receivedAt).toLocaleString('pl-PL', { timeZone: 'Europe/Warsaw' }))}</td><td>${escapeHtml(m.to)}</td><td><a href="/api/messages/${m.id}/html">${escapeHtml(m.subject)}</a></td><td>${m.attachments
            .filter((a) => !a.inline)
            .map(
              (a) =>
                `<a href="/api/messages/${m.id}/attachments/${a.index}">${escapeHtml(a.filename ?? 'załącznik')}</a>`,
            )
            .join(', ')}</td><td><a href="/api/messages/${m.id}/raw">źródło</a></td></tr>`,
      )
      .join('');
    return `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Skrzynka testowa — Panel Uczestnika</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#14223b}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dde3ee;padding:.5rem;text-align:left;vertical-align:top}a{color:#0a2a66}</style></head>
<body><h1>Skrzynka testowa</h1><p>Wiadomości wysłane przez lokalne funkcje (${messages.length}). Nic z tej skrzynki nie opuszcza komputera. Serwer SMTP: ${state.smtpRunning ? `działa na porcie ${smtpPort}` : 'zatrzymany'}.</p>
<table><thead><tr><th>Odebrano</th><th>Do</th><th>Temat</th><th>Załączniki</th><th></th></tr></thead><tbody>${items || '<tr><td colspan="5">Brak wiadomości.</td></tr>'}</tbody></table></body></html>`;
  }

  const httpServer = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://catcher');
      const parts = url.pathname.split('/').filter(Boolean);
      if (req.method === 'GET' && url.pathname === '/')
        return send(res, 200, await inboxPage(), 'text/html; charset=utf-8');
      if (parts[0] !== 'api') return send(res, 404, { error: 'not found' });
      if (parts[1] === 'smtp' && parts.length === 2) {
        if (req.method === 'PUT') {
          const body = await readJson(req);
          if (Number.isSafeInteger(body.maxBytes) && body.maxBytes > 0) {
            state.maxBytes = body.maxBytes;
            if (smtp) smtp.options.size = body.maxBytes;
          }
          if (body.running === false) await stopSmtp();
          if (body.running === true) await startSmtp();
        }
        return send(res, 200, { running: state.smtpRunning, port: smtpPort, maxBytes: state.maxBytes });
      }
      if (parts[1] !== 'messages') return send(res, 404, { error: 'not found' });
      if (parts.length === 2) {
        if (req.method === 'DELETE') {
          messages.length = 0;
          return send(res, 200, { deleted: true });
        }
        return send(res, 200, await Promise.all(messages.map(summary)));
      }
      const message = messages.find((m) => m.id === Number(parts[2]));
      if (!message) return send(res, 404, { error: 'no such message' });
      const mail = await parsed(message);
      if (parts.length === 3)
        return send(res, 200, {
          ...(await summary(message)),
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          headers: Object.fromEntries(
            [...mail.headers].map(([k, v]) => [k, typeof v === 'string' ? v : (v?.text ?? JSON.stringify(v))]),
          ),
        });
      if (parts[3] === 'raw') return send(res, 200, message.raw, 'message/rfc822');
      if (parts[3] === 'html') {
        // Inline images (cid:) point at the attachment URLs so the browser shows them.
        const attachments = mail.attachments ?? [];
        const html = (typeof mail.html === 'string' ? mail.html : `<pre>${escapeHtml(mail.text)}</pre>`).replace(
          /cid:([^"'\s)]+)/g,
          (whole, cid) => {
            const index = attachments.findIndex((a) => a.cid === cid);
            return index >= 0 ? `/api/messages/${message.id}/attachments/${index}` : whole;
          },
        );
        return send(res, 200, html, 'text/html; charset=utf-8');
      }
      if (parts[3] === 'attachments' && parts[4] !== undefined) {
        const attachment = mail.attachments?.[Number(parts[4])];
        if (!attachment) return send(res, 404, { error: 'no such attachment' });
        return send(res, 200, attachment.content, attachment.contentType);
      }
      return send(res, 404, { error: 'not found' });
    } catch (error) {
      send(res, 500, { error: error.message });
    }
  });

  await startSmtp();
  await new Promise((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.httpPort ?? 0, host, () => resolve());
  });
  const httpPort = httpServer.address().port;

  return {
    host,
    get smtpPort() {
      return smtpPort;
    },
    httpPort,
    smtpUrl: `smtp://${host}:${smtpPort}`,
    url: `http://${host}:${httpPort}`,
    async stop() {
      await stopSmtp();
      httpServer.closeAllConnections?.();
      await new Promise((resolve) => httpServer.close(() => resolve()));
    },
  };
}
