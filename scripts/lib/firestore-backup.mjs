// A logical copy of a Firestore database through the Admin SDK, shared by `npm run backup` and
// `npm run restore` (docs/backup.md says why the emulators use this and production uses managed exports
// and point-in-time recovery). A backup is a folder: manifest.json and documents.ndjson, one document a
// line, `{"path": "orders/abc", "data": {...}}`, with Firestore's own types tagged so that they come back
// as they were (Timestamp, GeoPoint, DocumentReference, bytes).
import { createReadStream, createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The dashboard's running totals and their event markers: derived from the orders by the orderStats
 * trigger (functions/src/data/stats.ts). A restore leaves them out by default: while it writes, the
 * trigger hears the orders deleted (--wipe) and written again, so no restored total would stay right;
 * `npm run stats:rebuild` recomputes them from the restored orders once the trigger is idle.
 */
export const DERIVED_COLLECTIONS = ['statsDays', 'statsMonths', 'statsPlans', 'statsEvents'];

/** Firestore value -> JSON, tagging the types JSON has no word for. */
export function encode(value, ns) {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : { $num: String(value) };
  if (Array.isArray(value)) return value.map((v) => encode(v, ns));
  if (value instanceof ns.Timestamp) return { $ts: [value.seconds, value.nanoseconds] };
  if (value instanceof ns.GeoPoint) return { $geo: [value.latitude, value.longitude] };
  if (value instanceof ns.DocumentReference) return { $ref: value.path };
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  if (typeof value === 'object') {
    const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v, ns)]));
    // A map whose own keys start with $ is wrapped, so that it cannot be read back as a tag.
    return Object.keys(out).some((k) => k.startsWith('$')) ? { $map: out } : out;
  }
  throw new Error(`cannot back up a value of type ${typeof value}`);
}

/** JSON -> Firestore value (the inverse of encode); `db` resolves references. */
export function decode(value, ns, db) {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => decode(v, ns, db));
  if ('$ts' in value) return new ns.Timestamp(value.$ts[0], value.$ts[1]);
  if ('$geo' in value) return new ns.GeoPoint(value.$geo[0], value.$geo[1]);
  if ('$ref' in value) return db.doc(value.$ref);
  if ('$bytes' in value) return Buffer.from(value.$bytes, 'base64');
  if ('$num' in value) return Number(value.$num);
  const map = '$map' in value ? value.$map : value;
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, decode(v, ns, db)]));
}

/**
 * The collection ids the shop uses below a document (today only stock/{id}/movements, written by
 * functions/src/allocator/stock-allocator.ts and data/stock-movements.ts). Firestore names subcollections only
 * per document (listCollections on each), which costs one call per document and, on the emulator,
 * minutes for a shop of 20,000 documents; a collection-group query per known id reads them all in
 * pages. scripts/__tests__/firestore-backup.test.ts fails when the code writes a subcollection that
 * is not listed here.
 */
export const SUBCOLLECTIONS = ['movements'];

/** Every document of a collection or collection group, in pages of `size` (by document name). */
async function* pages(query, size = 1000) {
  let last;
  for (;;) {
    const page = await (last ? query.startAfter(last) : query).limit(size).get();
    yield page.docs;
    if (page.size < size) return;
    last = page.docs.at(-1);
  }
}

/** Writes every document, top-level collections and the known subcollections, to `dir`. */
export async function backup(db, ns, dir, meta) {
  mkdirSync(dir, { recursive: true });
  const out = createWriteStream(path.join(dir, 'documents.ndjson'));
  const counts = {};
  const seen = new Set();
  let documents = 0;
  const queries = [
    ...(await db.listCollections()).map((c) => c.orderBy(ns.FieldPath.documentId())),
    // A collection group's documents come in the order of their full paths.
    ...SUBCOLLECTIONS.map((id) => db.collectionGroup(id).orderBy(ns.FieldPath.documentId())),
  ];
  for (const query of queries) {
    for await (const docs of pages(query)) {
      for (const s of docs) {
        if (seen.has(s.ref.path)) continue;
        seen.add(s.ref.path);
        const line = JSON.stringify({ path: s.ref.path, data: encode(s.data(), ns) });
        if (!out.write(`${line}\n`)) await new Promise((r) => out.once('drain', r));
        const key = s.ref.parent.path.replace(/\/[^/]+\//g, '/*/');
        counts[key] = (counts[key] ?? 0) + 1;
        documents++;
      }
    }
  }
  await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve())));
  const manifest = { ...meta, documents, collections: counts };
  writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Deletes every document of the database (restore --wipe): the database becomes the backup exactly. */
export async function wipe(db) {
  for (const col of await db.listCollections()) await db.recursiveDelete(col);
}

/**
 * Writes the backup's documents back (set: a document that exists is overwritten with the backup's
 * version; documents the backup does not name are left alone unless the caller wiped first).
 * `skip`: top-level collections left out (DERIVED_COLLECTIONS by default).
 */
export async function restore(db, ns, dir, { skip = DERIVED_COLLECTIONS } = {}) {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const writer = db.bulkWriter();
  const failures = [];
  writer.onWriteError((err) => {
    if (err.failedAttempts < 5) return true;
    failures.push(`${err.documentRef.path}: ${err.message}`);
    return false;
  });
  let written = 0;
  let skipped = 0;
  const lines = createInterface({ input: createReadStream(path.join(dir, 'documents.ndjson')), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const { path: docPath, data } = JSON.parse(line);
    if (skip.includes(docPath.split('/')[0])) {
      skipped++;
      continue;
    }
    void writer.set(db.doc(docPath), decode(data, ns, db)).catch(() => {});
    written++;
  }
  await writer.close();
  if (failures.length) throw new Error(`${failures.length} documents failed: ${failures.slice(0, 5).join('; ')}`);
  return { manifest, written, skipped };
}
