import { adminProductInputSchema, adminProductUpdateSchema, setStockInputSchema, type AdminProduct, type AdminProductInput, type SetStockInput } from '@contracts/admin';
import { ERROR_KEYS } from '@contracts/error-keys';
import { isApiError } from '@/lib/api-client';
import type { Product } from '@contracts/products';
import { useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime, taiwanDay } from '@contracts/format';
import { notify } from '@/lib/toast';
import { createProduct, setStock, updateProduct } from '../api/admin-api';
import { errorPaths, useAdminForm } from '../lib/use-admin-form';
import { useResource } from '../lib/use-resource';
import { BusyButton, FormErrors, fromLines, Loaded, PageHead, SubmitRow, SubPage, toLines } from './ui';
import { Field } from '@/components/field';
import { Thead } from '@/components/thead';

/** Where the covers live (web/public/images/books/): the image field starts with it as a hint. */
const IMAGE_FOLDER = '/images/books/';

/** An erratum as the form edits it: its lines as one text. */
interface ErratumValues {
  chapter: string;
  title: string;
  postDate: string;
  file: string;
  content: string;
}

/** The form's values, named by the schema's paths: numbers as typed, lists as one line per item. */
interface Values {
  productId: string;
  name: string;
  subtitle: string;
  author: string;
  publisher: string;
  isbn: string;
  publishedAt: string;
  pages: string;
  format: string;
  imgSrc: string;
  previewImages: string;
  listPrice: string;
  salePrice: string;
  /** The new book's first count (the stock panel sets it afterwards). */
  stock: string;
  isNew: boolean;
  launched: boolean;
  sortOrder: string;
  content: string;
  notice: string;
  bookIntroduction: { primaryColor: string; slogan: string; overview: string; summary: string; detail: string };
  erratum: ErratumValues[];
}

const EMPTY: Values = {
  productId: '',
  name: '',
  subtitle: '',
  author: '',
  publisher: '青嶼書房',
  isbn: '',
  publishedAt: '',
  pages: '0',
  format: '',
  imgSrc: IMAGE_FOLDER,
  previewImages: '',
  listPrice: '0',
  salePrice: '0',
  stock: '0',
  isNew: true,
  launched: false,
  sortOrder: '100',
  content: '',
  notice: '',
  bookIntroduction: { primaryColor: '#2f5d62', slogan: '', overview: '', summary: '', detail: '' },
  erratum: [],
};

function toValues(p: Product): Values {
  const intro = p.bookIntroduction;
  return {
    ...EMPTY,
    ...p,
    pages: String(p.pages),
    previewImages: fromLines(p.previewImages),
    listPrice: String(p.listPrice),
    salePrice: String(p.salePrice),
    sortOrder: String(p.sortOrder),
    content: fromLines(p.content),
    notice: fromLines(p.notice),
    bookIntroduction: { ...intro, summary: fromLines(intro.summary), detail: fromLines(intro.detail) },
    erratum: p.erratum.map((er) => ({ ...er, file: er.file ?? '', content: fromLines(er.content) })),
  };
}

const num = (v: string) => (v === '' ? 0 : Number(v));

/** The schema's input from the form's values. */
function toInput(v: Values, creating: boolean) {
  const { stock, ...fields } = v;
  return {
    ...fields,
    // The field starts as the covers' folder, a hint: left so, the book has no cover yet.
    imgSrc: v.imgSrc.trim() === IMAGE_FOLDER ? '' : v.imgSrc,
    previewImages: toLines(v.previewImages),
    pages: num(v.pages),
    listPrice: num(v.listPrice),
    salePrice: num(v.salePrice),
    sortOrder: num(v.sortOrder),
    content: toLines(v.content),
    notice: toLines(v.notice),
    bookIntroduction: { ...v.bookIntroduction, summary: toLines(v.bookIntroduction.summary), detail: toLines(v.bookIntroduction.detail) },
    erratum: v.erratum.map((er) => ({ ...er, file: er.file.trim() || undefined, content: toLines(er.content) })),
    ...(creating ? { stock: stock === '' ? Number.NaN : Number(stock) } : { productId: undefined }),
  };
}

/** The error paths shown beside their own fields in the form below. */
const SHOWN = /^(productId|name|publishedAt|listPrice|salePrice|stock|imgSrc|previewImages(\.\d+)?|bookIntroduction\.primaryColor|erratum\.\d+\.(postDate|file))$/;

/** /admin/products/new and /admin/products/{productId}: every field of a book, and its stock. */
export default function ProductFormPage() {
  const { productId } = useParams();
  const product = useResource('GET /api/admin/products/{productId}', productId ? { params: { productId } } : null);
  return (
    <SubPage back="/admin/products" backLabel="返回書籍列表" resource={product}>
      {(p) => (
        <>
          <PageHead title={p ? `編輯：${p.name}` : '新增書籍'} />
          {p ? <StockPanel product={p} onChange={(qty) => product.set({ ...p, stock: qty })} /> : null}
          <ProductForm initial={p} key={p?.productId ?? 'new'} />
        </>
      )}
    </SubPage>
  );
}

