import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

// A checkout's draft for this tab's session (sessionStorage): the fields typed so far and the step, so
// that the browser's back button in the middle of a checkout, a reload or a detour to another page does
// not empty the form. Cleared when the order is placed. Only text fields the form names are taken back
// (and only as strings): what storage holds may come from an older version of the form.

export interface Draft<V> {
  values: V;
  step: number;
}

const DRAFT = 'draft:';

function merge(defaults: unknown, stored: unknown): unknown {
  if (typeof defaults === 'string') return typeof stored === 'string' ? stored : defaults;
  if (defaults && typeof defaults === 'object' && !Array.isArray(defaults)) {
    const from = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
    return Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, merge(v, from[k])]));
  }
  return defaults; // arrays (the cart's lines) follow the cart, never the draft
}

/** The draft of checkout `key` over `defaults`, or null when this tab has none. */
export function readDraft<V extends object>(key: string, defaults: V): Draft<V> | null {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(DRAFT + key);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { values?: unknown; step?: unknown };
    const step = typeof stored.step === 'number' && Number.isInteger(stored.step) ? stored.step : 0;
    return { values: merge(defaults, stored.values) as V, step };
  } catch {
    return null;
  }
}

export function hasDraft(key: string): boolean {
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(DRAFT + key) !== null;
  } catch {
    return false;
  }
}

/** After the order was placed: the next checkout starts empty. */
export function forgetDraft(key: string): void {
  try {
    sessionStorage.removeItem(DRAFT + key);
  } catch {
    // nothing kept
  }
}

/**
 * Keeps the form's values and the step in the draft as the shopper types and moves on. `step` null: the
 * order is on its way (or placed), nothing more is saved, so the draft the caller forgets stays gone.
 */
export function useDraftKeeper<V extends FieldValues>(key: string, form: UseFormReturn<V, unknown, unknown>, step: number | null) {
  useEffect(() => {
    if (step === null) return;
    const save = (values: unknown) => {
      try {
        sessionStorage.setItem(DRAFT + key, JSON.stringify({ values, step }));
      } catch {
        // private mode: no draft
      }
    };
    save(form.getValues());
    const sub = form.watch((values) => save(values));
    return () => sub.unsubscribe();
  }, [key, form, step]);
}
