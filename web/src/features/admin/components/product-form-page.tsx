import { adminProductInputSchema, adminProductUpdateSchema, type AdminProduct } from '@contracts/admin';
import { ERROR_KEYS } from '@contracts/errors';
import { isApiError } from '@/lib/api-client';
import type { Erratum, Product } from '@contracts/products';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime, taiwanDay } from '@contracts/format';
import { notify } from '@/lib/toast';
import { createProduct, setStock, updateProduct } from '../api/admin-api';
import { useOwnerAction } from '../lib/use-owner-action';
import { useResource } from '../lib/use-resource';
import { BusyButton, fieldErrors, FormErrors, fromLines, Loaded, PageHead, toLines } from './ui';
import { Field } from '@/components/field';
import { BackLink } from '@/components/back-link';

/** Where the covers live (web/public/images/books/): the image field starts with it as a hint. */
const IMAGE_FOLDER = '/images/books/';

const EMPTY: Product = {
  productId: '',
  name: '',
  subtitle: '',
  author: '',
  publisher: '青嶼書房',
  isbn: '',
  publishedAt: '',
  pages: 0,
  format: '',
  imgSrc: IMAGE_FOLDER,
  previewImages: [],
  listPrice: 0,
  salePrice: 0,
  isNew: true,
  launched: false,
  sortOrder: 100,
  content: [],
  notice: [],
  bookIntroduction: { primaryColor: '#2f5d62', slogan: '', overview: '', summary: [], detail: [] },
  erratum: [],
};

/** The error paths shown beside their own fields in the form below. */
const SHOWN = /^(productId|name|publishedAt|listPrice|salePrice|stock|imgSrc|previewImages(\.\d+)?|bookIntroduction\.primaryColor|erratum\.\d+\.(postDate|file))$/;

/** /admin/products/new and /admin/products/{productId}: every field of a book, and its stock. */
export default function ProductFormPage() {
  const { productId } = useParams();
  const product = useResource('GET /api/admin/products/{productId}', productId ? { params: { productId } } : null);
  return (
    <div>
      <BackLink to="/admin/products">返回書籍列表</BackLink>
      <Loaded resource={product}>
        {(p) => (
          <>
            <PageHead title={p ? `編輯：${p.name}` : '新增書籍'} />
            {p ? <StockPanel product={p} onChange={(qty) => product.set({ ...p, stock: qty })} /> : null}
            <ProductForm initial={p} key={p?.productId ?? 'new'} />
          </>
        )}
      </Loaded>
    </div>
  );
}

