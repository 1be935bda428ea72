import { adminPlanInputSchema, adminPlanUpdateSchema, type AdminPlanSummary } from '@contracts/admin';
import { get, useFieldArray, type FieldErrors } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '@/lib/toast';
import { createPlan, updatePlan, type PlanInput } from '../api/admin-api';
import { useAdminForm } from '../lib/use-admin-form';
import { useResource } from '../lib/use-resource';
import { fromTaipeiLocal, toTaipeiLocal } from '@contracts/format';
import { FormErrors, fromLines, Loaded, PageHead, SubmitRow, SubPage, toLines } from './ui';
import { Field } from '@/components/field';

interface PickupValues {
  id: string;
  name: string;
  address: string;
  hours: string;
}

interface LineValues {
  productId: string;
  groupPrice: string;
  maxPerOrder: string;
}

/** The form's values, named by the schema's paths: numbers as typed, the closing time in Taiwan's local time, the text one paragraph a line. */
interface Values {
  planId: string;
  title: string;
  organizer: string;
  closingDate: string;
  launched: boolean;
  bannerImg: { pc: string; mobile: string };
  content: string;
  products: LineValues[];
  minQuantity: string;
  minPerOrder: string;
  pickupNotes: string;
  paymentNotes: string;
  pickupPoints: PickupValues[];
  postalDelivery: boolean;
  rebatePercent: string;
  payAfterFormed: boolean;
}

type Plan = AdminPlanSummary['plan'];
type Book = { id: string; name: string; listPrice: number; launched: boolean };

const EMPTY_LINE: LineValues = { productId: '', groupPrice: '', maxPerOrder: '' };

/** A new plan closes in 30 days at 23:59, Taiwan time. */
const inThirtyDays = () => toTaipeiLocal(new Date(Date.now() + 30 * 86_400_000).toISOString()).slice(0, 10) + 'T23:59';

/** A copy of a plan as a new one: no id, not launched, closing in 30 days. */
function copyValues(s: Plan): Values {
  return { ...toValues(s), planId: '', title: `${s.title}（複製）`, launched: false, closingDate: inThirtyDays() };
}

function toValues(s: Plan | null): Values {
  if (!s) {
    return {
      planId: '',
      title: '',
      organizer: '',
      closingDate: inThirtyDays(),
      launched: false,
      // Empty, not a folder: a half-filled path would show a broken banner on the public page.
      bannerImg: { pc: '', mobile: '' },
      content: '',
      products: [EMPTY_LINE],
      minQuantity: '',
      minPerOrder: '',
      pickupNotes: '',
      paymentNotes: '',
      pickupPoints: [],
      postalDelivery: true,
      rebatePercent: '',
      payAfterFormed: false,
    };
  }
  return {
    planId: s.planId,
    title: s.title,
    organizer: s.organizer,
    closingDate: toTaipeiLocal(s.closingDate),
    launched: s.launched,
    bannerImg: { ...s.bannerImg },
    content: fromLines(s.content),
    products: s.products.map((l) => ({ productId: l.productId, groupPrice: String(l.groupPrice), maxPerOrder: l.maxPerOrder ? String(l.maxPerOrder) : '' })),
    minQuantity: s.minQuantity ? String(s.minQuantity) : '',
    minPerOrder: s.minPerOrder ? String(s.minPerOrder) : '',
    pickupNotes: s.pickupNotes,
    paymentNotes: s.paymentNotes,
    pickupPoints: (s.pickupPoints ?? []).map((p) => ({ ...p, hours: p.hours ?? '' })),
    postalDelivery: s.postalDelivery !== false,
    rebatePercent: s.rebatePercent != null ? String(s.rebatePercent) : '',
    payAfterFormed: s.payAfterFormed === true,
  };
}

/** A pickup point's id: kept for existing ones (orders refer to it), the next free `p<n>` for new ones. */
function nextPickupId(points: readonly PickupValues[]): string {
  let n = points.length + 1;
  while (points.some((p) => p.id === `p${n}`)) n++;
  return `p${n}`;
}

const optNum = (v: string) => (v.trim() === '' ? undefined : Number(v));
/** A required number field: '' stays undefined so that the schema says 請填寫… rather than "0". */
const reqNum = (v: string) => (v.trim() === '' ? (undefined as unknown as number) : Number(v));

