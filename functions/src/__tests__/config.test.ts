import { describe, expect, it } from 'vitest';
import { ENV_NAMES, parseConfig } from '../config';
import * as params from '../params';

// functions/src/config.ts: the one module that reads the environment. Parsed from plain objects here;
// the process's own is parsed once, on first use.

describe('parseConfig', () => {
  it('gives the development defaults when nothing is set', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ projectId: 'demo-bookstore', inEmulator: false, deployed: false, revision: null, port: 3000, siteUrl: undefined, linkSecret: undefined });
    expect(c.deadlines).toEqual({ readMs: 10_000, allocMs: 40_000, leaseMs: 5_000 });
    expect(c.mail).toEqual({ smtpUrl: '', from: undefined, replyTo: undefined, perMinute: 0 });
    expect(c.logSilent).toBe(false);
  });

  it('takes an empty variable for an unset one', () => {
    expect(parseConfig({ SITE_URL: '', MAIL_PER_MINUTE: '', GCLOUD_PROJECT: '' })).toMatchObject({ siteUrl: undefined, projectId: 'demo-bookstore', mail: { perMinute: 0 } });
  });

  it('has one site address: SITE_URL without its trailing slash, else the Hosting emulator', () => {
    expect(parseConfig({ SITE_URL: 'https://shop.example.tw/', HOSTING_URL: 'http://127.0.0.1:5000' }).siteUrl).toBe('https://shop.example.tw');
    expect(parseConfig({ HOSTING_URL: 'http://127.0.0.1:5000' }).siteUrl).toBe('http://127.0.0.1:5000');
  });

  it('sends through MailDev only in the Functions emulator, through the secret server otherwise', () => {
    const env = { MAILDEV_SMTP_URL: 'smtp://127.0.0.1:4025', SMTP_CONNECTION_URI: 'smtps://u:p@smtp.example.com:465' };
    expect(parseConfig({ ...env, FUNCTIONS_EMULATOR: 'true' }).mail.smtpUrl).toBe('smtp://127.0.0.1:4025');
    expect(parseConfig(env).mail.smtpUrl).toBe('smtps://u:p@smtp.example.com:465');
  });

  it('knows a deployed function from the emulator and from a plain process', () => {
    expect(parseConfig({ K_SERVICE: 'api' }).deployed).toBe(true);
    expect(parseConfig({ K_SERVICE: 'api', FUNCTIONS_EMULATOR: 'true' }).deployed).toBe(false);
    expect(parseConfig({ GCLOUD_PROJECT: 'shop-prod', K_REVISION: 'api-00042' })).toMatchObject({ projectId: 'shop-prod', revision: 'api-00042' });
  });

  it('takes the platform\'s own variables as they come: the emulator\'s worker has a socket path for PORT', () => {
    expect(parseConfig({ PORT: '/tmp/fire_emu_1234.sock', FIRESTORE_EMULATOR_HOST: '[::1]:8080' })).toMatchObject({ port: 3000, againstEmulators: true });
  });

  it('reads the tuning values as numbers', () => {
    const c = parseConfig({ API_DEADLINE_MS: '2500', ALLOC_DEADLINE_MS: '9000', ALLOC_LEASE_MS: '800', MAIL_PER_MINUTE: '30', PORT: '0' });
    expect(c.deadlines).toEqual({ readMs: 2500, allocMs: 9000, leaseMs: 800 });
    expect(c.mail.perMinute).toBe(30);
    expect(c.port).toBe(0);
  });

  it('refuses bad values by name, never quoting them', () => {
    const err = (() => {
      try {
        parseConfig({ SITE_URL: 'shop.example.tw', MAIL_PER_MINUTE: '-1', API_DEADLINE_MS: '0', FUNCTIONS_EMULATOR: 'yes', UNSUBSCRIBE_SECRET: 'kept-out-of-messages' });
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    for (const name of ['SITE_URL', 'MAIL_PER_MINUTE', 'API_DEADLINE_MS', 'FUNCTIONS_EMULATOR']) expect(err).toContain(name);
    expect(err).not.toContain('shop.example.tw');
    expect(err).not.toContain('kept-out-of-messages');
  });

  it('reads every secret that functions/src/params.ts declares for the deploy', () => {
    const declared = Object.values(params).map((p) => p.name);
    expect(declared.sort()).toEqual(['LINE_CHANNEL_SECRET', 'SMTP_CONNECTION_URI', 'UNSUBSCRIBE_SECRET']);
    for (const name of declared) expect(ENV_NAMES).toContain(name);
  });
});
