import { useEffect } from 'react';
import { LiveDocument } from '@/lib/live/live-document';

function Report({ value, onValue }: { value: number | undefined; onValue: (qty: number) => void }) {
  useEffect(() => {
    if (value !== undefined) onValue(value);
  }, [value, onValue]);
  return null;
}

/**
 * Follows stock/{productId}.qty while the page is seen (lib/live/live-document.tsx) and reports each
 * value. It renders nothing itself, so the buy box keeps its state when the live value arrives.
 */
export function LiveStock({ productId, onQty }: { productId: string; onQty: (qty: number) => void }) {
  return (
    <LiveDocument<{ qty?: unknown }> path={`stock/${productId}`} fallback={null}>
      {(d) => <Report value={typeof d?.qty === 'number' && Number.isInteger(d.qty) && d.qty >= 0 ? d.qty : undefined} onValue={onQty} />}
    </LiveDocument>
  );
}
