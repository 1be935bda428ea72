import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc, type DocumentData } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach } from 'vitest';

type Claims = Record<string, unknown>;

/**
 * The rules suites' common setup: an environment over the committed `firestore.rules` in a project of
 * the suite's own (so clearing it never touches the demo shop in demo-bookstore or another suite's
 * documents), cleared and seeded with `seed` (path -> data, written with the rules off) before each test.
 * `rules.env` is set once `beforeAll` has run; the shortcuts give a browser's Firestore as a visitor,
 * a signed-in uid with its token claims, or the shop owner (custom claim `admin: true`), and
 * `everyone()` all three kinds of caller at once (a visitor, a verified member, the owner) for the
 * rules that must hold whoever asks.
 */
export function rulesTestEnv(projectId: string, seed: Record<string, DocumentData>) {
  const rules = {
    env: undefined as unknown as RulesTestEnvironment,
    anon: () => rules.env.unauthenticatedContext().firestore(),
    as: (uid: string, claims?: Claims) => rules.env.authenticatedContext(uid, claims).firestore(),
    owner: () => rules.env.authenticatedContext('boss', { admin: true, email: 'boss@example.com' }).firestore(),
    everyone: () => [rules.anon(), rules.as('alice', { email_verified: true }), rules.owner()],
  };
  beforeAll(async () => {
    const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
    rules.env = await initializeTestEnvironment({
      projectId,
      firestore: { rules: readFileSync('firestore.rules', 'utf8'), host, port: Number(port) },
    });
  });
  afterAll(() => rules.env?.cleanup());
  beforeEach(async () => {
    await rules.env.clearFirestore();
    await rules.env.withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore();
      for (const [path, data] of Object.entries(seed)) await setDoc(doc(db, path), data);
    });
  });
  return rules;
}
