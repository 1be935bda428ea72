import { HOSTING_URL, testClientHeaders } from './emulators';

// Drives a LINE login through the offline stand-in (scripts/lib/line-stand-in.mjs) with fetch, as a
// browser would: the shop's start, the stand-in's login and consent pages, back to the shop's callback.

export const LINE_STAND_IN_URL = process.env.LINE_STAND_IN_URL ?? 'http://127.0.0.1:5055';
export const LINE_PASSWORD = 'line1234';

/** A browser: its cookies for the shop (the binding cookie) and for the stand-in, and its own rate-limit client. */
export class Browser {
  private readonly jars = new Map<string, Map<string, string>>();
  readonly client = testClientHeaders();
  idToken: string | null = null;

  cookieHeader(url: string): string {
    return [...(this.jars.get(new URL(url).origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  keep(url: string, res: Response): void {
    const jar = this.jars.get(new URL(url).origin) ?? new Map<string, string>();
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at).trim(), pair!.slice(at + 1).trim()];
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(new URL(url).origin, jar);
  }

  /** A call to the shop's API through Hosting, with this browser's cookies and the member's token. */
  async api(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const url = `${HOSTING_URL}${path}`;
    const res = await fetch(url, {
      method,
      headers: {
        ...this.client,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.idToken ? { Authorization: `Bearer ${this.idToken}` } : {}),
        Cookie: this.cookieHeader(url),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keep(url, res);
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  }

  private async stand(url: string, form?: Record<string, string>): Promise<Response> {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { Cookie: this.cookieHeader(url), ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
    });
    this.keep(url, res);
    return res;
  }

  /**
   * From LINE's authorization URL to the query LINE sends back to the shop's /user/line/callback: signs
   * in at the stand-in as `email` (unless it remembers this browser), then allows (sharing the email or
   * not) or cancels at the consent page.
   */
  async atLine(authorizeUrl: string, opts: { email: string; shareEmail?: boolean; cancel?: boolean }): Promise<URLSearchParams> {
    let res = await this.stand(authorizeUrl);
    for (let step = 0; step < 12; step++) {
      const location = res.headers.get('location');
      if (location) {
        const next = new URL(location, LINE_STAND_IN_URL);
        if (next.pathname === '/user/line/callback') return next.searchParams;
        res = await this.stand(next.toString());
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`LINE stand-in answered ${res.status}: ${html.slice(0, 300)}`);
      const action = /action="(\/interaction\/[\w-]+\/(login|confirm))"/.exec(html);
      if (!action) throw new Error(`no form on the stand-in's page: ${html.slice(0, 300)}`);
      const base = new URL(action[1]!, LINE_STAND_IN_URL).toString();
      if (opts.cancel && action[2] === 'confirm') res = await this.stand(base.replace(/confirm$/, 'abort'), {});
      else if (action[2] === 'login') res = await this.stand(base, { email: opts.email, password: LINE_PASSWORD });
      else res = await this.stand(base, opts.shareEmail === false ? {} : { email: 'on' });
    }
    throw new Error('the LINE stand-in never sent the browser back');
  }

  /** Start, LINE, callback: the shop's answer to the callback (and LINE's query, for replays). */
  async lineLogin(opts: { email: string; shareEmail?: boolean; purpose?: 'signIn' | 'link' }) {
    const start = await this.api('POST', '/api/auth/line/start', { purpose: opts.purpose ?? 'signIn' });
    if (start.status !== 200) throw new Error(`start answered ${start.status}: ${JSON.stringify(start.body)}`);
    const back = await this.atLine(String(start.body.authorizeUrl), opts);
    const res = await this.api('POST', '/api/auth/line/callback', { code: back.get('code'), state: back.get('state') });
    if (res.status === 200 && typeof res.body.idToken === 'string') this.idToken = res.body.idToken;
    return { ...res, back };
  }
}

export const lineEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@line.example.com`;
