/**
 * Where e-mail goes. Production: the SMTP connection is the Functions secret `SMTP_URL`
 * (`smtps://user:password@smtp.example.com:465`), set with `firebase functions:secrets:set SMTP_URL`;
 * the sender and the app's address come from `functions/.env` (`MAIL_FROM`, `APP_URL`) — see README.
 * Locally the stack puts `SMTP_URL` (the mail catcher), `MAIL_FROM` and `APP_URL` in the environment of
 * the Functions emulator (scripts/lib/stack.mjs), and then no secret is declared (lib/secrets.ts): the
 * emulator would try to read it from Secret Manager, which a demo project cannot reach.
 */
interface MailConfig {
  /** null when not configured: messages stay in the outbox with that reason. */
  smtpUrl: string | null;
  from: string;
  /** Origin of the web app, for links in messages (no trailing slash). */
  appUrl: string;
  /** Domain of the Message-ID header (`<outbox id@domain>`). */
  messageIdDomain: string;
}

export function mailConfig(): MailConfig {
  const from = process.env.MAIL_FROM?.trim() || 'Panel Uczestnika <powiadomienia@panel-uczestnika.local>';
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return {
    smtpUrl: process.env.SMTP_URL?.trim() || null,
    from,
    appUrl: (process.env.APP_URL?.trim() || 'http://127.0.0.1:5173').replace(/\/+$/, ''),
    messageIdDomain: address.split('@')[1] || 'panel-uczestnika.local',
  };
}
