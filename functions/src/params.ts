import { defineSecret } from 'firebase-functions/params';

// The secrets a project must give the functions before they deploy, declared with firebase-functions/params
// so that `firebase deploy` binds them (Secret Manager; functions/.secret.local on the emulator).
// Declarations only: the values are read once, with every other setting, by functions/src/config.ts.
// The plain settings (WEB_API_KEY, SITE_URL, …) are variables of functions/.env.<project-id>, not
// defineString parameters: a parameter declared at load makes the Functions emulator stop and prompt
// for its value. Tiny on purpose: functions/src/index.ts
// imports it at load to bind the secrets, and the cold import must stay cheap (npm run bench -- import).

/** Signs every link the shop mails (unsubscribe, stock alert, organiser): bound to `api`. */
export const unsubscribeSecret = defineSecret('UNSUBSCRIBE_SECRET');

/** The SMTP server, as the Trigger Email extension takes it (smtps://user:password@host:465): bound to the mail functions. */
export const smtpConnectionUri = defineSecret('SMTP_CONNECTION_URI');

/** The LINE Login channel's secret: exchanges the code and verifies LINE's HS256 ID tokens (docs/accounts.md). Bound to `api`. */
export const lineChannelSecret = defineSecret('LINE_CHANNEL_SECRET');
