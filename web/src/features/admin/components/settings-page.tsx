import { adminSettingsInputSchema, ORDER_NOTICE_LABELS, ORDER_NOTICE_MODES, SETTINGS_LIMITS, type AdminSettings, type ShopSettings } from '@contracts/settings';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { saveSettings } from '../api/admin-api';
import { errorText } from '../lib/labels';
import { useResource } from '../lib/use-resource';
import { BusyButton, fieldErrors, FormErrors, Loaded, PageHead } from './ui';
import '../inbox.css';

/** /admin/settings: the shop's settings (bank, payment days, shipping, contact) and how new orders are told. */
export default function SettingsPage() {
  const settings = useResource('GET /api/admin/settings', {});
  return (
    <div>
      <PageHead title="商店設定" />
      <p className="muted">匯款資訊、付款期限、運送說明與聯絡方式會顯示在商店頁面與寄給顧客的信中。儲存後，新訂單與信件立即使用新設定；商店頁面最多約 5 分鐘後更新。</p>
      <Loaded resource={settings}>{(s) => <SettingsForm initial={s} onSaved={settings.set} />}</Loaded>
    </div>
  );
}

/** Numbers are edited as text, so that a cleared field is an error rather than a silent 0. */
type Draft = AdminSettings & { feeText: string; daysText: string };

