import { useState } from 'react';
import { notify } from '@/lib/toast';
import { errorText } from './labels';

/**
 * One of the owner's actions (save a book, set a count, change an order, export a CSV): `busy` while it
 * runs, for BusyButton, so it cannot be sent twice; a failure is kept in `error` for FormErrors to
 * explain beside the form and told in a toast (`failure`, or the error's own text).
 */
export function useOwnerAction(failure?: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err);
      notify('error', failure ?? errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
