// The offline stand-in for LINE Login (docs/accounts.md, "Sign in with LINE"): a real OpenID Connect
// server (npm `oidc-provider`) with LINE Login v2.1's paths (/oauth2/v2.1/authorize and /token), issuer
// https://access.line.me, LINE's claims (sub `U` + 32 hex digits, name, email only when the member allows
// it) and the ID token signed with HS256 and the channel secret, as LINE signs a web login's. It serves a
// login page and a consent page (許可 / 取消: 取消 answers error=access_denied, as LINE does) in Chinese.
// Port 5055 + EMULATOR_PORT_OFFSET, on 127.0.0.1; development and tests only: nothing deployed knows it.
//
// Accounts: the demo LINE user line-demo@example.com / line1234; any other address with the password
// line1234 is a LINE user of its own (its id derived from the address), so each test signs in as a new
// one. Two kinds of address make the token endpoint misbehave for the tests (and only them):
// `expired-token…@…` gets an ID token that expired an hour ago, `wrong-key…@…` one signed with another key.
import { createHash, createHmac, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BASE_PORT = 5055;
/** A LINE Login channel id's shape; the stand-in's own (no real channel has it). */
export const DEV_CHANNEL_ID = '1000000001';
export const DEMO_LINE_USER = { email: 'line-demo@example.com', password: 'line1234', name: '林小綠' };
const ISSUER = 'https://access.line.me';

export function linePort() {
  return BASE_PORT + Number(process.env.EMULATOR_PORT_OFFSET || 0);
}

/** The channel secret of functions/.secret.local (the Functions emulator's): the stand-in signs with it. */
export function devLineSecret() {
  const file = path.join(ROOT, 'functions', '.secret.local');
  const m = existsSync(file) ? /^LINE_CHANNEL_SECRET=(.+)$/m.exec(readFileSync(file, 'utf8')) : null;
  return m ? m[1].trim() : '';
}

/** The variables every emulator run and test gets: the functions' LINE settings point at the stand-in. */
export function lineEnv() {
  const url = `http://127.0.0.1:${linePort()}`;
  return {
    LINE_CHANNEL_ID: DEV_CHANNEL_ID,
    LINE_AUTHORIZE_URL: `${url}/oauth2/v2.1/authorize`,
    LINE_TOKEN_URL: `${url}/oauth2/v2.1/token`,
    LINE_STAND_IN_URL: url,
  };
}

const subOf = (email) => `U${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)}`;
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const b64 = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** The accounts signed in so far (the stand-in's own memory: it is one process, and forgets on restart). */
const accounts = new Map();

function page(title, body) {
  return `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{margin:0;font-family:system-ui,"Noto Sans TC",sans-serif;background:#f5f5f5;color:#111}header{background:#06c755;color:#fff;padding:14px 16px;font-weight:700;font-size:20px}
main{max-width:400px;margin:24px auto;background:#fff;border-radius:8px;padding:20px;box-shadow:0 1px 4px #0002}label{display:block;margin:12px 0 4px}input[type=email],input[type=password]{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #bbb;border-radius:6px}
button{width:100%;padding:12px;margin-top:14px;font-size:16px;border-radius:6px;border:0;cursor:pointer}.ok{background:#06c755;color:#fff}.cancel{background:#e0e0e0;color:#111}.note{color:#555;font-size:14px}h1{font-size:22px}.err{color:#b00020}</style></head>
<body><header>LINE</header><main>${body}<p class="note">這是 LINE 登入的離線替身，只在開發與測試中使用。</p></main></body></html>`;
}

async function readForm(req) {
  let raw = '';
  for await (const chunk of req) {
    raw += chunk;
    if (raw.length > 10_000) break;
  }
  return new URLSearchParams(raw);
}

/**
 * Starts the stand-in (a server already answering on the port is used as it is) and resolves with its
 * address and a stop() for the caller's exit path.
 */
export async function startLineStandIn({ redirectUris } = {}) {
  const url = lineEnv().LINE_STAND_IN_URL;
  try {
    const res = await fetch(`${url}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(1000) });
    if (res.ok) return { url, stop: () => {} };
  } catch {
    // not running yet
  }
  const secret = devLineSecret();
  if (!secret) throw new Error('functions/.secret.local has no LINE_CHANNEL_SECRET: the LINE stand-in cannot sign');
  const { default: Provider, errors } = await import('oidc-provider');
  const offset = Number(process.env.EMULATOR_PORT_OFFSET || 0);
  const uris = redirectUris ?? [5000, 5173].map((p) => `http://127.0.0.1:${p + offset}/user/line/callback`);
  // RS256 keys are what oidc-provider signs its own artefacts with; the ID token itself is HS256.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(ISSUER, {
    clients: [
      {
        client_id: DEV_CHANNEL_ID,
        client_secret: secret,
        redirect_uris: uris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'HS256',
      },
    ],
    jwks: { keys: [privateKey.export({ format: 'jwk' })] },
    enabledJWA: { idTokenSigningAlgValues: ['HS256', 'RS256'] },
    routes: { authorization: '/oauth2/v2.1/authorize', token: '/oauth2/v2.1/token', userinfo: '/v2/profile', jwks: '/oauth2/v2.1/certs' },
    scopes: ['openid', 'profile', 'email'],
    claims: { openid: ['sub'], profile: ['name', 'picture'], email: ['email'] },
    // LINE puts the profile (and the email) in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, userinfo: { enabled: true } },
    cookies: { keys: [createHash('sha256').update(`line-stand-in${secret}`).digest('hex')] },
    ttl: { AuthorizationCode: 600, IdToken: 3600, AccessToken: 2_592_000, Interaction: 3600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const a = accounts.get(sub);
      return a ? { accountId: sub, claims: () => ({ sub, name: a.name, ...(a.email ? { email: a.email } : {}) }) } : undefined;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('錯誤', `<h1>錯誤</h1><p class="err">${esc(out.error)}: ${esc(out.error_description ?? '')}</p>`);
    },
  });
  provider.proxy = false;

  // The test accounts' misbehaving ID tokens, made after the provider answered the token request.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/oauth2/v2.1/token' || typeof ctx.body?.id_token !== 'string') return;
    const [, payload] = ctx.body.id_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const fault = accounts.get(claims.sub)?.fault;
    if (!fault) return;
    const now = Math.floor(Date.now() / 1000);
    const changed = fault === 'expired' ? { ...claims, iat: now - 7200, exp: now - 3600 } : claims;
    const key = fault === 'wrongKey' ? 'not-the-channel-secret' : secret;
    const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(changed)}`;
    ctx.body = { ...ctx.body, id_token: `${head}.${createHmac('sha256', key).update(head).digest('base64url')}` };
  });

  const oidc = provider.callback();
  const server = http.createServer((req, res) => {
    const m = /^\/interaction\/([\w-]+)(?:\/(login|confirm|abort))?$/.exec(new URL(req.url ?? '/', url).pathname);
    if (!m) return oidc(req, res);
    interaction(req, res, m[2]).catch((err) => {
      res.statusCode = err instanceof errors.SessionNotFound ? 400 : 500;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(page('錯誤', `<p class="err">${esc(err.message)}</p>`));
    });
  });

  async function interaction(req, res, action) {
    const details = await provider.interactionDetails(req, res);
    const { uid, prompt, params } = details;
    const html = (body) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(page('LINE 登入', body));
    };
    if (req.method === 'POST' && action === 'abort') {
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user has not granted permissions' }, { mergeWithLastSubmission: false });
    }
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const email = (form.get('email') ?? '').trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+$/.test(email) || form.get('password') !== DEMO_LINE_USER.password) return html(loginForm(uid, email, '電子郵件帳號或密碼錯誤'));
      const sub = subOf(email);
      const local = email.split('@')[0];
      const fault = local.startsWith('expired-token') ? 'expired' : local.startsWith('wrong-key') ? 'wrongKey' : undefined;
      accounts.set(sub, { email, name: email === DEMO_LINE_USER.email ? DEMO_LINE_USER.name : local.slice(0, 20), fault });
      return provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
    }
    if (req.method === 'POST' && action === 'confirm') {
      const form = await readForm(req);
      const grant = new provider.Grant({ accountId: details.session.accountId, clientId: params.client_id });
      const shareEmail = form.get('email') === 'on';
      grant.addOIDCScope(shareEmail ? 'openid profile email' : 'openid profile');
      if (!shareEmail) grant.rejectOIDCScope('email');
      const grantId = await grant.save();
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    if (prompt.name === 'login') return html(loginForm(uid, '', ''));
    const account = accounts.get(details.session?.accountId);
    return html(`<h1>青嶼書房 要求存取您的 LINE 帳號</h1>
<p>以 <strong>${esc(account?.name ?? '')}</strong> 的身分登入。允許後，青嶼書房 可以取得：</p>
<form method="post" action="/interaction/${esc(uid)}/confirm">
<p>✓ 您的個人檔案（名稱、大頭貼）</p>
<label><input type="checkbox" name="email" checked> 電子郵件帳號（${esc(account?.email ?? '')}）</label>
<button class="ok" type="submit">許可</button></form>
<form method="post" action="/interaction/${esc(uid)}/abort"><button class="cancel" type="submit">取消</button></form>`);
  }

  function loginForm(uid, email, error) {
    return `<h1>LINE 登入</h1>${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/interaction/${esc(uid)}/login">
<label for="email">電子郵件帳號</label><input id="email" name="email" type="email" autocomplete="username" value="${esc(email)}" required>
<label for="password">密碼</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button class="ok" type="submit">登入</button></form>
<form method="post" action="/interaction/${esc(uid)}/abort"><button class="cancel" type="submit">取消</button></form>
<p class="note">示範帳號：${esc(DEMO_LINE_USER.email)}／${esc(DEMO_LINE_USER.password)}</p>`;
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(linePort(), '127.0.0.1', resolve);
  });
  return { url, stop: () => server.close() };
}

// `node scripts/lib/line-stand-in.mjs`: the stand-in alone (e.g. beside `npm run emulators`).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const s = await startLineStandIn();
  console.log(`LINE stand-in at ${s.url} (demo LINE user ${DEMO_LINE_USER.email} / ${DEMO_LINE_USER.password})`);
}
