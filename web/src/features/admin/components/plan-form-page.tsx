import { adminPlanInputSchema, adminPlanUpdateSchema, type AdminPlanSummary } from '@contracts/admin';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { createPlan, updatePlan, type PlanInput } from '../api/admin-api';
import { errorText } from '../lib/labels';
import { useResource } from '../lib/use-resource';
import { fromTaipeiLocal, toTaipeiLocal } from '@contracts/format';
import { BusyButton, fieldErrors, FormErrors, fromLines, Loaded, PageHead, toLines } from './ui';
import { Field } from '@/components/field';
import { BackLink } from '@/components/back-link';

interface PickupDraft {
  id: string;
  name: string;
  address: string;
  hours: string;
}

interface Line {
  productId: string;
  groupPrice: string;
  maxPerOrder: string;
}

interface Draft {
  planId: string;
  title: string;
  organizer: string;
  closingLocal: string;
  launched: boolean;
  bannerPc: string;
  bannerMobile: string;
  content: string;
  lines: Line[];
  minQuantity: string;
  pickupNotes: string;
  paymentNotes: string;
  pickupPoints: PickupDraft[];
  postalDelivery: boolean;
}

/** A copy of a plan as a new draft: no id, not launched, closing in 30 days. */
function copyDraft(s: AdminPlanSummary['plan']): Draft {
  return { ...toDraft(s), planId: '', title: `${s.title}（複製）`, launched: false, closingLocal: toDraft(null).closingLocal };
}

function toDraft(s: AdminPlanSummary['plan'] | null): Draft {
  if (!s) {
    return {
      planId: '',
      title: '',
      organizer: '',
      closingLocal: toTaipeiLocal(new Date(Date.now() + 30 * 86_400_000).toISOString()).slice(0, 10) + 'T23:59',
      launched: false,
      // Empty, not a folder: a half-filled path would show a broken banner on the public page.
      bannerPc: '',
      bannerMobile: '',
      content: '',
      lines: [{ productId: '', groupPrice: '', maxPerOrder: '' }],
      minQuantity: '',
      pickupNotes: '',
      paymentNotes: '',
      pickupPoints: [],
      postalDelivery: true,
    };
  }
  return {
    planId: s.planId,
    title: s.title,
    organizer: s.organizer,
    closingLocal: toTaipeiLocal(s.closingDate),
    launched: s.launched,
    bannerPc: s.bannerImg.pc,
    bannerMobile: s.bannerImg.mobile,
    content: fromLines(s.content),
    lines: s.products.map((l) => ({ productId: l.productId, groupPrice: String(l.groupPrice), maxPerOrder: l.maxPerOrder ? String(l.maxPerOrder) : '' })),
    minQuantity: s.minQuantity ? String(s.minQuantity) : '',
    pickupNotes: s.pickupNotes,
    paymentNotes: s.paymentNotes,
    pickupPoints: (s.pickupPoints ?? []).map((p) => ({ ...p, hours: p.hours ?? '' })),
    postalDelivery: s.postalDelivery !== false,
  };
}

/** A pickup point's id: kept for existing ones (orders refer to it), the next free `p<n>` for new ones. */
function nextPickupId(points: readonly PickupDraft[]): string {
  let n = points.length + 1;
  while (points.some((p) => p.id === `p${n}`)) n++;
  return `p${n}`;
}

const optNum = (v: string) => (v.trim() === '' ? undefined : Number(v));
/** A required number field: '' stays undefined so that the schema says 請填寫… rather than "0". */
const reqNum = (v: string) => (v.trim() === '' ? (undefined as unknown as number) : Number(v));

function toInput(d: Draft): PlanInput {
  return {
    planId: d.planId,
    title: d.title.trim(),
    organizer: d.organizer.trim(),
    closingDate: fromTaipeiLocal(d.closingLocal),
    launched: d.launched,
    bannerImg: { pc: d.bannerPc.trim(), mobile: d.bannerMobile.trim() },
    content: toLines(d.content),
    products: d.lines.map((l) => ({ productId: l.productId, groupPrice: reqNum(l.groupPrice), maxPerOrder: optNum(l.maxPerOrder) })),
    minQuantity: optNum(d.minQuantity),
    pickupNotes: d.pickupNotes.trim(),
    paymentNotes: d.paymentNotes.trim(),
    pickupPoints: d.pickupPoints.map((p) => ({ id: p.id, name: p.name.trim(), address: p.address.trim(), hours: p.hours.trim() })),
    postalDelivery: d.postalDelivery,
  };
}

