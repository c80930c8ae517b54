// E-mail in the web app: the admin „Poczta” view and the participant's notification setting (docs/email.md).
export { MailTab } from './MailTab';
export { MailPrefsField } from './MailPrefsField';
