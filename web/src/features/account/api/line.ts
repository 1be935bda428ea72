import type { LineCallbackInput, LineStartInput } from '@contracts/line';
import { api } from '@/lib/api-client';

// Sign in with LINE's calls (functions/src/contracts/line.ts; docs/accounts.md "Sign in with LINE").

/** LINE's authorization URL for a new login; a `link` carries the member's token. */
export const startLine = (input: LineStartInput) => api('POST /api/auth/line/start', { body: input }, { auth: input.purpose === 'link' });
/** The code LINE sent back: signed in (tokens) or, for a link, linked (the member's token goes with it). */
export const finishLine = (input: LineCallbackInput) => api('POST /api/auth/line/callback', { body: input });
export const setLineEmail = (email: string) => api('POST /api/auth/line/email', { body: { email } });
export const getLineLink = () => api('GET /api/auth/line/link', {});
export const unlinkLine = () => api('DELETE /api/auth/line/link', {});
