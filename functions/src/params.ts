import { defineSecret, defineString } from 'firebase-functions/params';

// What a project must give the functions before they deploy, declared with firebase-functions/params so
// that `firebase deploy` knows them: the secrets (Secret Manager; functions/.secret.local on the
// emulator) and the plain parameters (functions/.env.<project-id>). Declarations only: the values are
// read once, with every other setting, by functions/src/config.ts. Tiny on purpose: functions/src/index.ts
// imports it at load to bind the secrets, and the cold import must stay cheap (npm run bench -- import).

/** Signs every link the shop mails (unsubscribe, stock alert, organiser): bound to `api`. */
export const unsubscribeSecret = defineSecret('UNSUBSCRIBE_SECRET');

/** The SMTP server, as the Trigger Email extension takes it (smtps://user:password@host:465): bound to the mail functions. */
export const smtpConnectionUri = defineSecret('SMTP_CONNECTION_URI');

/** The web app's API key, with which the API calls Identity Toolkit (functions/src/lib/identity-toolkit.ts). */
export const webApiKey = defineString('WEB_API_KEY');
