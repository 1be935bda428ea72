import type { OrganizerLink } from '@contracts/organizer';
import { useState } from 'react';
import { formatDateTime } from '@contracts/format';
import { notify } from '@/lib/toast';
import { createOrganizerLink, revokeOrganizerLink } from '../api/admin-api';
import { errorText } from '../lib/labels';
import { useResource } from '../lib/use-resource';
import { BusyButton, Card, Loaded } from './ui';

/** The plan's links for the association's organiser: create, copy, revoke, and who opened them when. */
export function OrganizerLinks({ planId }: { planId: string }) {
  const links = useResource('GET /api/admin/plans/{planId}/organizer-links', { params: { planId } });
  const [busy, setBusy] = useState<string | null>(null);
  const full = (l: OrganizerLink) => `${location.origin}${l.url}`;

  async function create() {
    setBusy('new');
    try {
      const l = await createOrganizerLink(planId);
      links.set([l, ...(links.data ?? [])]);
      await navigator.clipboard?.writeText(full(l)).catch(() => undefined);
      notify('success', '已建立召集人連結（已複製）');
    } catch (e) {
      notify('error', errorText(e));
    } finally {
      setBusy(null);
    }
  }
  async function revoke(l: OrganizerLink) {
    setBusy(l.linkId);
    try {
      const next = await revokeOrganizerLink(planId, l.linkId);
      links.set((links.data ?? []).map((x) => (x.linkId === l.linkId ? next : x)));
      notify('success', '連結已停用');
    } catch (e) {
      notify('error', errorText(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card id="p-links" title="召集人連結">
      <p className="admin-sub">給協會召集人的唯讀連結：不需帳號即可查看各書與各取貨點統計、交書名單（電話只顯示末三碼）並下載 CSV；活動截止 30 天後自動失效，每次開啟都會記錄。</p>
      <BusyButton busy={busy === 'new'} type="button" className="btn btn--ghost btn--small" onClick={() => void create()}>
        建立召集人連結
      </BusyButton>
      <Loaded resource={links}>
        {(rows) =>
          rows.length ? (
            <ul className="admin-list" data-testid="organizer-links">
              {rows.map((l) => (
                <li key={l.linkId}>
                  <input className="admin-link-input" readOnly value={full(l)} aria-label="召集人連結網址" onFocus={(e) => e.currentTarget.select()} />
                  <span className="admin-sub">
                    {l.revokedAt ? `已停用（${formatDateTime(l.revokedAt)}）` : `有效至 ${formatDateTime(l.expiresAt)}`}・開啟 {l.accessCount} 次
                    {l.accesses[0] ? `・最近 ${formatDateTime(l.accesses[0].at)}（${l.accesses[0].what === 'csv' ? '下載 CSV' : '查看'}）` : ''}
                  </span>
                  {!l.revokedAt ? (
                    <BusyButton busy={busy === l.linkId} type="button" className="btn btn--ghost btn--small btn--danger-outline" onClick={() => void revoke(l)}>
                      停用
                    </BusyButton>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null
        }
      </Loaded>
    </Card>
  );
}