function ProductForm({ initial }: { initial: AdminProduct | null }) {
  const navigate = useNavigate();
  const [p, setP] = useState<Product>(() => {
    if (!initial) return EMPTY;
    const { stock: _stock, ...rest } = initial;
    return { ...EMPTY, ...rest };
  });
  const { busy, error, run } = useOwnerAction();
  // The new book's first count (the stock panel sets it afterwards).
  const [stock, setStockQty] = useState('0');
  // Each problem beside its field (the same schema as the server's, with its Chinese messages).
  const [errors, setErrors] = useState<Record<string, string>>({});
  const err = (path: string) => errors[path];
  const set = <K extends keyof Product>(k: K, v: Product[K]) => setP((x) => ({ ...x, [k]: v }));
  const setIntro = <K extends keyof Product['bookIntroduction']>(k: K, v: Product['bookIntroduction'][K]) =>
    setP((x) => ({ ...x, bookIntroduction: { ...x.bookIntroduction, [k]: v } }));
  const setErratum = (i: number, e: Partial<Erratum>) => setP((x) => ({ ...x, erratum: x.erratum.map((old, j) => (j === i ? { ...old, ...e } : old)) }));
  const num = (v: string) => (v === '' ? 0 : Number(v));

  function showErrors(map: Record<string, string>) {
    setErrors(map);
    notify('error', `有 ${Object.keys(map).length} 個欄位需要修正，請見標示處`);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.admin-form [aria-invalid="true"]')?.focus());
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const erratum = p.erratum.map((er) => ({ ...er, file: er.file?.trim() || undefined }));
    // The field starts as the covers' folder, a hint: left so, the book has no cover yet.
    const imgSrc = p.imgSrc.trim() === IMAGE_FOLDER ? '' : p.imgSrc;
    const { productId: _id, ...fields } = { ...p, imgSrc };
    const input = initial ? { ...fields, erratum } : { ...p, imgSrc, erratum, stock: stock === '' ? Number.NaN : Number(stock) };
    const parsed = initial ? adminProductUpdateSchema.safeParse(input) : adminProductInputSchema.safeParse(input);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    return run(async () => {
      try {
        if (initial) {
          await updateProduct(initial.productId, { ...fields, erratum });
          notify('success', `「${p.name}」已儲存`);
        } else {
          const created = await createProduct({ ...p, imgSrc, erratum, stock: Number(stock) });
          notify('success', `已新增「${created.name}」`);
          void navigate(`/admin/products/${created.productId}`, { replace: true });
        }
      } catch (e) {
        if (isApiError(e) && e.statusMessage === ERROR_KEYS.alreadyExists) return showErrors({ productId: '這個書籍編號已經有書了，請換一個' });
        if (isApiError(e) && e.details?.length) return showErrors(fieldErrors(e.details));
        throw e;
      }
    });
  };

  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate aria-label="書籍資料">
      <fieldset>
        <legend>基本資料</legend>
        <Field label="書籍編號（網址用，英數字與 -）" hint={initial ? '建立後不能修改' : '例如 company-law-2027'} error={err('productId')}>
          <input value={p.productId} onChange={(e) => set('productId', e.target.value.trim())} required disabled={!!initial} pattern="[A-Za-z0-9_-]{1,64}" />
        </Field>
        <Field label="書名" error={err('name')}>
          <input value={p.name} onChange={(e) => set('name', e.target.value)} required maxLength={200} />
        </Field>
        <Field label="副標題">
          <input value={p.subtitle} onChange={(e) => set('subtitle', e.target.value)} maxLength={200} />
        </Field>
        <Field label="作者">
          <input value={p.author} onChange={(e) => set('author', e.target.value)} maxLength={200} />
        </Field>
        <Field label="出版社">
          <input value={p.publisher} onChange={(e) => set('publisher', e.target.value)} maxLength={200} />
        </Field>
        <Field label="ISBN">
          <input value={p.isbn} onChange={(e) => set('isbn', e.target.value)} maxLength={20} inputMode="numeric" />
        </Field>
        <Field label="出版日期" error={err('publishedAt')}>
          <input value={p.publishedAt} onChange={(e) => set('publishedAt', e.target.value)} placeholder="2026-03-01" maxLength={40} />
        </Field>
        <Field label="頁數">
          <input type="number" min={0} step={1} value={p.pages} onChange={(e) => set('pages', num(e.target.value))} />
        </Field>
        <Field label="規格">
          <input value={p.format} onChange={(e) => set('format', e.target.value)} placeholder="平裝 17×23 cm" maxLength={100} />
        </Field>
      </fieldset>

      <fieldset>
        <legend>價格與上架</legend>
        <Field label="定價（NT$）" error={err('listPrice')}>
          <input type="number" min={0} step={1} value={p.listPrice} onChange={(e) => set('listPrice', num(e.target.value))} required />
        </Field>
        <Field label="售價（NT$）" hint="不能高於定價；低於定價時顯示「限時優惠」" error={err('salePrice')}>
          <input type="number" min={0} step={1} value={p.salePrice} onChange={(e) => set('salePrice', num(e.target.value))} required />
        </Field>
        {initial ? null : (
          <Field label="庫存數量（本）" hint="建立後可在書籍頁調整，每次調整都會記錄" error={err('stock')}>
            <input type="number" min={0} step={1} value={stock} onChange={(e) => setStockQty(e.target.value)} inputMode="numeric" required />
          </Field>
        )}
        <Field label="排序（小的在前）">
          <input type="number" step={1} value={p.sortOrder} onChange={(e) => set('sortOrder', num(e.target.value))} />
        </Field>
        <label className="admin-check">
          <input type="checkbox" checked={p.isNew} onChange={(e) => set('isNew', e.target.checked)} /> 新品
        </label>
        <label className="admin-check">
          <input type="checkbox" checked={p.launched} onChange={(e) => set('launched', e.target.checked)} /> 上架（在書店顯示）
        </label>
      </fieldset>

      <fieldset>
        <legend>圖片（網站內的路徑）</legend>
        <Field label="封面圖片" className="admin-field--wide" hint="本站圖片路徑，例如 /images/books/書號/cover.jpg" error={err('imgSrc')}>
          <input value={p.imgSrc} onChange={(e) => set('imgSrc', e.target.value)} required maxLength={500} />
        </Field>
        <Field label="試閱圖片（一行一張）" className="admin-field--wide" error={Object.entries(errors).find(([k]) => k.startsWith('previewImages'))?.[1]}>
          <textarea rows={3} value={fromLines(p.previewImages)} onChange={(e) => set('previewImages', toLines(e.target.value))} />
        </Field>
      </fieldset>

      <fieldset>
        <legend>介紹</legend>
        <Field label="主色" error={err('bookIntroduction.primaryColor')}>
          <span className="admin-color">
            <input type="color" value={/^#[0-9a-f]{6}$/i.test(p.bookIntroduction.primaryColor) ? p.bookIntroduction.primaryColor : '#2f5d62'} onChange={(e) => setIntro('primaryColor', e.target.value)} aria-label="主色" />
            <input value={p.bookIntroduction.primaryColor} onChange={(e) => setIntro('primaryColor', e.target.value)} maxLength={20} aria-label="主色色碼" />
          </span>
        </Field>
        <Field label="標語" className="admin-field--wide">
          <input value={p.bookIntroduction.slogan} onChange={(e) => setIntro('slogan', e.target.value)} maxLength={200} />
        </Field>
        <Field label="書籍簡介" className="admin-field--wide">
          <textarea rows={4} value={p.bookIntroduction.overview} onChange={(e) => setIntro('overview', e.target.value)} maxLength={5000} />
        </Field>
        <Field label="摘要（一行一段）" className="admin-field--wide">
          <textarea rows={3} value={fromLines(p.bookIntroduction.summary)} onChange={(e) => setIntro('summary', toLines(e.target.value))} />
        </Field>
        <Field label="詳細資料（一行一項）" className="admin-field--wide">
          <textarea rows={3} value={fromLines(p.bookIntroduction.detail)} onChange={(e) => setIntro('detail', toLines(e.target.value))} />
        </Field>
        <Field label="賣點（一行一項）" className="admin-field--wide">
          <textarea rows={3} value={fromLines(p.content)} onChange={(e) => set('content', toLines(e.target.value))} />
        </Field>
        <Field label="購買須知（一行一項）" className="admin-field--wide">
          <textarea rows={3} value={fromLines(p.notice)} onChange={(e) => set('notice', toLines(e.target.value))} />
        </Field>
      </fieldset>

      <fieldset>
        <legend>勘誤公告</legend>
        {p.erratum.length === 0 ? <p className="muted">目前沒有勘誤。</p> : null}
        {p.erratum.map((er, i) => (
          <div className="admin-subform" key={i} role="group" aria-label={`勘誤 ${i + 1}`}>
            <Field label="章節">
              <input value={er.chapter} onChange={(e) => setErratum(i, { chapter: e.target.value })} maxLength={100} />
            </Field>
            <Field label="標題">
              <input value={er.title} onChange={(e) => setErratum(i, { title: e.target.value })} maxLength={200} />
            </Field>
            <Field label="公告日期" error={err(`erratum.${i}.postDate`)}>
              <input value={er.postDate} onChange={(e) => setErratum(i, { postDate: e.target.value })} placeholder="2026-04-01" maxLength={40} />
            </Field>
            <Field label="檔案路徑（選填）" error={err(`erratum.${i}.file`)}>
              <input value={er.file ?? ''} onChange={(e) => setErratum(i, { file: e.target.value })} maxLength={500} />
            </Field>
            <Field label="內容（一行一項）" className="admin-field--wide">
              <textarea rows={2} value={fromLines(er.content)} onChange={(e) => setErratum(i, { content: toLines(e.target.value) })} />
            </Field>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => set('erratum', p.erratum.filter((_, j) => j !== i))}>
              刪除這則勘誤
            </button>
          </div>
        ))}
        <button type="button" className="btn btn--ghost btn--small" onClick={() => set('erratum', [...p.erratum, { chapter: '', title: '', content: [], postDate: taiwanDay(Date.now()) }])}>
          新增勘誤
        </button>
      </fieldset>

      <FormErrors error={error} />
      {/* Problems of fields without a place of their own (none expected; never silent). */}
      {Object.entries(errors).some(([k]) => !SHOWN.test(k)) ? (
        <div className="admin-alert" role="alert">
          {Object.entries(errors)
            .filter(([k]) => !SHOWN.test(k))
            .map(([k, m]) => (
              <p key={k}>
                {k}：{m}
              </p>
            ))}
        </div>
      ) : null}
      <div className="admin-form__submit">
        <BusyButton busy={busy} type="submit">
          {initial ? '儲存變更' : '建立書籍'}
        </BusyButton>
      </div>
    </form>
  );
}

