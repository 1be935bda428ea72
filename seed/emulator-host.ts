// Where the Firestore emulator of this checkout listens: 8080 shifted by EMULATOR_PORT_OFFSET, with the
// same step over the Fetch standard's "bad ports" as scripts/lib/firebase-env.mjs (ports()), so that
// a script run beside `EMULATOR_PORT_OFFSET=N npm start` finds that stack's emulator.
const BAD_PORTS = new Set([6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);

export function firestoreEmulatorHost(): string {
  const port = 8080 + Number(process.env.EMULATOR_PORT_OFFSET || 0);
  return `127.0.0.1:${BAD_PORTS.has(port) ? port + 2 : port}`;
}
