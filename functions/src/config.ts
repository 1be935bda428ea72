import { z } from 'zod';

// The functions' one door to their configuration: every environment variable, secret and parameter the
// code uses is named and parsed here, once per process, with zod; a bad value fails with its name (never
// its value). No other module reads process.env (eslint's no-restricted-properties), and
// `npm run deploy:check` compares ENV_NAMES with the table of docs/deploy.md. The secrets are declared for
// the deploy in functions/src/params.ts; their values arrive here as environment variables, as the
// platform (or the emulator, from functions/.secret.local) sets them.
//
// Nothing reads it at import time on the cold path: functions/src/index.ts loads the modules that need it
// on the first request or event, and zod with them (it costs ~40 ms to load).

/** An unset variable and an empty one mean the same: not set. */
const unset = (v: unknown) => (v === '' ? undefined : v);
const text = () => z.preprocess(unset, z.string().optional());
const url = () => z.preprocess(unset, z.url().optional());
const count = (min: number) => z.preprocess(unset, z.coerce.number().int().min(min).optional());
const flag = () => z.preprocess(unset, z.enum(['true', 'false']).optional());

const envSchema = z.object({
  // Set by the platform, the Functions emulator or the Firebase CLI, in their own formats: taken as they
  // come (the emulator's worker gets a socket path in PORT, for one).
  GCLOUD_PROJECT: text(),
  GCP_PROJECT: text(),
  K_SERVICE: text(),
  K_REVISION: text(),
  FUNCTIONS_EMULATOR: flag(),
  PORT: text(),
  FIREBASE_AUTH_EMULATOR_HOST: text(),
  FIRESTORE_EMULATOR_HOST: text(),
  // Set by the local scripts (scripts/lib/firebase-env.mjs), never in a project.
  HOSTING_URL: url(),
  MAILDEV_SMTP_URL: url(),
  // Secrets (functions/src/params.ts).
  UNSUBSCRIBE_SECRET: text(),
  SMTP_CONNECTION_URI: text(),
  LINE_CHANNEL_SECRET: text(),
  // The project's own settings (functions/.env.<project-id>, docs/deploy.md).
  WEB_API_KEY: text(),
  SITE_URL: url(),
  MAIL_FROM: text(),
  MAIL_REPLY_TO: text(),
  MAIL_PER_MINUTE: count(0),
  APP_VERSION: text(),
  TRUSTED_PROXY_HOPS: count(0),
  API_DEADLINE_MS: count(1),
  ALLOC_DEADLINE_MS: count(1),
  ALLOC_LEASE_MS: count(1),
  CATALOGUE_TTL_MS: count(0),
  // Sign in with LINE (docs/accounts.md): the LINE Login channel, and LINE's two endpoints (production's
  // by default; the local scripts point them at the offline stand-in, scripts/lib/line-stand-in.mjs).
  LINE_CHANNEL_ID: z.preprocess(unset, z.string().regex(/^\d{6,20}$/, 'digits').optional()),
  LINE_AUTHORIZE_URL: url(),
  LINE_TOKEN_URL: url(),
  // Test and bench runs only.
  LOG_LEVEL: z.preprocess(unset, z.enum(['silent']).optional()),
  RATE_LIMIT_NAMESPACE: text(),
  RATE_LIMIT_TEST_SECRET: text(),
});

/** Every environment variable the functions read (npm run deploy:check lists them against docs/deploy.md). */
export const ENV_NAMES: readonly string[] = Object.keys(envSchema.shape);

type Env = z.infer<typeof envSchema>;

function derive(e: Env) {
  const inEmulator = e.FUNCTIONS_EMULATOR === 'true';
  return {
    projectId: e.GCLOUD_PROJECT ?? e.GCP_PROJECT ?? 'demo-bookstore',
    /** In the Functions emulator (not the plain server of functions/src/server.ts, not a test process). */
    inEmulator,
    /** A deployed function: the platform names the service, and it is not the emulator. */
    deployed: !!e.K_SERVICE && !inEmulator,
    revision: e.K_REVISION ?? null,
    /** functions/src/server.ts's port (0: any free one). */
    port: e.PORT !== undefined && /^\d{1,5}$/.test(e.PORT) ? Number(e.PORT) : 3000,
    /** The shop's address, without a trailing slash: SITE_URL, else the Hosting emulator's. */
    siteUrl: (e.SITE_URL ?? e.HOSTING_URL)?.replace(/\/+$/, ''),
    /** The key of every signed link; functions/src/lib/signer.ts decides what happens without one. */
    linkSecret: e.UNSUBSCRIBE_SECRET,
    /** The Auth emulator, when the process runs against it (then any API key works). */
    authEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    /** Against the emulators: only then may a test name its own rate-limit client. */
    againstEmulators: !!e.FIRESTORE_EMULATOR_HOST,
    webApiKey: e.WEB_API_KEY,
    mail: {
      /** MailDev's address counts only in the Functions emulator; a deployed function sends through the secret's server. */
      smtpUrl: (inEmulator ? e.MAILDEV_SMTP_URL : undefined) ?? e.SMTP_CONNECTION_URI ?? '',
      from: e.MAIL_FROM,
      replyTo: e.MAIL_REPLY_TO,
      /** The provider's limit of mails a minute; 0: no pacing. */
      perMinute: e.MAIL_PER_MINUTE ?? 0,
    },
    appVersion: e.APP_VERSION,
    /** Sign in with LINE: null until the channel id and its secret are both given. */
    line:
      e.LINE_CHANNEL_ID && e.LINE_CHANNEL_SECRET
        ? {
            channelId: e.LINE_CHANNEL_ID,
            channelSecret: e.LINE_CHANNEL_SECRET,
            authorizeUrl: e.LINE_AUTHORIZE_URL ?? 'https://access.line.me/oauth2/v2.1/authorize',
            tokenUrl: e.LINE_TOKEN_URL ?? 'https://api.line.me/oauth2/v2.1/token',
          }
        : null,
    rateLimits: { namespace: e.RATE_LIMIT_NAMESPACE ?? '', trustedHops: e.TRUSTED_PROXY_HOPS, testSecret: e.RATE_LIMIT_TEST_SECRET },
    /**
     * How long one instance keeps the launched catalogue and the plans' offers (functions/src/data/products.ts);
     * the test stack (scripts/test.mjs) shortens it so that a book launched by a test is listed everywhere soon.
     */
    catalogueTtlMs: e.CATALOGUE_TTL_MS ?? 30_000,
    deadlines: { readMs: e.API_DEADLINE_MS ?? 10_000, allocMs: e.ALLOC_DEADLINE_MS ?? 40_000, leaseMs: e.ALLOC_LEASE_MS ?? 5_000 },
    logSilent: e.LOG_LEVEL === 'silent',
  };
}

export type Config = ReturnType<typeof derive>;

/** The configuration these variables describe; throws naming each bad variable (its value stays out of the message). */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const r = envSchema.safeParse(env);
  if (!r.success) {
    const bad = r.error.issues.map((i) => `${i.path.join('.')} (${i.message})`).join(', ');
    throw new Error(`Invalid configuration: ${bad}; see docs/deploy.md`);
  }
  return derive(r.data);
}

let parsed: Config | undefined;

/** This process's configuration, parsed on first use. */
export function config(): Config {
  parsed ??= parseConfig(process.env);
  return parsed;
}

/**
 * Forgets the parsed configuration, so that the next call reads the environment again. Only for test
 * files that share one module graph and each set their own variables first (tests/helpers/rate-limit-namespace.ts);
 * a running function never changes its environment.
 */
export function forgetConfig(): void {
  parsed = undefined;
}