function StockPanel({ product, onChange }: { product: AdminProduct; onChange: (qty: number) => void }) {
  const movements = useResource('GET /api/admin/stock/{productId}/movements', { params: { productId: product.productId } });
  const { busy, error, run } = useOwnerAction();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const d = new FormData(form);
    return run(async () => {
      const r = await setStock(product.productId, Number(d.get('qty')), String(d.get('reason') ?? '').trim());
      onChange(r.qty);
      movements.set(r.movements);
      form.reset();
      notify('success', r.alertsSent ? `庫存已設為 ${r.qty} 本，已寄到貨通知給 ${r.alertsSent} 位等待的顧客` : `庫存已設為 ${r.qty} 本`);
    });
  };

  return (
    <section className="admin-card" aria-labelledby="stock-title">
      <h3 id="stock-title">
        庫存：<span data-testid="stock-qty">{product.stock ?? '—'}</span> 本
      </h3>
      <form className="admin-inline-form" onSubmit={(e) => void submit(e)} aria-label="設定庫存">
        <Field label="新的庫存數量">
          <input name="qty" type="number" min={0} step={1} required inputMode="numeric" />
        </Field>
        <Field label="原因">
          <input name="reason" required maxLength={200} placeholder="例如：再刷到貨、盤點" />
        </Field>
        <BusyButton busy={busy} type="submit">
          設定庫存
        </BusyButton>
      </form>
      <FormErrors error={error} />
      <Loaded resource={movements}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">尚無庫存異動紀錄。</p>
          ) : (
            <table className="stacked-table admin-table">
              <caption>庫存異動紀錄（最近 50 筆）</caption>
              <thead>
                <tr>
                  <th scope="col">時間</th>
                  <th scope="col" className="num">
                    變更
                  </th>
                  <th scope="col" className="num">
                    結存
                  </th>
                  <th scope="col">原因</th>
                  <th scope="col">操作者</th>
                </tr>
              </thead>
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
                    <td data-label="操作者">{m.by.replace(/^owner:/, '')}</td>
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
