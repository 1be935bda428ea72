import { adminSettingsInputSchema, ORDER_NOTICE_LABELS, ORDER_NOTICE_MODES, SETTINGS_LIMITS, type AdminSettings, type AdminSettingsInput, type ShopSettings } from '@contracts/settings';
import { Field } from '@/components/field';
import { notify } from '@/lib/toast';
import { saveSettings } from '../api/admin-api';
import { useAdminForm } from '../lib/use-admin-form';
import { useResource } from '../lib/use-resource';
import { FormErrors, Loaded, PageHead, SubmitRow, wholeNumber } from './ui';
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

/** The form's values: the settings, with the numbers edited as text so that a cleared field is an error rather than a silent 0. */
interface Values {
  shop: Omit<ShopSettings, 'shipping' | 'paymentDueDays'> & { shipping: Omit<ShopSettings['shipping'], 'fee'> & { fee: string }; paymentDueDays: string };
  notifications: AdminSettings['notifications'];
}

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

const toValues = (s: AdminSettings): Values => ({
  ...s,
  shop: { ...s.shop, paymentDueDays: String(s.shop.paymentDueDays), shipping: { ...s.shop.shipping, fee: String(s.shop.shipping.fee) } },
});

const toInput = (v: Values) => ({
  ...v,
  shop: { ...v.shop, paymentDueDays: num(v.shop.paymentDueDays), shipping: { ...v.shop.shipping, fee: num(v.shop.shipping.fee) } },
});

type SettingsFormState = ReturnType<typeof useSettingsForm>;
const useSettingsForm = (initial: AdminSettings) => useAdminForm<Values, AdminSettingsInput>(adminSettingsInputSchema, toValues(initial), toInput);

function SettingsForm({ initial, onSaved }: { initial: AdminSettings; onSaved: (s: AdminSettings) => void }) {
  const f = useSettingsForm(initial);
  // The server's schema, with its Chinese messages, before anything is sent.
  const submit = f.onSubmit(async (input) => {
    onSaved(await saveSettings(input));
    notify('success', '商店設定已儲存');
  });
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate aria-label="商店設定">
      <NoticeFields f={f} />
      <fieldset>
        <legend>商店</legend>
        <Field label="商店名稱" required maxLength={60} {...f.field('shop.shopName')} />
        <Field label="付款期限（天）" hint={`下單後幾天內匯款，1–${SETTINGS_LIMITS.paymentDueDaysMax} 天；逾期自動取消`} required {...wholeNumber(1, SETTINGS_LIMITS.paymentDueDaysMax)} {...f.field('shop.paymentDueDays')} />
      </fieldset>
      <BankFields f={f} />
      <ShippingFields f={f} />
      <ContactFields f={f} />
      <fieldset>
        <legend>公司</legend>
        <Field label="公司名稱" maxLength={100} {...f.field('shop.company.name')} />
        <Field label="統一編號" hint="8 位數字，可留空" inputMode="numeric" maxLength={8} {...f.field('shop.company.taxId')} />
      </fieldset>
      <FormErrors error={f.error} />
      <SubmitRow busy={f.busy}>儲存設定</SubmitRow>
    </form>
  );
}

/** 新訂單通知: one mail per order or a daily digest, to the contact address below. */
function NoticeFields({ f }: { f: SettingsFormState }) {
  const email = f.form.watch('shop.contact.email');
  return (
    <fieldset>
      <legend>新訂單通知</legend>
      <fieldset className="settings-choice">
        <legend className="visually-hidden">新訂單通知方式</legend>
        {ORDER_NOTICE_MODES.map((m) => (
          <label key={m}>
            <input type="radio" value={m} {...f.form.register('notifications.orders')} />
            <span>
              {ORDER_NOTICE_LABELS[m]}
              <span className="admin-sub">{m === 'each' ? '訂單成立時立即寄到商店信箱。' : '每天早上 8 點寄出，列出前一天（台灣時間）的所有訂單；當天沒有訂單則不寄。'}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="muted small settings-wide">通知與顧客詢問都寄到下方「聯絡方式」的電子郵件：{email || '尚未填寫'}</p>
    </fieldset>
  );
}

function BankFields({ f }: { f: SettingsFormState }) {
  return (
    <fieldset>
      <legend>匯款帳戶</legend>
      <Field label="銀行名稱" required maxLength={60} {...f.field('shop.bank.name')} />
      <Field label="銀行代碼" hint="3 位數字，例如 004" required inputMode="numeric" maxLength={3} {...f.field('shop.bank.code')} />
      <Field label="分行" maxLength={60} {...f.field('shop.bank.branch')} />
      <Field label="戶名" required maxLength={80} {...f.field('shop.bank.accountName')} />
      <Field label="帳號" hint="數字與 -" required inputMode="numeric" maxLength={30} {...f.field('shop.bank.account')} />
    </fieldset>
  );
}

function ShippingFields({ f }: { f: SettingsFormState }) {
  const free = f.form.watch('shop.shipping.freeWithinTaiwan');
  return (
    <fieldset>
      <legend>運送</legend>
      <label className="admin-check settings-wide">
        <input type="checkbox" {...f.form.register('shop.shipping.freeWithinTaiwan')} /> 臺灣免運費
      </label>
      <Field label="運費（NT$）" hint={free ? '免運時不收取' : `0–${SETTINGS_LIMITS.feeMax} 元`} required {...wholeNumber(0, SETTINGS_LIMITS.feeMax)} {...f.field('shop.shipping.fee')} />
      <Field label="物流業者" required maxLength={60} {...f.field('shop.shipping.carrier')} />
      <Field label="出貨說明" className="settings-wide" hint="顯示在購物說明與訂單頁，最多 300 字" multiline rows={3} maxLength={400} {...f.field('shop.shipping.notes')} />
    </fieldset>
  );
}

function ContactFields({ f }: { f: SettingsFormState }) {
  return (
    <fieldset>
      <legend>聯絡方式</legend>
      <Field label="電子郵件" hint="顧客詢問與新訂單通知寄到這裡，也是寄給顧客的信的寄件地址" required type="email" inputMode="email" maxLength={254} {...f.field('shop.contact.email')} />
      <Field label="電話" required type="tel" maxLength={30} {...f.field('shop.contact.phone')} />
      <Field label="地址" maxLength={200} {...f.field('shop.contact.address')} />
      <Field label="服務時間" maxLength={100} {...f.field('shop.contact.hours')} />
      <Field label="LINE 網址" hint="https:// 開頭，可留空" type="url" maxLength={300} {...f.field('shop.contact.line')} />
      <Field label="Facebook 網址" hint="https:// 開頭，可留空" type="url" maxLength={300} {...f.field('shop.contact.facebook')} />
      <Field label="Instagram 網址" hint="https:// 開頭，可留空" type="url" maxLength={300} {...f.field('shop.contact.instagram')} />
    </fieldset>
  );
}
