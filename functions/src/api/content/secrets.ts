import { defineSecret } from 'firebase-functions/params';

/**
 * The key that signs newsletter unsubscribe links. In production it lives in Secret Manager
 * (`firebase functions:secrets:set UNSUBSCRIBE_SECRET`) and is bound to the `api` function, which
 * exposes it as an environment variable. Tiny module: the function entry imports it at load time.
 */
export const unsubscribeSecret = defineSecret('UNSUBSCRIBE_SECRET');
