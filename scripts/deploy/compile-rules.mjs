// Runs inside `firebase emulators:exec --only firestore` (scripts/deploy-check.mjs): hands firestore.rules
// to the Firestore emulator, which compiles them as production does, and prints the compiler's
// complaints. Exit 0 when the rules compile.
import { readFileSync } from 'node:fs';

const host = process.env.FIRESTORE_EMULATOR_HOST;
const project = process.env.GCLOUD_PROJECT ?? 'demo-bookstore';
const file = process.argv[2] ?? 'firestore.rules';
const content = readFileSync(file, 'utf8');
const res = await fetch(`http://${host}/emulator/v1/projects/${project}:securityRules`, {
  method: 'PUT',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ rules: { files: [{ name: file, content }] } }),
});
if (res.ok) process.exit(0);
const body = await res.text();
let message = body;
try {
  message = JSON.parse(body).error?.message ?? body;
} catch {
  // not JSON: print it as it came
}
console.log(`RULES-ERROR ${message.replace(/\s+/g, ' ').slice(0, 2000)}`);
process.exit(1);