function toInput(d: Values, editing: boolean): PlanInput {
  return {
    planId: editing ? undefined : d.planId,
    title: d.title.trim(),
    organizer: d.organizer.trim(),
    closingDate: fromTaipeiLocal(d.closingDate),
    launched: d.launched,
    bannerImg: { pc: d.bannerImg.pc.trim(), mobile: d.bannerImg.mobile.trim() },
    content: toLines(d.content),
    products: d.products.map((l) => ({ productId: l.productId, groupPrice: reqNum(l.groupPrice), maxPerOrder: optNum(l.maxPerOrder) })),
    minQuantity: optNum(d.minQuantity),
    minPerOrder: optNum(d.minPerOrder),
    pickupNotes: d.pickupNotes.trim(),
    paymentNotes: d.paymentNotes.trim(),
    pickupPoints: d.pickupPoints.map((p) => ({ id: p.id, name: p.name.trim(), address: p.address.trim(), hours: p.hours.trim() })),
    postalDelivery: d.postalDelivery,
    rebatePercent: optNum(d.rebatePercent),
    payAfterFormed: d.payAfterFormed,
  };
}

/** A list's own problem (同一本書只能列一次, 請至少選一本書), apart from its items'. */
function listError(errors: FieldErrors<Values>, name: 'products' | 'pickupPoints'): string | undefined {
  const e = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return e?.root?.message ?? e?.message;
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
    <SubPage back={planId ? `/admin/plans/${planId}` : '/admin/plans'} backLabel="返回" resource={plan}>
      {(p) => (
        <>
          <PageHead title={p && !from ? `編輯：${p.title}` : from ? '複製團購活動' : '新增團購活動'} />
          {/* The form starts once the books are there too: a book select filled before its options exist
              shows 請選擇 while the form still holds the book. */}
          <Loaded resource={products}>
            {(list) => (
              <PlanForm
                initial={from ? null : p}
                copy={from && p ? copyValues(p) : undefined}
                books={list.map((b) => ({ id: b.productId, name: b.name, listPrice: b.listPrice, launched: b.launched }))}
                key={`${p?.planId ?? 'new'}-${from ?? ''}`}
              />
            )}
          </Loaded>
        </>
      )}
    </SubPage>
  );
}

type PlanFormState = ReturnType<typeof usePlanForm>;
function usePlanForm(initial: Plan | null, copy?: Values) {
  const schema = initial ? adminPlanUpdateSchema : adminPlanInputSchema;
  return useAdminForm<Values, PlanInput>(schema, copy ?? toValues(initial), (v) => toInput(v, !!initial));
}

function PlanForm({ initial, copy, books }: { initial: Plan | null; copy?: Values; books: Book[] }) {
  const navigate = useNavigate();
  const f = usePlanForm(initial, copy);
  // The same schema as the server's, with its Chinese messages, before anything is sent.
  const submit = f.onSubmit(async (input) => {
    const saved = initial ? await updatePlan(initial.planId, input) : await createPlan(input);
    notify('success', initial ? `「${saved.plan.title}」已儲存` : `已建立「${saved.plan.title}」`);
    // A hidden book is left out of the campaign's page: say so now, not when a customer misses it.
    if (saved.hiddenBooks.length) notify('warning', `注意：${saved.hiddenBooks.map((b) => `《${b.name}》`).join('、')}尚未上架，活動頁不會顯示。請先上架這些書。`);
    void navigate(`/admin/plans/${saved.plan.planId}`);
  });

  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate aria-label="團購活動資料">
      <CampaignFields f={f} editing={!!initial} />
      <BookLines f={f} books={books} />
      <fieldset>
        <legend>頁面內容</legend>
        <Field label="橫幅圖片（電腦版路徑，選填）" hint="例如 /images/banner/plan-pc.jpg；留空則不顯示橫幅" className="admin-field--wide" maxLength={500} placeholder="/images/banner/…" {...f.field('bannerImg.pc')} />
        <Field label="橫幅圖片（手機版路徑，選填）" className="admin-field--wide" maxLength={500} placeholder="/images/banner/…" {...f.field('bannerImg.mobile')} />
        <Field label="活動說明（一行一段）" className="admin-field--wide" multiline rows={4} {...f.field('content')} />
      </fieldset>
      <DeliveryFields f={f} />
      <FormErrors error={f.error} />
      <SubmitRow busy={f.busy}>{initial ? '儲存變更' : '建立活動'}</SubmitRow>
    </form>
  );
}

function CampaignFields({ f, editing }: { f: PlanFormState; editing: boolean }) {
  return (
    <fieldset>
      <legend>活動</legend>
      <Field label="活動編號（網址 /ezbuy/編號）" hint={editing ? '建立後不能修改' : '英數字與 -，例如 cpaNorth2027'} required={!editing} disabled={editing} {...f.idField('planId')} />
      <Field label="活動名稱" required maxLength={200} {...f.field('title')} />
      <Field label="主辦單位" maxLength={200} {...f.field('organizer')} />
      <Field label="截止時間（臺灣時間）" hint={editing ? '改到過去即提前結束' : '須晚於現在'} required type="datetime-local" {...f.field('closingDate')} />
      <Field label="成團門檻（本，選填）" type="number" min={1} step={1} {...f.field('minQuantity')} />
      <Field label="每筆最少本數（選填）" hint="少於此數的訂單會被拒絕，團購頁會寫出" type="number" min={1} step={1} {...f.field('minPerOrder')} />
      <Field label="團主回饋（%，選填）" hint="依已付款訂單的書款計算，例如 10 或 12.5；只在後台與召集人連結顯示" type="number" inputMode="decimal" min={0} max={100} step={0.1} {...f.field('rebatePercent')} />
      <PayAfterField f={f} />
      <label className="admin-check">
        <input type="checkbox" {...f.form.register('launched')} /> 上架（開放下單）
      </label>
    </fieldset>
  );
}

