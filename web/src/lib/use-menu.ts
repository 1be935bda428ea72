import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useLocation } from 'react-router';

/**
 * A drop-down menu's state, shared by the header's menus: closes on navigation (any, a link to a #hash
 * on the same page too: the location's key changes with each), on an outside click,
 * on Escape (focus goes back to the button that opened it, so keyboard users keep their place) and
 * when focus leaves it (tabbing past never leaves it open over the page).
 */
export function useMenu() {
  const { key } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === key;
  const ref = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpenAt(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenAt(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('click', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    const next = e.relatedTarget as Node | null;
    // relatedTarget is null when focus leaves the window or goes to a non-focusable spot (a click
    // elsewhere), which the click handler above already covers.
    if (open && next && !ref.current?.contains(next)) setOpenAt(null);
  };
  return {
    open,
    toggle: () => setOpenAt(open ? null : key),
    close: () => setOpenAt(null),
    ref,
    toggleRef,
    onBlur,
  };
}
