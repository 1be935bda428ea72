import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { addressKey, clientKey, forwardedEntries, LOCAL_CLIENT, pickForwarded } from '../client-address';

// The address a rate limit counts a request under (docs/limits.md): only what Google's proxies
// appended on the right of X-Forwarded-For is trusted.

const PROD = { kind: 'forwarded', trustedHops: 2 } as const;
const CLOUD_RUN_PEER = '169.254.8.129';

describe('clientKey in production (Hosting -> Google front end -> Cloud Run)', () => {
  it('takes the address Hosting saw, left of the front end entry', () => {
    expect(clientKey(PROD, '198.51.100.23, 35.191.2.3', CLOUD_RUN_PEER)).toBe('198.51.100.23');
  });

  it('ignores whatever the caller put in front of it, however it changes', () => {
    const keys = ['1.1.1.1', '2.2.2.2, 3.3.3.3', 'garbage, ::1', '10.0.0.1,10.0.0.2,10.0.0.3'].map((forged) =>
      clientKey(PROD, `${forged}, 198.51.100.23, 35.191.2.3`, CLOUD_RUN_PEER),
    );
    expect(new Set(keys)).toEqual(new Set(['198.51.100.23']));
  });

  it('reads several X-Forwarded-For headers as one list', () => {
    expect(clientKey(PROD, ['9.9.9.9', '198.51.100.23, 35.191.2.3'], CLOUD_RUN_PEER)).toBe('198.51.100.23');
  });

  it('with fewer entries than trusted hops (a front end that overwrites the header) takes the left-most, which a proxy wrote', () => {
    expect(clientKey(PROD, '198.51.100.23', CLOUD_RUN_PEER)).toBe('198.51.100.23');
    expect(clientKey(PROD, undefined, '203.0.113.5')).toBe('203.0.113.5');
  });

  it('never fails for want of an address', () => {
    expect(clientKey(PROD, undefined, undefined)).toBe(LOCAL_CLIENT);
    expect(clientKey(PROD, ' , ,', undefined)).toBe(LOCAL_CLIENT);
  });

  it('agrees with Express req.ip under the same number of trusted hops', async () => {
    const app = express();
    app.set('trust proxy', 2);
    app.get('/', (req, res) => res.json({ ip: req.ip, key: clientKey(PROD, req.headers['x-forwarded-for'], req.socket.remoteAddress) }));
    for (const xff of ['1.2.3.4', '6.6.6.6, 198.51.100.23, 35.191.2.3', '5.5.5.5, 198.51.100.24']) {
      const { body } = await request(app).get('/').set('X-Forwarded-For', xff);
      expect(body.key).toBe(addressKey(body.ip as string));
    }
  });
});

describe('clientKey in the Functions emulator', () => {
  it('is one local client whatever the headers say: nothing there is added by a trusted proxy', () => {
    const local = { kind: 'local' } as const;
    expect(clientKey(local, '203.0.113.1', undefined)).toBe(LOCAL_CLIENT);
    expect(clientKey(local, '203.0.113.2, 198.51.100.1', '127.0.0.1')).toBe(LOCAL_CLIENT);
  });
});

describe('pickForwarded', () => {
  it('counts hops from the right, the socket peer first', () => {
    expect(pickForwarded(['a', 'b', 'c'], 'peer', 0)).toBe('peer');
    expect(pickForwarded(['a', 'b', 'c'], 'peer', 1)).toBe('c');
    expect(pickForwarded(['a', 'b', 'c'], 'peer', 3)).toBe('a');
    expect(pickForwarded(['a', 'b', 'c'], 'peer', 9)).toBe('a');
    expect(pickForwarded([], undefined, 2)).toBeUndefined();
  });
});

describe('forwardedEntries', () => {
  it('splits, trims and drops blanks', () => {
    expect(forwardedEntries(' 1.1.1.1 ,, 2.2.2.2 ')).toEqual(['1.1.1.1', '2.2.2.2']);
    expect(forwardedEntries(undefined)).toEqual([]);
  });
});

describe('addressKey', () => {
  it('maps IPv4-mapped IPv6 to IPv4 and strips ports', () => {
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('203.0.113.9:4431')).toBe('203.0.113.9');
    expect(addressKey('[2001:db8::1]:443')).toBe(addressKey('2001:db8::1'));
  });

  it('groups IPv6 by /56, so one household cannot rotate through its own range', () => {
    expect(addressKey('2001:db8:aa:bb01::1')).toBe(addressKey('2001:db8:aa:bbff:ffff::2'));
    expect(addressKey('2001:db8:aa:bb01::1')).not.toBe(addressKey('2001:db8:aa:cc01::1'));
  });

  it('keeps a non-address as a bounded string', () => {
    expect(addressKey('unknown')).toBe('raw:unknown');
    expect(addressKey('x'.repeat(500)).length).toBeLessThanOrEqual(104);
  });
});
