import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as ns from 'firebase-admin/firestore';
import { initializeApp } from 'firebase-admin/app';
import { describe, expect, it } from 'vitest';
import { decode, encode, SUBCOLLECTIONS } from '../lib/firestore-backup.mjs';

// The backup's codec (scripts/lib/firestore-backup.mjs): what JSON cannot say is tagged, and comes back
// as the same Firestore type. No emulator needed: a Firestore handle only names references here.
const db = ns.getFirestore(initializeApp({ projectId: 'demo-codec' }, 'codec'));
const roundTrip = (v: unknown) => decode(JSON.parse(JSON.stringify(encode(v, ns))), ns, db);

describe('backup codec', () => {
  it('keeps Timestamps, GeoPoints, references and bytes as their types', () => {
    const doc = {
      at: new ns.Timestamp(1_796_272_777, 123_000_000),
      where: new ns.GeoPoint(22.99, 120.21),
      book: db.doc('products/AA00001'),
      blob: Buffer.from([0, 1, 254, 255]),
      nested: { list: [new ns.Timestamp(1, 2), null, 'x', 3.5, true] },
    };
    const back = roundTrip(doc) as typeof doc;
    expect(back.at).toBeInstanceOf(ns.Timestamp);
    expect(back.at.isEqual(doc.at)).toBe(true);
    expect(back.where.isEqual(doc.where)).toBe(true);
    expect(back.book).toBeInstanceOf(ns.DocumentReference);
    expect(back.book.path).toBe('products/AA00001');
    expect(Buffer.from(back.blob)).toEqual(doc.blob);
    expect((back.nested.list[0] as ns.Timestamp).isEqual(new ns.Timestamp(1, 2))).toBe(true);
    expect(back.nested.list.slice(1)).toEqual([null, 'x', 3.5, true]);
  });

  it('does not mistake a map whose keys look like tags, or a number JSON cannot write', () => {
    const doc = { m: { $ts: 'not a time', $ref: 'x' }, nan: Number.NaN, inf: -Infinity };
    const back = roundTrip(doc) as Record<string, unknown>;
    expect(back.m).toEqual({ $ts: 'not a time', $ref: 'x' });
    expect(back.nan).toBeNaN();
    expect(back.inf).toBe(-Infinity);
  });
});

describe('backup coverage', () => {
  // The backup reads subcollections by collection-group queries over SUBCOLLECTIONS: a subcollection
  // written anywhere in the code must be listed there, or backups would silently leave it out.
  it('lists every subcollection the code writes', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const files = ['functions/src', 'seed', 'scripts'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.(ts|mjs)$/.test(f) && !f.includes('__tests__') && !f.includes('node_modules'))
        .map((f) => path.join(root, dir, f)),
    );
    const written = new Set<string>();
    for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(/\.doc\([^)]*\)\s*\.collection\(\s*'([^']+)'/g)) written.add(m[1]!);
    expect(written.size).toBeGreaterThan(0);
    expect([...written].filter((id) => !SUBCOLLECTIONS.includes(id))).toEqual([]);
  });
});
