// The development inbox: MailDev (npm `maildev`) on 127.0.0.1, SMTP 1025 and web UI + REST API 1080,
// both shifted by EMULATOR_PORT_OFFSET. The Functions emulator's `sendMail` delivers to it (through
// MAILDEV_SMTP_URL, see functions/src/mail/mail-trigger.ts); tests read it through MAILDEV_URL.
// Development only: nothing deployed knows about it.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function mailPorts() {
  const offset = Number(process.env.EMULATOR_PORT_OFFSET || 0);
  return { smtp: 1025 + offset, web: 1080 + offset };
}

/** The variables every emulator run and test gets. */
export function maildevEnv() {
  const p = mailPorts();
  return { MAILDEV_SMTP_URL: `smtp://127.0.0.1:${p.smtp}`, MAILDEV_URL: `http://127.0.0.1:${p.web}` };
}

async function healthy(url) {
  try {
    const res = await fetch(`${url}/api/healthz`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts MailDev with an empty inbox (the emulators start from the demo data, so older mails would
 * point at orders that no longer exist) and resolves once its API answers. A MailDev already
 * listening on these ports is used as it is. Resolves with a stop() for the caller's exit path.
 */
export async function startMailDev() {
  const { MAILDEV_URL } = maildevEnv();
  const p = mailPorts();
  if (await healthy(MAILDEV_URL)) return { url: MAILDEV_URL, stop: () => {} };
  const offset = Number(process.env.EMULATOR_PORT_OFFSET || 0);
  const dir = path.join(ROOT, '.cache', `maildev-${offset}`);
  rmSync(dir, { recursive: true, force: true });
  const bin = path.join(ROOT, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');
  const args = [bin, '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--smtp', String(p.smtp), '--web', String(p.web), '--mail-directory', dir, '--silent'];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  child.on('exit', () => (exited = true));
  // 60 s: on a loaded 2-core machine MailDev once took over 20 s to answer its first request.
  const deadline = Date.now() + 60_000;
  while (!(await healthy(MAILDEV_URL))) {
    if (exited || Date.now() > deadline) {
      child.kill();
      throw new Error(`MailDev did not start on 127.0.0.1:${p.web} (SMTP ${p.smtp}); is another program using these ports?`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: MAILDEV_URL,
    stop: () => {
      if (!exited) child.kill('SIGTERM');
    },
  };
}