/** /admin/plans/new and /admin/plans/{planId}/edit */
export default function PlanFormPage() {
  const { planId } = useParams();
  const [search] = useSearchParams();
  const from = planId ? null : search.get('from');
  const source = planId ?? from;
  const plan = useResource('GET /api/admin/plans/{planId}', source ? { params: { planId: source } } : null, (p) => p.plan);
  const products = useResource('GET /api/admin/products', {});
  return (
    <div>
      <BackLink to={planId ? `/admin/plans/${planId}` : '/admin/plans'}>返回</BackLink>
      <Loaded resource={plan}>
        {(p) => (
          <>
            <PageHead title={p && !from ? `編輯：${p.title}` : from ? '複製團購活動' : '新增團購活動'} />
            <PlanForm
              initial={from ? null : p}
              draft={from && p ? copyDraft(p) : undefined}
              books={(products.data ?? []).map((b) => ({ id: b.productId, name: b.name, listPrice: b.listPrice, launched: b.launched }))}
              key={`${p?.planId ?? 'new'}-${from ?? ''}`}
            />
          </>
        )}
      </Loaded>
    </div>
  );
}

function PlanForm({ initial, draft, books }: { initial: AdminPlanSummary['plan'] | null; draft?: Draft; books: { id: string; name: string; listPrice: number; launched: boolean }[] }) {
  const navigate = useNavigate();
  const [d, setD] = useState<Draft>(() => draft ?? toDraft(initial));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const setLine = (i: number, l: Partial<Line>) => setD((x) => ({ ...x, lines: x.lines.map((old, j) => (j === i ? { ...old, ...l } : old)) }));
  const setPoint = (i: number, p: Partial<PickupDraft>) => setD((x) => ({ ...x, pickupPoints: x.pickupPoints.map((old, j) => (j === i ? { ...old, ...p } : old)) }));

  /** Shows the problems beside their fields and moves the focus to the first one. */
  function showErrors(map: Record<string, string>) {
    setErrors(map);
    notify('error', `有 ${Object.keys(map).length} 個欄位需要修正，請見標示處`);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.admin-form [aria-invalid="true"]')?.focus());
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const input = toInput(d);
    // The same schema as the server's, with its Chinese messages, before anything is sent.
    const parsed = initial ? adminPlanUpdateSchema.safeParse({ ...input, planId: undefined }) : adminPlanInputSchema.safeParse(input);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const saved = initial ? await updatePlan(initial.planId, input) : await createPlan(input);
      notify('success', initial ? `「${saved.plan.title}」已儲存` : `已建立「${saved.plan.title}」`);
      // A hidden book is left out of the campaign's page: say so now, not when a customer misses it.
      if (saved.hiddenBooks.length) notify('warning', `注意：${saved.hiddenBooks.map((b) => `《${b.name}》`).join('、')}尚未上架，活動頁不會顯示。請先上架這些書。`);
      void navigate(`/admin/plans/${saved.plan.planId}`);
    } catch (err) {
      if (isApiError(err) && err.details?.length) showErrors(fieldErrors(err.details));
      else {
        setError(err);
        notify('error', errorText(err));
      }
    } finally {
      setBusy(false);
    }
  }
  const err = (path: string) => errors[path];

  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate aria-label="團購活動資料">
      <fieldset>
        <legend>活動</legend>
        <Field label="活動編號（網址 /ezbuy/編號）" hint={initial ? '建立後不能修改' : '英數字與 -，例如 cpaNorth2027'} required={!initial} error={err('planId')}>
          <input value={d.planId} onChange={(e) => set('planId', e.target.value.trim())} disabled={!!initial} required pattern="[A-Za-z0-9_-]{1,64}" />
        </Field>
        <Field label="活動名稱" required error={err('title')}>
          <input value={d.title} onChange={(e) => set('title', e.target.value)} required maxLength={200} />
        </Field>
        <Field label="主辦單位" error={err('organizer')}>
          <input value={d.organizer} onChange={(e) => set('organizer', e.target.value)} maxLength={200} />
        </Field>
        <Field label="截止時間（臺灣時間）" hint={initial ? '改到過去即提前結束' : '須晚於現在'} required error={err('closingDate')}>
          <input type="datetime-local" value={d.closingLocal} onChange={(e) => set('closingLocal', e.target.value)} required />
        </Field>
        <Field label="成團門檻（本，選填）" error={err('minQuantity')}>
          <input type="number" min={1} step={1} value={d.minQuantity} onChange={(e) => set('minQuantity', e.target.value)} />
        </Field>
        <label className="admin-check">
          <input type="checkbox" checked={d.launched} onChange={(e) => set('launched', e.target.checked)} /> 上架（開放下單）
        </label>
      </fieldset>

      <fieldset>
        <legend>書籍與團購價</legend>
        {d.lines.map((l, i) => {
          const book = books.find((b) => b.id === l.productId);
          return (
            <div className="admin-subform admin-subform--line" key={i} role="group" aria-label={`書籍 ${i + 1}`}>
              <Field label="書籍" required error={err(`products.${i}.productId`) ?? (i === 0 ? err('products') : undefined)}>
                <select value={l.productId} onChange={(e) => setLine(i, { productId: e.target.value })} required>
                  <option value="">請選擇</option>
                  {books.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.launched ? b.name : `${b.name}（未上架）`}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                label="團購價（NT$）"
                hint={book ? `定價 NT$${book.listPrice.toLocaleString('en-US')}${book.launched ? '' : '；這本書尚未上架，活動頁不會顯示'}` : undefined} required error={err(`products.${i}.groupPrice`)}>
                <input type="number" min={0} step={1} value={l.groupPrice} onChange={(e) => setLine(i, { groupPrice: e.target.value })} required />
              </Field>
              <Field label="每單上限（選填）" error={err(`products.${i}.maxPerOrder`)}>
                <input type="number" min={1} step={1} value={l.maxPerOrder} onChange={(e) => setLine(i, { maxPerOrder: e.target.value })} />
              </Field>
              <button type="button" className="btn btn--ghost btn--small" onClick={() => set('lines', d.lines.filter((_, j) => j !== i))} disabled={d.lines.length < 2}>
                移除
              </button>
            </div>
          );
        })}
        <button type="button" className="btn btn--ghost btn--small" onClick={() => set('lines', [...d.lines, { productId: '', groupPrice: '', maxPerOrder: '' }])}>
          加入書籍
        </button>
      </fieldset>

      <fieldset>
        <legend>頁面內容</legend>
        <Field label="橫幅圖片（電腦版路徑，選填）" hint="例如 /images/banner/plan-pc.jpg；留空則不顯示橫幅" className="admin-field--wide" error={err('bannerImg.pc')}>
          <input value={d.bannerPc} onChange={(e) => set('bannerPc', e.target.value)} maxLength={500} placeholder="/images/banner/…" />
        </Field>
        <Field label="橫幅圖片（手機版路徑，選填）" className="admin-field--wide" error={err('bannerImg.mobile')}>
          <input value={d.bannerMobile} onChange={(e) => set('bannerMobile', e.target.value)} maxLength={500} placeholder="/images/banner/…" />
        </Field>
        <Field label="活動說明（一行一段）" className="admin-field--wide">
          <textarea rows={4} value={d.content} onChange={(e) => set('content', e.target.value)} />
        </Field>
      </fieldset>

      <fieldset>
        <legend>取貨與配送</legend>
        <label className="admin-check admin-field--wide">
          <input type="checkbox" checked={d.postalDelivery} onChange={(e) => set('postalDelivery', e.target.checked)} /> 提供郵寄到府（不勾選則僅限自取）
        </label>
        {err('pickupPoints') ? <p className="field__error admin-field--wide">{err('pickupPoints')}</p> : null}
        {d.pickupPoints.map((p, i) => (
          <div className="admin-subform admin-subform--line" key={p.id} role="group" aria-label={`取貨地點 ${i + 1}`}>
            <Field label="取貨地點名稱" required error={err(`pickupPoints.${i}.name`)}>
              <input value={p.name} onChange={(e) => setPoint(i, { name: e.target.value })} maxLength={50} placeholder="公會辦公室自取" />
            </Field>
            <Field label="地址" required error={err(`pickupPoints.${i}.address`)}>
              <input value={p.address} onChange={(e) => setPoint(i, { address: e.target.value })} maxLength={200} />
            </Field>
            <Field label="取貨時間（選填）" error={err(`pickupPoints.${i}.hours`)}>
              <input value={p.hours} onChange={(e) => setPoint(i, { hours: e.target.value })} maxLength={200} placeholder="週一至週五 9:00–17:00" />
            </Field>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => set('pickupPoints', d.pickupPoints.filter((_, j) => j !== i))}>
              移除
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn--ghost btn--small"
          onClick={() => set('pickupPoints', [...d.pickupPoints, { id: nextPickupId(d.pickupPoints), name: '', address: '', hours: '' }])}
        >
          加入取貨地點
        </button>
        <Field label="取貨／配送說明" className="admin-field--wide">
          <textarea rows={2} value={d.pickupNotes} onChange={(e) => set('pickupNotes', e.target.value)} maxLength={2000} />
        </Field>
        <Field label="付款說明" className="admin-field--wide">
          <textarea rows={2} value={d.paymentNotes} onChange={(e) => set('paymentNotes', e.target.value)} maxLength={2000} />
        </Field>
      </fieldset>

      <FormErrors error={error} />
      <div className="admin-form__submit">
        <BusyButton busy={busy} type="submit">
          {initial ? '儲存變更' : '建立活動'}
        </BusyButton>
      </div>
    </form>
  );
}
