import { deskLinkInputSchema, type OrganizerLink } from '@contracts/organizer';
import { useState } from 'react';
import { formatDateTime } from '@contracts/format';
import { Field } from '@/components/field';
import { notify } from '@/lib/toast';
import { createDeskLink, createOrganizerLink, revokeOrganizerLink } from '../api/admin-api';
import { errorText } from '../lib/labels';
import { useAdminForm } from '../lib/use-admin-form';
import { useResource } from '../lib/use-resource';
import { BusyButton, Card, Loaded } from './ui';

const ACCESS_LABELS: Record<OrganizerLink['accesses'][number]['what'], string> = { view: '查看', csv: '下載 CSV', pickup: '標記取貨', undo: '復原取貨' };
const REFUSAL_LABELS: Record<string, string> = { unpaid: '未付款，未交付', postal: '郵寄訂單', notFound: '查無此訂單' };

/**
 * The plan's links for the association's organiser: the read-only ones and the pickup desk's (which may
 * also mark orders as picked up); create, copy, revoke, and who opened or did what when.
 */
export function OrganizerLinks({ planId, organizer }: { planId: string; organizer: string }) {
  const links = useResource('GET /api/admin/plans/{planId}/organizer-links', { params: { planId } });
  const [busy, setBusy] = useState<string | null>(null);
  // The desk link's holder, checked by the route's own schema (required, its length limit).
  const desk = useAdminForm<{ holder: string }, { holder: string }>(deskLinkInputSchema, { holder: organizer });
  const full = (l: OrganizerLink) => `${location.origin}${l.url}`;

  async function create(kind: 'view' | 'desk', holder = '') {
    setBusy(kind);
    try {
      const l = kind === 'desk' ? await createDeskLink(planId, holder) : await createOrganizerLink(planId);
      links.set([l, ...(links.data ?? [])]);
      await navigator.clipboard?.writeText(full(l)).catch(() => undefined);
      notify('success', kind === 'desk' ? '已建立取貨櫃台連結（已複製）' : '已建立召集人連結（已複製）');
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
      <BusyButton busy={busy === 'view'} type="button" className="btn btn--ghost btn--small" onClick={() => void create('view')}>
        建立召集人連結
      </BusyButton>
      <p className="admin-sub admin-desk-intro">取貨櫃台連結：同一份名單，另可在手機上標記「已取貨」與復原（只限已付款的自取訂單，其他資料都不能改）；每次開啟與每個標記都會記錄。</p>
      <form className="admin-desk-new" onSubmit={desk.onSubmit((input) => create('desk', input.holder))} noValidate>
        <Field label="持有人" placeholder="持有人（例如：王小姐）" {...desk.field('holder')} />
        <BusyButton busy={busy === 'desk'} type="submit" className="btn btn--ghost btn--small">
          建立取貨櫃台連結
        </BusyButton>
      </form>
      <Loaded resource={links}>
        {(rows) =>
          rows.length ? (
            <ul className="admin-list" data-testid="organizer-links">
              {rows.map((l) => (
                <LinkItem key={l.linkId} l={l} url={full(l)} busy={busy === l.linkId} onRevoke={() => void revoke(l)} />
              ))}
            </ul>
          ) : null
        }
      </Loaded>
    </Card>
  );
}

/** One link: its kind and holder, the address to hand out, its state, its log, and 停用. */
function LinkItem({ l, url, busy, onRevoke }: { l: OrganizerLink; url: string; busy: boolean; onRevoke: () => void }) {
  return (
    <li data-kind={l.kind} className="admin-link-item">
      <strong>{l.kind === 'desk' ? `取貨櫃台（${l.holder ?? ''}）` : '唯讀連結'}</strong>
      <input className="admin-link-input" readOnly value={url} aria-label={l.kind === 'desk' ? '取貨櫃台連結網址' : '召集人連結網址'} onFocus={(e) => e.currentTarget.select()} />
      <span className="admin-sub">
        {l.revokedAt ? `已停用（${formatDateTime(l.revokedAt)}）` : `有效至 ${formatDateTime(l.expiresAt)}`}・開啟與操作 {l.accessCount} 次
      </span>
      {l.accesses.length ? (
        <details>
          <summary>紀錄（最近 {l.accesses.length} 筆）</summary>
          <ul className="admin-log" data-testid="link-log">
            {l.accesses.map((x, i) => (
              <li key={i}>
                {formatDateTime(x.at)}・{ACCESS_LABELS[x.what]}
                {x.orderNo ? ` ${x.orderNo}` : ''}
                {x.refused ? `（拒絕：${REFUSAL_LABELS[x.refused] ?? x.refused}）` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {!l.revokedAt ? (
        <BusyButton busy={busy} type="button" className="btn btn--ghost btn--small btn--danger-outline" onClick={onRevoke}>
          停用
        </BusyButton>
      ) : null}
    </li>
  );
}