function SettingsForm({ initial, onSaved }: { initial: AdminSettings; onSaved: (s: AdminSettings) => void }) {
  const [d, setD] = useState<Draft>({ ...initial, feeText: String(initial.shop.shipping.fee), daysText: String(initial.shop.paymentDueDays) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const shop = <K extends keyof ShopSettings>(k: K, v: ShopSettings[K]) => setD((x) => ({ ...x, shop: { ...x.shop, [k]: v } }));
  const part = <K extends 'bank' | 'shipping' | 'contact' | 'company'>(k: K, v: Partial<ShopSettings[K]>) => setD((x) => ({ ...x, shop: { ...x.shop, [k]: { ...x.shop[k], ...v } } }));
  const err = (path: string) => errors[path];
  const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

  function showErrors(map: Record<string, string>) {
    setErrors(map);
    notify('error', `有 ${Object.keys(map).length} 個欄位需要修正，請見標示處`);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.admin-form [aria-invalid="true"]')?.focus());
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const { feeText, daysText, ...rest } = d;
    const input: AdminSettings = { ...rest, shop: { ...rest.shop, paymentDueDays: num(daysText), shipping: { ...rest.shop.shipping, fee: num(feeText) } } };
    // The server's schema, with its Chinese messages, before anything is sent.
    const parsed = adminSettingsInputSchema.safeParse(input);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const saved = await saveSettings(parsed.data);
      onSaved(saved);
      notify('success', '商店設定已儲存');
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

  const { bank, shipping, contact, company } = d.shop;
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate aria-label="商店設定">
      <fieldset>
        <legend>新訂單通知</legend>
        <fieldset className="settings-choice">
          <legend className="visually-hidden">新訂單通知方式</legend>
          {ORDER_NOTICE_MODES.map((m) => (
            <label key={m}>
              <input type="radio" name="orders" value={m} checked={d.notifications.orders === m} onChange={() => setD((x) => ({ ...x, notifications: { orders: m } }))} />
              <span>
                {ORDER_NOTICE_LABELS[m]}
                <span className="admin-sub">{m === 'each' ? '訂單成立時立即寄到商店信箱。' : '每天早上 8 點寄出，列出前一天（台灣時間）的所有訂單；當天沒有訂單則不寄。'}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p className="muted small settings-wide">通知與顧客詢問都寄到下方「聯絡方式」的電子郵件：{contact.email || '尚未填寫'}</p>
      </fieldset>

      <fieldset>
        <legend>商店</legend>
        <Field label="商店名稱" required error={err('shop.shopName')}>
          <input value={d.shop.shopName} onChange={(e) => shop('shopName', e.target.value)} maxLength={60} />
        </Field>
        <Field label="付款期限（天）" hint={`下單後幾天內匯款，1–${SETTINGS_LIMITS.paymentDueDaysMax} 天；逾期自動取消`} required error={err('shop.paymentDueDays')}>
          <input type="number" inputMode="numeric" min={1} max={SETTINGS_LIMITS.paymentDueDaysMax} step={1} value={d.daysText} onChange={(e) => setD((x) => ({ ...x, daysText: e.target.value }))} />
        </Field>
      </fieldset>

      <fieldset>
        <legend>匯款帳戶</legend>
        <Field label="銀行名稱" required error={err('shop.bank.name')}>
          <input value={bank.name} onChange={(e) => part('bank', { name: e.target.value })} maxLength={60} />
        </Field>
        <Field label="銀行代碼" hint="3 位數字，例如 004" required error={err('shop.bank.code')}>
          <input inputMode="numeric" value={bank.code} onChange={(e) => part('bank', { code: e.target.value })} maxLength={3} />
        </Field>
        <Field label="分行" error={err('shop.bank.branch')}>
          <input value={bank.branch} onChange={(e) => part('bank', { branch: e.target.value })} maxLength={60} />
        </Field>
        <Field label="戶名" required error={err('shop.bank.accountName')}>
          <input value={bank.accountName} onChange={(e) => part('bank', { accountName: e.target.value })} maxLength={80} />
        </Field>
        <Field label="帳號" hint="數字與 -" required error={err('shop.bank.account')}>
          <input inputMode="numeric" value={bank.account} onChange={(e) => part('bank', { account: e.target.value })} maxLength={30} />
        </Field>
      </fieldset>

      <fieldset>
        <legend>運送</legend>
        <label className="admin-check settings-wide">
          <input type="checkbox" checked={shipping.freeWithinTaiwan} onChange={(e) => part('shipping', { freeWithinTaiwan: e.target.checked })} /> 臺灣免運費
        </label>
        <Field label="運費（NT$）" hint={shipping.freeWithinTaiwan ? '免運時不收取' : `0–${SETTINGS_LIMITS.feeMax} 元`} required error={err('shop.shipping.fee')}>
          <input type="number" inputMode="numeric" min={0} max={SETTINGS_LIMITS.feeMax} step={1} value={d.feeText} onChange={(e) => setD((x) => ({ ...x, feeText: e.target.value }))} />
        </Field>
        <Field label="物流業者" required error={err('shop.shipping.carrier')}>
          <input value={shipping.carrier} onChange={(e) => part('shipping', { carrier: e.target.value })} maxLength={60} />
        </Field>
        <Field label="出貨說明" className="settings-wide" hint="顯示在購物說明與訂單頁，最多 300 字" multiline rows={3} error={err('shop.shipping.notes')} value={shipping.notes} onChange={(e) => part('shipping', { notes: e.currentTarget.value })} maxLength={400} />
      </fieldset>

      <fieldset>
        <legend>聯絡方式</legend>
        <Field label="電子郵件" hint="顧客詢問與新訂單通知寄到這裡，也是寄給顧客的信的寄件地址" required error={err('shop.contact.email')}>
          <input type="email" inputMode="email" value={contact.email} onChange={(e) => part('contact', { email: e.target.value })} maxLength={254} />
        </Field>
        <Field label="電話" required error={err('shop.contact.phone')}>
          <input type="tel" value={contact.phone} onChange={(e) => part('contact', { phone: e.target.value })} maxLength={30} />
        </Field>
        <Field label="地址" error={err('shop.contact.address')}>
          <input value={contact.address} onChange={(e) => part('contact', { address: e.target.value })} maxLength={200} />
        </Field>
        <Field label="服務時間" error={err('shop.contact.hours')}>
          <input value={contact.hours} onChange={(e) => part('contact', { hours: e.target.value })} maxLength={100} />
        </Field>
        <Field label="LINE 網址" hint="https:// 開頭，可留空" error={err('shop.contact.line')}>
          <input type="url" value={contact.line} onChange={(e) => part('contact', { line: e.target.value })} maxLength={300} />
        </Field>
        <Field label="Facebook 網址" hint="https:// 開頭，可留空" error={err('shop.contact.facebook')}>
          <input type="url" value={contact.facebook} onChange={(e) => part('contact', { facebook: e.target.value })} maxLength={300} />
        </Field>
        <Field label="Instagram 網址" hint="https:// 開頭，可留空" error={err('shop.contact.instagram')}>
          <input type="url" value={contact.instagram} onChange={(e) => part('contact', { instagram: e.target.value })} maxLength={300} />
        </Field>
      </fieldset>

      <fieldset>
        <legend>公司</legend>
        <Field label="公司名稱" error={err('shop.company.name')}>
          <input value={company.name} onChange={(e) => part('company', { name: e.target.value })} maxLength={100} />
        </Field>
        <Field label="統一編號" hint="8 位數字，可留空" error={err('shop.company.taxId')}>
          <input inputMode="numeric" value={company.taxId} onChange={(e) => part('company', { taxId: e.target.value })} maxLength={8} />
        </Field>
      </fieldset>

      <FormErrors error={error} />
      <div className="admin-form__submit">
        <BusyButton busy={busy} type="submit">
          儲存設定
        </BusyButton>
      </div>
    </form>
  );
}