/** What the form sends: a new book with its id and first count, or an edited one (the id is in the path). */
type ProductOutput = Omit<AdminProductInput, 'productId'> & { productId?: string };

type ProductFormState = ReturnType<typeof useProductForm>;
function useProductForm(initial: AdminProduct | null) {
  const schema: z.ZodType<ProductOutput> = initial ? adminProductUpdateSchema : adminProductInputSchema;
  return useAdminForm<Values, ProductOutput>(schema, initial ? toValues(initial) : EMPTY, (v) => toInput(v, !initial));
}

function ProductForm({ initial }: { initial: AdminProduct | null }) {
  const navigate = useNavigate();
  const f = useProductForm(initial);
  const submit = f.onSubmit(async (input) => {
    if (initial) {
      await updateProduct(initial.productId, input);
      notify('success', `「${input.name}」已儲存`);
      return;
    }
    try {
      // The create schema required the id.
      const created = await createProduct({ ...input, productId: input.productId ?? '' });
      notify('success', `已新增「${created.name}」`);
      void navigate(`/admin/products/${created.productId}`, { replace: true });
    } catch (err) {
      if (!isApiError(err) || err.statusMessage !== ERROR_KEYS.alreadyExists) throw err;
      f.refuse({ productId: '這個書籍編號已經有書了，請換一個' });
    }
  });
  // Problems of fields without a place of their own (none expected; never silent).
  const unplaced = errorPaths(f.form.formState.errors).filter(([path]) => !SHOWN.test(path));

  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate aria-label="書籍資料">
      <BasicFields f={f} editing={!!initial} />
      <PriceFields f={f} editing={!!initial} />
      <fieldset>
        <legend>圖片（網站內的路徑）</legend>
        <Field label="封面圖片" className="admin-field--wide" hint="本站圖片路徑，例如 /images/books/書號/cover.jpg" required maxLength={500} {...f.field('imgSrc')} />
        <Field label="試閱圖片（一行一張）" className="admin-field--wide" multiline rows={3} {...f.field('previewImages')} />
      </fieldset>
      <IntroductionFields f={f} />
      <ErratumFields f={f} />
      <FormErrors error={f.error} />
      {unplaced.length ? (
        <div className="admin-alert" role="alert">
          {unplaced.map(([path, message]) => (
            <p key={path}>
              {path}：{message}
            </p>
          ))}
        </div>
      ) : null}
      <SubmitRow busy={f.busy}>{initial ? '儲存變更' : '建立書籍'}</SubmitRow>
    </form>
  );
}

function BasicFields({ f, editing }: { f: ProductFormState; editing: boolean }) {
  return (
    <fieldset>
      <legend>基本資料</legend>
      <Field label="書籍編號（網址用，英數字與 -）" hint={editing ? '建立後不能修改' : '例如 company-law-2027'} required disabled={editing} {...f.idField('productId')} />
      <Field label="書名" required maxLength={200} {...f.field('name')} />
      <Field label="副標題" maxLength={200} {...f.field('subtitle')} />
      <Field label="作者" maxLength={200} {...f.field('author')} />
      <Field label="出版社" maxLength={200} {...f.field('publisher')} />
      <Field label="ISBN" maxLength={20} inputMode="numeric" {...f.field('isbn')} />
      <Field label="出版日期" placeholder="2026-03-01" maxLength={40} {...f.field('publishedAt')} />
      <Field label="頁數" type="number" min={0} step={1} {...f.field('pages')} />
      <Field label="規格" placeholder="平裝 17×23 cm" maxLength={100} {...f.field('format')} />
    </fieldset>
  );
}

function PriceFields({ f, editing }: { f: ProductFormState; editing: boolean }) {
  return (
    <fieldset>
      <legend>價格與上架</legend>
      <Field label="定價（NT$）" type="number" min={0} step={1} required {...f.field('listPrice')} />
      <Field label="售價（NT$）" hint="不能高於定價；低於定價時顯示「限時優惠」" type="number" min={0} step={1} required {...f.field('salePrice')} />
      {editing ? null : <Field label="庫存數量（本）" hint="建立後可在書籍頁調整，每次調整都會記錄" type="number" min={0} step={1} inputMode="numeric" required {...f.field('stock')} />}
      <Field label="排序（小的在前）" type="number" step={1} {...f.field('sortOrder')} />
      <label className="admin-check">
        <input type="checkbox" {...f.form.register('isNew')} /> 新品
      </label>
      <label className="admin-check">
        <input type="checkbox" {...f.form.register('launched')} /> 上架（在書店顯示）
      </label>
    </fieldset>
  );
}

