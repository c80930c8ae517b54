// Reading the local mail catcher (scripts/lib/mailCatcher.mjs) through its HTTP API: used by the
// functions and end-to-end tests, which see exactly what an SMTP server received.

/** Every message received so far: `{id, messageId, envelope: {from, to}, to, subject, size, attachments}`. */
export async function listMail(inboxUrl) {
  const response = await fetch(`${inboxUrl}/api/messages`);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  return response.json();
}

/** One message with its `text`, `html` and `headers`. */
export async function readMail(inboxUrl, id) {
  const response = await fetch(`${inboxUrl}/api/messages/${id}`);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status} for message ${id}`);
  return response.json();
}

/** An attachment's bytes. */
export async function mailAttachment(inboxUrl, id, index) {
  const response = await fetch(`${inboxUrl}/api/messages/${id}/attachments/${index}`);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status} for attachment ${index} of ${id}`);
  return Buffer.from(await response.arrayBuffer());
}

/** Messages whose Message-ID is `<outboxId@…>`. */
export async function mailByOutboxId(inboxUrl, outboxId) {
  return (await listMail(inboxUrl)).filter((m) => m.messageId?.startsWith(`<${outboxId}@`));
}

/** Waits (polling, no fixed sleep) until a message satisfies `match`; returns it with its text and html. */
export async function waitForMail(inboxUrl, match, { timeoutMs = 60_000 } = {}) {
  const started = Date.now();
  for (;;) {
    const found = (await listMail(inboxUrl)).find(match);
    if (found) return { ...found, ...(await readMail(inboxUrl, found.id)) };
    if (Date.now() - started > timeoutMs) throw new Error(`No e-mail matched within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Deletes every message received so far (a test file that empties the database starts with an empty inbox too). */
export async function clearMail(inboxUrl) {
  const response = await fetch(`${inboxUrl}/api/messages`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
}

/** Stops or starts the catcher's SMTP listener and sets its message size limit. */
export async function setSmtp(inboxUrl, settings) {
  const response = await fetch(`${inboxUrl}/api/smtp`, { method: 'PUT', body: JSON.stringify(settings) });
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  return response.json();
}