/** 成團後才收款: a checkbox with its hint and, like every field, its problem beside it (it needs a threshold). */
function PayAfterField({ f }: { f: PlanFormState }) {
  const { error, ...box } = f.field('payAfterFormed');
  return (
    <div className={`field admin-field--wide${error ? ' field--invalid' : ''}`}>
      <label className="admin-check">
        <input type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={`pay-after-hint${error ? ' pay-after-error' : ''}`} {...box} /> 成團後才收款
      </label>
      <p className="field__hint" id="pay-after-hint">
        需設定成團門檻。達到門檻前的訂單「等待成團」，不需匯款；成團時系統寄出收款通知，匯款期限從成團時起算。
      </p>
      {error && (
        <p className="field__error" id="pay-after-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** 書籍與團購價: one line per book, with the book's list price as a hint. */
function BookLines({ f, books }: { f: PlanFormState; books: Book[] }) {
  const lines = useFieldArray({ control: f.form.control, name: 'products' });
  const chosen = f.form.watch('products');
  const listProblem = listError(f.form.formState.errors, 'products');
  return (
    <fieldset>
      <legend>書籍與團購價</legend>
      {lines.fields.map((line, i) => {
        const book = books.find((b) => b.id === chosen[i]?.productId);
        const { error, ...select } = f.field(`products.${i}.productId`);
        return (
          <div className="admin-subform admin-subform--line" key={line.id} role="group" aria-label={`書籍 ${i + 1}`}>
            <Field label="書籍" required error={error ?? (i === 0 ? listProblem : undefined)}>
              <select {...select} required>
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
              hint={book ? `定價 NT$${book.listPrice.toLocaleString('en-US')}${book.launched ? '' : '；這本書尚未上架，活動頁不會顯示'}` : undefined}
              required
              type="number"
              min={0}
              step={1}
              {...f.field(`products.${i}.groupPrice`)}
            />
            <Field label="每單上限（選填）" type="number" min={1} step={1} {...f.field(`products.${i}.maxPerOrder`)} />
            <button type="button" className="btn btn--ghost btn--small" onClick={() => lines.remove(i)} disabled={lines.fields.length < 2}>
              移除
            </button>
          </div>
        );
      })}
      <button type="button" className="btn btn--ghost btn--small" onClick={() => lines.append(EMPTY_LINE)}>
        加入書籍
      </button>
    </fieldset>
  );
}

/** 取貨與配送: postal delivery, the pickup points, and the notes. */
function DeliveryFields({ f }: { f: PlanFormState }) {
  const points = useFieldArray({ control: f.form.control, name: 'pickupPoints' });
  const listProblem = listError(f.form.formState.errors, 'pickupPoints');
  return (
    <fieldset>
      <legend>取貨與配送</legend>
      <label className="admin-check admin-field--wide">
        <input type="checkbox" {...f.form.register('postalDelivery')} /> 提供郵寄到府（不勾選則僅限自取）
      </label>
      {listProblem ? <p className="field__error admin-field--wide">{listProblem}</p> : null}
      {points.fields.map((point, i) => (
        <div className="admin-subform admin-subform--line" key={point.id} role="group" aria-label={`取貨地點 ${i + 1}`}>
          <Field label="取貨地點名稱" required maxLength={50} placeholder="公會辦公室自取" {...f.field(`pickupPoints.${i}.name`)} />
          <Field label="地址" required maxLength={200} {...f.field(`pickupPoints.${i}.address`)} />
          <Field label="取貨時間（選填）" maxLength={200} placeholder="週一至週五 9:00–17:00" {...f.field(`pickupPoints.${i}.hours`)} />
          <button type="button" className="btn btn--ghost btn--small" onClick={() => points.remove(i)}>
            移除
          </button>
        </div>
      ))}
      <button type="button" className="btn btn--ghost btn--small" onClick={() => points.append({ id: nextPickupId(f.form.getValues('pickupPoints')), name: '', address: '', hours: '' })}>
        加入取貨地點
      </button>
      <Field label="取貨／配送說明" className="admin-field--wide" multiline rows={2} maxLength={2000} {...f.field('pickupNotes')} />
      <Field label="付款說明" className="admin-field--wide" multiline rows={2} maxLength={2000} {...f.field('paymentNotes')} />
    </fieldset>
  );
}
