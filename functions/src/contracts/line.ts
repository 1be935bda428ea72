import { z } from 'zod';
import { emailSchema, textSchema } from './common';

// Sign in with LINE (docs/accounts.md, "Sign in with LINE"): what the browser sends and is answered.

/** `signIn`: sign in (or create the LINE account); `link`: add LINE to the signed-in member's account. */
export const lineStartInputSchema = z.object({
  purpose: z.enum(['signIn', 'link']),
  /** Where to go afterwards: a same-site path, checked again by the web before it follows it. */
  redirect: textSchema.max(512).regex(/^\/(?![/\\])/, '請提供站內路徑').optional(),
});
export type LineStartInput = z.infer<typeof lineStartInputSchema>;

export const lineStartAnswerSchema = z
  .object({ authorizeUrl: textSchema.meta({ description: "LINE's authorization URL, with state, nonce and the PKCE challenge" }) })
  .meta({ id: 'LineStart' });

/** What LINE sent back to /user/line/callback. */
export const lineCallbackInputSchema = z.object({
  code: textSchema.min(1).max(512),
  state: textSchema.min(1).max(128),
});
export type LineCallbackInput = z.infer<typeof lineCallbackInputSchema>;

export const lineCallbackAnswerSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('signedIn'),
      idToken: textSchema,
      refreshToken: textSchema,
      expiresIn: textSchema.meta({ description: 'Seconds, as a string' }),
      localId: textSchema,
      email: textSchema.meta({ description: "The account's email ('' when it has none yet)" }),
      displayName: textSchema,
      picture: textSchema,
      isNewUser: z.boolean(),
      /** The account has no email yet: the web asks for one (the shop needs it to sell). */
      needsEmail: z.boolean(),
      /** LINE's email belongs to another account: it was not used (never linked by email alone). */
      emailTaken: z.boolean(),
      redirect: textSchema,
    }),
    z.object({ kind: z.literal('linked'), redirect: textSchema }),
  ])
  .meta({ id: 'LineCallback' });
export type LineCallbackAnswer = z.infer<typeof lineCallbackAnswerSchema>;

export const lineEmailInputSchema = z.object({ email: emailSchema });
export type LineEmailInput = z.infer<typeof lineEmailInputSchema>;

/** The address the mail went to, and a new session (a new email revokes the account's earlier sign-ins). */
export const lineEmailAnswerSchema = z
  .object({ email: textSchema, idToken: textSchema, refreshToken: textSchema, expiresIn: textSchema })
  .meta({ id: 'LineEmail' });

/** The signed-in member's LINE link, for the profile. */
export const lineLinkSchema = z
  .object({
    linked: z.boolean(),
    /** The account is a LINE account of its own (uid `line:<LINE user id>`): LINE is its way in, not a link. */
    ownAccount: z.boolean(),
    name: textSchema.meta({ description: "LINE's display name at the time of linking ('' when not linked)" }),
  })
  .meta({ id: 'LineLink' });
export type LineLink = z.infer<typeof lineLinkSchema>;
