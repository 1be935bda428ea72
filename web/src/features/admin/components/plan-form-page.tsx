import type { AdminPlanSummary } from '@contracts/admin';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { notify } from '@/lib/toast';
import { createPlan, getPlan, listProducts, updatePlan, type PlanInput } from '../api/admin-api';
import { errorText } from '../lib/labels';
import { useResource } from '../lib/use-resource';
import { BusyButton, Field, FormErrors, fromLines, fromTaipeiLocal, Loaded, PageHead, toLines, toTaipeiLocal } from './ui';

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
}

function toDraft(s: AdminPlanSummary['plan'] | null): Draft {
  if (!s) {
    return {
      planId: '',
      title: '',
      organizer: '',
      closingLocal: toTaipeiLocal(new Date(Date.now() + 30 * 86_400_000).toISOString()).slice(0, 10) + 'T23:59',
      launched: false,
      bannerPc: '/images/banner/',
      bannerMobile: '/images/banner/',
      content: '',
      lines: [{ productId: '', groupPrice: '', maxPerOrder: '' }],
      minQuantity: '',
      pickupNotes: '',
      paymentNotes: '',
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
  };
}

const optNum = (v: string) => (v.trim() === '' ? undefined : Number(v));

function toInput(d: Draft): PlanInput {
  return {
    planId: d.planId,
    title: d.title.trim(),
    organizer: d.organizer.trim(),
    closingDate: fromTaipeiLocal(d.closingLocal),
    launched: d.launched,
    bannerImg: { pc: d.bannerPc.trim(), mobile: d.bannerMobile.trim() },
    content: toLines(d.content),
    products: d.lines.filter((l) => l.productId).map((l) => ({ productId: l.productId, groupPrice: Number(l.groupPrice), maxPerOrder: optNum(l.maxPerOrder) })),
    minQuantity: optNum(d.minQuantity),
    pickupNotes: d.pickupNotes.trim(),
    paymentNotes: d.paymentNotes.trim(),
  };
}

/** /admin/plans/new and /admin/plans/{planId}/edit */
export default function PlanFormPage() {
  const { planId } = useParams();
  const plan = useResource((signal) => (planId ? getPlan(planId, signal).then((p) => p.plan) : Promise.resolve(null)), `plan-form:${planId ?? 'new'}`);
  const products = useResource((signal) => listProducts(signal), 'products');
  return (
    <div>
      <p>
        <Link to={planId ? `/admin/plans/${planId}` : '/admin/plans'}>← 返回</Link>
      </p>
      <Loaded resource={plan}>
        {(p) => (
          <>
            <PageHead title={p ? `編輯：${p.title}` : '新增團購活動'} />
            <PlanForm initial={p} books={(products.data ?? []).map((b) => ({ id: b.productId, name: b.name, listPrice: b.listPrice }))} key={p?.planId ?? 'new'} />
          </>
        )}
      </Loaded>
    </div>
  );
}

function PlanForm({ initial, books }: { initial: AdminPlanSummary['plan'] | null; books: { id: string; name: string; listPrice: number }[] }) {
  const navigate = useNavigate();
  const [d, setD] = useState<Draft>(() => toDraft(initial));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const setLine = (i: number, l: Partial<Line>) => setD((x) => ({ ...x, lines: x.lines.map((old, j) => (j === i ? { ...old, ...l } : old)) }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const input = toInput(d);
      const saved = initial ? await updatePlan(initial.planId, input) : await createPlan(input);
      notify('success', initial ? `「${saved.plan.title}」已儲存` : `已建立「${saved.plan.title}」`);
      void navigate(`/admin/plans/${saved.plan.planId}`);
    } catch (err) {
      setError(err);
      notify('error', errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate aria-label="團購活動資料">
      <fieldset>
        <legend>活動</legend>
        <Field label="活動編號（網址 /ezbuy/編號）" hint={initial ? '建立後不能修改' : '英數字與 -，例如 cpaNorth2027'}>
          <input value={d.planId} onChange={(e) => set('planId', e.target.value.trim())} disabled={!!initial} required pattern="[A-Za-z0-9_-]{1,64}" />
        </Field>
        <Field label="活動名稱">
          <input value={d.title} onChange={(e) => set('title', e.target.value)} required maxLength={200} />
        </Field>
        <Field label="主辦單位">
          <input value={d.organizer} onChange={(e) => set('organizer', e.target.value)} maxLength={200} />
        </Field>
        <Field label="截止時間（臺灣時間）" hint={initial ? '改到過去即提前結束' : '須晚於現在'}>
          <input type="datetime-local" value={d.closingLocal} onChange={(e) => set('closingLocal', e.target.value)} required />
        </Field>
        <Field label="成團門檻（本，選填）">
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
              <Field label="書籍">
                <select value={l.productId} onChange={(e) => setLine(i, { productId: e.target.value })} required>
                  <option value="">請選擇</option>
                  {books.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="團購價（NT$）" hint={book ? `定價 NT$${book.listPrice.toLocaleString('en-US')}` : undefined}>
                <input type="number" min={0} step={1} value={l.groupPrice} onChange={(e) => setLine(i, { groupPrice: e.target.value })} required />
              </Field>
              <Field label="每單上限（選填）">
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
        <Field label="橫幅圖片（電腦版路徑）" wide>
          <input value={d.bannerPc} onChange={(e) => set('bannerPc', e.target.value)} maxLength={500} />
        </Field>
        <Field label="橫幅圖片（手機版路徑）" wide>
          <input value={d.bannerMobile} onChange={(e) => set('bannerMobile', e.target.value)} maxLength={500} />
        </Field>
        <Field label="活動說明（一行一段）" wide>
          <textarea rows={4} value={d.content} onChange={(e) => set('content', e.target.value)} />
        </Field>
        <Field label="取貨／配送說明" wide>
          <textarea rows={2} value={d.pickupNotes} onChange={(e) => set('pickupNotes', e.target.value)} maxLength={2000} />
        </Field>
        <Field label="付款說明" wide>
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
