import { isIP } from 'node:net';
import { ipKeyGenerator } from 'express-rate-limit';

// Which address a rate limit counts a request under. docs/limits.md gives the sources and the
// reasoning; in short:
//
// - In production the request passes Firebase Hosting and Google's front end before it reaches the
//   function (Cloud Run). Each proxy APPENDS the address it was connected from to X-Forwarded-For, so
//   only the right-most entries were written by Google; everything to their left is whatever the
//   caller sent and can be forged. The app therefore counts `trustedHops` addresses from the right
//   (the socket's own address being the first), never the left-most entry.
// - In the Functions emulator no proxy adds anything: the Hosting emulator copies the caller's
//   headers verbatim and the worker is reached over a Unix socket. Nothing there tells two callers
//   apart that a caller could not forge, so every caller is one local client.

export type ClientAddressMode = { kind: 'forwarded'; trustedHops: number } | { kind: 'local' };

/** The key every caller of the Functions emulator shares (see above). */
export const LOCAL_CLIENT = 'local';

/** Entries of X-Forwarded-For (one or several headers), left to right, without blanks. */
export function forwardedEntries(header: string | string[] | undefined): string[] {
  const joined = Array.isArray(header) ? header.join(',') : (header ?? '');
  return joined
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The address `trustedHops` proxies away from the app: the list is X-Forwarded-For followed by the
 * socket's address, read from the right. With fewer entries than that, the left-most one (the
 * request came through fewer proxies, so every entry was still written by one of them).
 */
export function pickForwarded(entries: string[], socketAddress: string | undefined, trustedHops: number): string | undefined {
  const chain = socketAddress ? [...entries, socketAddress] : entries;
  if (chain.length === 0) return undefined;
  const index = Math.max(0, chain.length - 1 - Math.max(0, Math.floor(trustedHops)));
  return chain[index];
}

/**
 * A stable key for an address: IPv4-mapped IPv6 as plain IPv4, IPv6 grouped by its /56 network (one
 * household or server gets a whole range), anything that is not an address kept as a bounded string.
 */
export function addressKey(address: string): string {
  let a = address.trim();
  // "[2001:db8::1]:443" or "203.0.113.9:1234" (some proxies include the port).
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  if (a.toLowerCase().startsWith('::ffff:') && isIP(a.slice(7)) === 4) a = a.slice(7);
  const kind = isIP(a);
  if (kind === 4) return a;
  if (kind === 6) return ipKeyGenerator(a, 56);
  return `raw:${a.slice(0, 100)}`;
}

/** The key of the client behind a request, by the mode the app runs in. */
export function clientKey(
  mode: ClientAddressMode,
  forwardedFor: string | string[] | undefined,
  socketAddress: string | undefined,
): string {
  if (mode.kind === 'local') return LOCAL_CLIENT;
  const picked = pickForwarded(forwardedEntries(forwardedFor), socketAddress, mode.trustedHops);
  return picked ? addressKey(picked) : LOCAL_CLIENT;
}
