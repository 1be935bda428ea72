import { defineSecret } from 'firebase-functions/params';

/**
 * The SMTP server, as the Trigger Email extension takes it: smtps://user:password@smtp.example.com:465.
 * Production keeps it in Secret Manager (`firebase functions:secrets:set SMTP_CONNECTION_URI`); the
 * emulator reads functions/.secret.local. Tiny module: the function entry imports it at load time.
 */
export const smtpConnectionUri = defineSecret('SMTP_CONNECTION_URI');
