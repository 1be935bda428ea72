import { createServer } from 'node:net';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_HOST, uniq } from '../helpers/emulators';

// Identity Toolkit unreachable: the app (the same createApp() the function serves) pointed at an Auth
// host where nothing listens. The emulators' own Auth cannot be stopped alone (it runs inside the
// Firebase CLI's process with Hosting and Functions), so this file moves the app, not the emulator;
// Firestore stays up. Sign-in and every authenticated call must answer 503 quickly, never 401 (which
// would log every shopper out during an outage) and never 500.

let member: { uid: string; idToken: string };
let app: import('express').Express;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

beforeAll(async () => {
  // Through the Auth emulator's REST API, not firebase-admin: the Admin SDK fixes its Auth host when its
  // Auth instance is made, and the app's instance must be made after the host has moved.
  const res = await fetch(`http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `${uniq('outage')}@example.com`.toLowerCase(), password: 'secret123', returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken: string; localId: string };
  member = { uid: body.localId, idToken: body.idToken };
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${await closedPort()}`;
  app = (await import('../../functions/src/app')).createApp();
});

describe('Identity Toolkit unreachable', () => {
  it.each([
    ['sign-in', () => request(app).post('/api/auth/signIn').send({ email: 'demo@example.com', password: 'demo1234' })],
    ['sign-up', () => request(app).post('/api/auth/signUp').send({ email: 'outage@example.com', password: 'secret123', userName: '停機' })],
    ['a member read', () => request(app).get(`/api/member/${member.uid}`).set('Authorization', `Bearer ${member.idToken}`)],
    ['a member order list', () => request(app).get(`/api/order/${member.uid}`).set('Authorization', `Bearer ${member.idToken}`)],
    ['an owner call', () => request(app).get('/api/admin/orders').set('Authorization', `Bearer ${member.idToken}`)],
  ])('%s answers 503 Firebase not find within seconds', async (_name, call) => {
    const t = performance.now();
    const res = await call();
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ statusCode: 503, statusMessage: 'Firebase not find' });
    expect(performance.now() - t).toBeLessThan(12_000);
  });

  it('still serves the catalogue, which needs no account', async () => {
    const res = await request(app).get('/api/products/simple');
    expect(res.status).toBe(200);
  });
});
