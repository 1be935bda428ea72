// Reads the development inbox (MailDev, started by scripts/lib/maildev.mjs) through its REST API: the
// mails the Functions emulator's sendMail really delivered over SMTP. Shared by the browser journeys
// and tests/api.

export const MAILDEV_URL = process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080';

export interface InboxMail {
  id: string;
  subject: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  html: string;
  text: string;
  date?: string;
  time?: string;
}

/** Every mail in the inbox addressed to `address` (any case). */
export async function mailsTo(address: string): Promise<InboxMail[]> {
  const res = await fetch(`${MAILDEV_URL}/api/email?to.address=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`MailDev answered ${res.status}: is it running at ${MAILDEV_URL}?`);
  const all = (await res.json()) as InboxMail[];
  const want = address.toLowerCase();
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === want));
}

/** Waits until a mail to `address` whose subject contains every fragment arrives; fails after `timeoutMs`. */
export async function waitForMail(address: string, subjectHas: string[], timeoutMs = 45_000): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(address)).find((m) => subjectHas.every((s) => m.subject.includes(s)));
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = (await mailsTo(address)).map((m) => m.subject);
      throw new Error(`No mail to ${address} with ${JSON.stringify(subjectHas)} within ${timeoutMs} ms; its inbox has ${JSON.stringify(seen)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The raw message as the SMTP server received it (headers included). */
export async function mailSource(id: string): Promise<string> {
  const res = await fetch(`${MAILDEV_URL}/api/email/${encodeURIComponent(id)}/source`);
  if (!res.ok) throw new Error(`MailDev answered ${res.status} for the source of ${id}`);
  return res.text();
}
