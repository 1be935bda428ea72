import { useEffect, useState, type ReactNode } from 'react';
import { env } from '@/config/env';

// A public Firestore document (stock, campaign progress, the shop's settings) kept fresh while the page
// is seen: read through Firestore's REST API (a few hundred bytes) once the page has loaded, again every
// LIVE_POLL_MS while the tab is visible and at once when it comes back into view. The Firestore SDK with
// a listener did the same from `load` on, but it was the biggest script of the book and campaign pages
// (up to 261 KiB gzip) and most of their Total Blocking Time (docs/storefront.md). Until the first
// answer, `fallback` shows (typically the value the API already returned, in the first HTML).

export interface LiveDocumentProps<T> {
  /** e.g. `stock/company-registration-guide` */
  path: string;
  children: (data: T | undefined) => ReactNode;
  fallback: ReactNode;
}

/** How often a visible page reads its document again: a sold-out or low-stock book shows a change within this. */
export const LIVE_POLL_MS = 5_000;

const base = env.useEmulators ? `http://${env.firestoreEmulatorHost}` : 'https://firestore.googleapis.com';
const documentUrl = (path: string) => `${base}/v1/projects/${env.firebase.projectId}/databases/(default)/documents/${path.split('/').map(encodeURIComponent).join('/')}`;

/** A value in Firestore's REST encoding (https://firebase.google.com/docs/firestore/reference/rest/v1/Value), as plain JSON. */
type RestValue = Partial<{
  nullValue: null;
  booleanValue: boolean;
  integerValue: string;
  doubleValue: number;
  timestampValue: string;
  stringValue: string;
  referenceValue: string;
  mapValue: { fields?: Record<string, RestValue> };
  arrayValue: { values?: RestValue[] };
}>;

export function fromRest(v: RestValue): unknown {
  if (v.integerValue !== undefined) return Number(v.integerValue);
  if (v.doubleValue !== undefined) return Number(v.doubleValue);
  if (v.booleanValue !== undefined) return v.booleanValue;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.timestampValue !== undefined) return v.timestampValue;
  if (v.referenceValue !== undefined) return v.referenceValue;
  if (v.mapValue !== undefined) return fieldsFromRest(v.mapValue.fields);
  if (v.arrayValue !== undefined) return (v.arrayValue.values ?? []).map(fromRest);
  return null;
}

const fieldsFromRest = (fields: Record<string, RestValue> = {}) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fromRest(v)]));

/** The document's fields; undefined when it does not exist (as a listener reports it). Throws on any other failure. */
async function readDocument(path: string, signal: AbortSignal): Promise<Record<string, unknown> | undefined> {
  const res = await fetch(documentUrl(path), { signal, cache: 'no-store', credentials: 'omit' });
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`live document ${path}: HTTP ${res.status}`);
  return fieldsFromRest(((await res.json()) as { fields?: Record<string, RestValue> }).fields);
}

type State = { status: 'waiting' } | { status: 'ready'; data: unknown };

function useLiveDocument(path: string): State {
  const [state, setState] = useState<State>({ status: 'waiting' });
  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let busy = false;
    const visible = () => document.visibilityState === 'visible';
    const read = async () => {
      clearTimeout(timer);
      if (busy || abort.signal.aborted || !visible()) return;
      busy = true;
      try {
        const data = await readDocument(path, abort.signal);
        if (!abort.signal.aborted) setState({ status: 'ready', data });
      } catch {
        // Offline or refused: the last value (or the fallback) stays; the next round tries again.
      } finally {
        busy = false;
        if (!abort.signal.aborted && visible()) timer = setTimeout(() => void read(), LIVE_POLL_MS);
      }
    };
    const onVisibility = () => void read();
    const start = () => {
      document.addEventListener('visibilitychange', onVisibility);
      void read();
    };
    // After `load`, like the rest of what runs after the first paint: never in the way of the page's own.
    if (document.readyState === 'complete') timer = setTimeout(start, 0);
    else window.addEventListener('load', start, { once: true });
    return () => {
      abort.abort();
      clearTimeout(timer);
      window.removeEventListener('load', start);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [path]);
  return state;
}

export function LiveDocument<T>({ path, children, fallback }: LiveDocumentProps<T>) {
  const state = useLiveDocument(path);
  if (state.status === 'waiting') return <>{fallback}</>;
  return <>{children(state.data as T | undefined)}</>;
}
