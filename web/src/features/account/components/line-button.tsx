import { useState } from 'react';
import { notify } from '@/lib/toast';
import { startLine } from '../api/line';
import { explain } from '../session-actions';

/** LINE's mark: a speech bubble (drawn here: no image request, nothing from LINE's servers). */
function LineMark() {
  return (
    <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
      <path fill="currentColor" d="M12 2.5c-5.8 0-10.5 3.8-10.5 8.5 0 4.2 3.7 7.7 8.8 8.4.3.1.8.2.9.5.1.3.1.7 0 1l-.2.9c0 .3-.2 1 .9.5s6-3.6 8.2-6.1c1.5-1.7 2.3-3.4 2.3-5.2 0-4.7-4.7-8.5-10.4-8.5z" />
      <path fill="#06c755" d="M6.2 8.6h1.1v3.9h2.2v1H6.2zm4 0h1.1v4.9h-1.1zm2 0h1l2 3v-3h1.1v4.9h-1l-2-3v3h-1.1zm5.2 0h3.1v1h-2v.9h2v1h-2v1h2v1h-3.1z" />
    </svg>
  );
}

/**
 * 「使用 LINE 登入」 (or 連結 for the profile): asks the API for LINE's authorization URL (which binds the
 * login to this browser) and goes there; LINE sends the browser back to /user/line/callback.
 */
export function LineButton({ purpose = 'signIn', redirect, label = '使用 LINE 登入' }: { purpose?: 'signIn' | 'link'; redirect?: string | null; label?: string }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const { authorizeUrl } = await startLine({ purpose, ...(redirect ? { redirect } : {}) });
      window.location.assign(authorizeUrl);
    } catch (err) {
      notify('error', `LINE 登入失敗：${explain(err)}`);
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--line" onClick={() => void onClick()} disabled={busy} aria-busy={busy}>
      <LineMark />
      {busy ? '前往 LINE…' : label}
    </button>
  );
}
