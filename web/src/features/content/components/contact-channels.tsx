import type { PublicSettings } from '@contracts/content';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/page-status';
import { useQuery } from '@tanstack/react-query';
import { q } from '@/lib/data/queries';

const CHANNELS = [
  { key: 'line', label: 'LINE 官方帳號', hint: '加入好友，訂單與團購問題最快回覆', icon: '/images/social/line.png' },
  { key: 'facebook', label: 'Facebook 粉絲專頁', hint: '新書消息與講座活動', icon: '/images/social/facebook.png' },
  { key: 'instagram', label: 'Instagram', hint: '書封、內頁與編輯室日常', icon: '/images/social/instagram.png' },
] as const;

type ChannelKey = (typeof CHANNELS)[number]['key'];

/** QR codes drawn in the browser from settings/shop's URLs; qrcode loads only on this page. */
function useQrCodes(settings: PublicSettings | null) {
  const [codes, setCodes] = useState<Partial<Record<ChannelKey, string>>>({});
  useEffect(() => {
    if (!settings) return;
    let live = true;
    void import('qrcode').then(async (QRCode) => {
      const entries = await Promise.all(
        CHANNELS.map(async (c) => {
          const url = settings.contact[c.key];
          const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1f2a2e', light: '#ffffff' } });
          return [c.key, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`] as const;
        }),
      );
      if (live) setCodes(Object.fromEntries(entries));
    });
    return () => {
      live = false;
    };
  }, [settings]);
  return codes;
}

export function ContactChannels() {
  const settings = useQuery(q.settings());
  const data = settings.status === 'success' ? settings.data : null;
  const codes = useQrCodes(data);
  if (settings.status === 'pending') return <Spinner label="載入聯絡資訊…" />;
  if (settings.status === 'error' || !data) return <p className="notice notice--warn">聯絡資訊暫時無法載入，請來電 06-234-5678。</p>;
  const c = data.contact;
  return (
    <>
      <section aria-labelledby="contact-details-title" className="contact-details card">
        <h2 id="contact-details-title">聯絡資訊</h2>
        <dl className="contact-dl">
          <div>
            <dt>客服電話</dt>
            <dd>
              <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</a>
              <span className="muted small">（{c.hours}）</span>
            </dd>
          </div>
          <div>
            <dt>電子郵件</dt>
            <dd>
              <a href={`mailto:${c.email}`}>{c.email}</a>
            </dd>
          </div>
          <div>
            <dt>公司地址</dt>
            <dd>{c.address}</dd>
          </div>
          <div>
            <dt>公司名稱</dt>
            <dd>
              {data.company.name}（統一編號 {data.company.taxId}）
            </dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="contact-qr-title">
        <h2 id="contact-qr-title">掃描 QR Code 找到我們</h2>
        <ul className="card-grid qr-grid">
          {CHANNELS.map((ch) => (
            <li key={ch.key} className="qr-card">
              <div className="qr-card__code">
                {codes[ch.key] ? (
                  <img src={codes[ch.key]} alt={`${ch.label} QR Code`} width="120" height="120" data-testid={`qr-${ch.key}`} />
                ) : (
                  <span className="skeleton qr-card__placeholder" aria-hidden="true" />
                )}
              </div>
              <h3 className="qr-card__title">
                <img src={ch.icon} alt="" width="24" height="24" />
                {ch.label}
              </h3>
              <p className="muted small">{ch.hint}</p>
              <a href={c[ch.key]} target="_blank" rel="noopener noreferrer" className="btn btn--ghost btn--small">
                開啟 {ch.key === 'line' ? 'LINE' : ch.key === 'facebook' ? 'Facebook' : 'Instagram'}
                <span className="visually-hidden">（另開新視窗）</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