function IntroductionFields({ f }: { f: ProductFormState }) {
  const colour = f.form.watch('bookIntroduction.primaryColor');
  const { error, ...primaryColor } = f.field('bookIntroduction.primaryColor');
  return (
    <fieldset>
      <legend>介紹</legend>
      <Field label="主色" error={error}>
        <span className="admin-color">
          <input
            type="color"
            value={/^#[0-9a-f]{6}$/i.test(colour) ? colour : '#2f5d62'}
            onChange={(e) => f.form.setValue('bookIntroduction.primaryColor', e.target.value, { shouldValidate: true, shouldDirty: true })}
            aria-label="主色"
          />
          <input {...primaryColor} maxLength={20} aria-label="主色色碼" />
        </span>
      </Field>
      <Field label="標語" className="admin-field--wide" maxLength={200} {...f.field('bookIntroduction.slogan')} />
      <Field label="書籍簡介" className="admin-field--wide" multiline rows={4} maxLength={5000} {...f.field('bookIntroduction.overview')} />
      <Field label="摘要（一行一段）" className="admin-field--wide" multiline rows={3} {...f.field('bookIntroduction.summary')} />
      <Field label="詳細資料（一行一項）" className="admin-field--wide" multiline rows={3} {...f.field('bookIntroduction.detail')} />
      <Field label="賣點（一行一項）" className="admin-field--wide" multiline rows={3} {...f.field('content')} />
      <Field label="購買須知（一行一項）" className="admin-field--wide" multiline rows={3} {...f.field('notice')} />
    </fieldset>
  );
}

function ErratumFields({ f }: { f: ProductFormState }) {
  const errata = useFieldArray({ control: f.form.control, name: 'erratum' });
  return (
    <fieldset>
      <legend>勘誤公告</legend>
      {errata.fields.length === 0 ? <p className="muted">目前沒有勘誤。</p> : null}
      {errata.fields.map((er, i) => (
        <div className="admin-subform" key={er.id} role="group" aria-label={`勘誤 ${i + 1}`}>
          <Field label="章節" maxLength={100} {...f.field(`erratum.${i}.chapter`)} />
          <Field label="標題" maxLength={200} {...f.field(`erratum.${i}.title`)} />
          <Field label="公告日期" placeholder="2026-04-01" maxLength={40} {...f.field(`erratum.${i}.postDate`)} />
          <Field label="檔案路徑（選填）" maxLength={500} {...f.field(`erratum.${i}.file`)} />
          <Field label="內容（一行一項）" className="admin-field--wide" multiline rows={2} {...f.field(`erratum.${i}.content`)} />
          <button type="button" className="btn btn--ghost btn--small" onClick={() => errata.remove(i)}>
            刪除這則勘誤
          </button>
        </div>
      ))}
      <button type="button" className="btn btn--ghost btn--small" onClick={() => errata.append({ chapter: '', title: '', content: '', postDate: taiwanDay(Date.now()), file: '' })}>
        新增勘誤
      </button>
    </fieldset>
  );
}

/** The stock panel's values: the count as typed. */
interface StockValues {
  qty: string;
  reason: string;
}

function StockPanel({ product, onChange }: { product: AdminProduct; onChange: (qty: number) => void }) {
  const movements = useResource('GET /api/admin/stock/{productId}/movements', { params: { productId: product.productId } });
  const f = useAdminForm<StockValues, SetStockInput>(setStockInputSchema, { qty: '', reason: '' }, (v) => ({ qty: v.qty.trim() === '' ? Number.NaN : Number(v.qty), reason: v.reason }));
  const submit = f.onSubmit(async (input) => {
    const r = await setStock(product.productId, input.qty, input.reason);
    onChange(r.qty);
    movements.set(r.movements);
    f.form.reset();
    notify('success', r.alertsSent ? `庫存已設為 ${r.qty} 本，已寄到貨通知給 ${r.alertsSent} 位等待的顧客` : `庫存已設為 ${r.qty} 本`);
  });

  return (
    <section className="admin-card" aria-labelledby="stock-title">
      <h3 id="stock-title">
        庫存：<span data-testid="stock-qty">{product.stock ?? '—'}</span> 本
      </h3>
      <form className="admin-inline-form" onSubmit={(e) => void submit(e)} noValidate aria-label="設定庫存">
        <Field label="新的庫存數量" type="number" min={0} step={1} required inputMode="numeric" {...f.field('qty')} />
        <Field label="原因" required maxLength={200} placeholder="例如：再刷到貨、盤點" {...f.field('reason')} />
        <BusyButton busy={f.busy} type="submit">
          設定庫存
        </BusyButton>
      </form>
      <FormErrors error={f.error} />
      <Loaded resource={movements}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">尚無庫存異動紀錄。</p>
          ) : (
            <table className="stacked-table admin-table">
              <caption>庫存異動紀錄（最近 50 筆）</caption>
              <Thead columns={['時間', { label: '變更', num: true }, { label: '結存', num: true }, '原因', '操作者']} />
              <tbody>
                {rows.map((m) => (
                  <tr key={m.id}>
                    <td data-label="時間">{formatDateTime(m.at)}</td>
                    <td data-label="變更" className="num">
                      {m.delta > 0 ? `+${m.delta}` : m.delta}
                    </td>
                    <td data-label="結存" className="num" data-testid="movement-after">
                      {m.after}
                    </td>
                    <td data-label="原因">{m.reason}</td>
                    <td data-label="操作者">{m.who ?? m.by}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </section>
  );
}
