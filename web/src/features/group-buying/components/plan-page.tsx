import type { GroupPlanView } from '@contracts/group-buying';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '@/components/page-status';
import { LEAD_PICTURE } from '@/components/book-picture';
import { CAMPAIGN_OUTCOME_LABELS, formatLongDateTime, formatMoney, minPerOrderText } from '@contracts/format';
import { useDocumentMeta } from '@/lib/use-document-title';
import { ERROR_KEYS } from '@contracts/error-keys';
import { ApiError } from '@/lib/api-client';
import { useGroupPlan } from '../api/plan';
import { useGroupCart } from '../group-cart-store';
import { priceLines } from './cart-lines';
import { PlanBookCard, type CoverRenderer } from './plan-book-card';
import { PlanProgressPanel } from './plan-progress';
import { CloseReminderForm } from './close-reminder-form';
import { Fact } from '@/components/fact';
import { NeedsJavaScript } from '@/components/needs-javascript';
import { bannerSources } from '@/lib/banner-image';
import '../group-buying.css';

// The forms carry zod (the shared schemas): loaded after the plan has rendered, only where needed.
const GroupCheckout = lazy(() => import('./group-checkout').then((m) => ({ default: m.GroupCheckout })));
const InquiryForm = lazy(() => import('@/components/inquiry-form').then((m) => ({ default: m.InquiryForm })));

export interface LandingCopy {
  kicker: string;
  intro: ReactNode;
}

/** Loads a plan; an unknown plan is the 404 screen, a network failure offers a retry. */
export function usePlanOrThrow(planId: string) {
  const plan = useGroupPlan(planId);
  if (plan.status === 'success' && !plan.data) throw new ApiError({ statusCode: 404, statusMessage: ERROR_KEYS.notFound, message: `No plan ${planId}` });
  return plan as Exclude<typeof plan, { status: 'success' }> | (typeof plan & { status: 'success'; data: GroupPlanView });
}

export function PlanLoading({ label = '活動資料載入中…' }: { label?: string }) {
  return (
    <div className="gb-loading">
      <Spinner label={label} />
    </div>
  );
}

export function PlanLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="gb-alert" role="alert">
      <p>活動資料載入失敗，請檢查網路連線後再試一次。</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        重新載入
      </button>
    </div>
  );
}

/** /ezbuy/{planId}, and with `landing` the association pages with the order form built in. */
export function PlanPage({ planId, landing, cover }: { planId: string; landing?: LandingCopy; cover?: CoverRenderer }) {
  const plan = usePlanOrThrow(planId);
  useDocumentMeta(plan.data ? `【${plan.data.title}】` : '團購活動', plan.data?.content[0]);
  if (plan.status === 'loading') return <PlanLoading />;
  if (plan.status === 'error') return <PlanLoadError onRetry={plan.reload} />;
  return <PlanView plan={plan.data} landing={landing} cover={cover} />;
}

function PlanView({ plan, landing, cover }: { plan: GroupPlanView; landing?: LandingCopy; cover?: CoverRenderer }) {
  const navigate = useNavigate();
  const cartLines = useGroupCart(plan.planId);
  const lines = useMemo(() => priceLines(cartLines, plan.products), [cartLines, plan.products]);
  const cartCount = lines.reduce((n, l) => n + l.qty, 0);
  const cartTotal = lines.reduce((n, l) => n + l.total, 0);
  const cartUrl = `/ezbuy/cart?planId=${encodeURIComponent(plan.planId)}`;

  const toCheckout = () => {
    if (landing) {
      const el = document.getElementById('order-form');
      el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      el?.focus({ preventScroll: true });
    } else {
      void navigate(cartUrl);
    }
  };

  return (
    <article className={`gb-plan${plan.isOpen ? '' : ' gb-plan--closed'}`} aria-labelledby="plan-title">
      <PlanBanner plan={plan} />

      <PlanHead plan={plan} kicker={landing?.kicker} />

      {landing && <div className="gb-plan__intro">{landing.intro}</div>}

      <div className="gb-plan__content">
        {plan.content.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>

      {/* After 流團 the count toward the threshold no longer means anything: the head says what happened. */}
      {plan.decision?.outcome === 'failed' ? null : (
        <>
          <PlanProgressPanel initial={plan.progress} decided={plan.decision?.outcome ?? null} />
          <PayAfterNotice plan={plan} />
        </>
      )}

      {plan.isOpen && plan.launched !== false ? <CloseReminderForm planId={plan.planId} closingDate={plan.closingDate} /> : null}

      <section aria-labelledby="books-title" className="gb-books">
        <h2 id="books-title">團購書單</h2>
        {plan.isOpen && <NeedsJavaScript what={landing ? '選書與訂購表單' : '加入購物車與結帳'} />}
        <div className="gb-books__grid">
          {plan.products.map((p) => (
            <PlanBookCard key={p.productId} cover={cover} planId={plan.planId} product={p} isOpen={plan.isOpen} onCheckout={toCheckout} />
          ))}
        </div>
      </section>

      <PlanNotes plan={plan} />

      {plan.isOpen && landing && (
        <section id="order-form" className="gb-order-form" aria-labelledby="order-form-title" tabIndex={-1}>
          <h2 id="order-form-title">訂購表單</h2>
          <p className="muted">免註冊、免登入：選好書籍與數量，填寫資料後送出，即完成訂購。</p>
          <NeedsJavaScript what="訂購表單" />
          <Suspense fallback={<PlanLoading label="訂購表單載入中…" />}>
            <GroupCheckout plan={plan} embedded />
          </Suspense>
        </section>
      )}

      {!plan.isOpen && (
        <div id="plan-inquiry" className="gb-inquiry" tabIndex={-1}>
          <Suspense fallback={<PlanLoading label="洽詢表單載入中…" />}>
            <InquiryForm
              topic="campaign"
              planId={plan.planId}
              bulk
              title="活動洽詢"
              messagePlaceholder={`錯過了「${plan.title}」？告訴我們想訂的書與數量，我們會回覆能否以團購價訂購，或下一次開團的時間。`}
            />
          </Suspense>
        </div>
      )}

      {plan.isOpen && !landing && cartCount > 0 && (
        <div className="gb-cartbar" role="region" aria-label="團購購物車">
          <span>
            購物車 <strong>{cartCount}</strong> 本・{formatMoney(cartTotal)}
          </span>
          <Link className="btn btn--primary" to={cartUrl}>
            前往結帳
          </Link>
        </div>
      )}
    </article>
  );
}

/** The title, the period and the organiser; a closed or not yet launched plan says so first. */
function PlanHead({ plan, kicker }: { plan: GroupPlanView; kicker?: string }) {
  // An unlaunched plan (the owner's preview) has not closed: it has not opened yet.
  const [loadedAt] = useState(() => Date.now());
  const notYetLaunched = plan.launched === false && Date.parse(plan.closingDate) > loadedAt;
  return (
    <>
      <header className="gb-plan__head">
        {kicker && <p className="gb-plan__kicker">{kicker}</p>}
        <h1 id="plan-title" className="gb-plan__title">
          【{plan.title}】
        </h1>
        <p className="gb-plan__meta">
          <span className="gb-badge">優惠期間：即日起 - {formatLongDateTime(plan.closingDate)}</span>
          <span className="gb-plan__organizer">主辦：{plan.organizer}</span>
        </p>
      </header>

      {!plan.isOpen && notYetLaunched && (
        <section className="gb-closed" aria-labelledby="closed-title">
          <h2 id="closed-title">尚未開放訂購</h2>
          <p>本團購活動尚未上架，上架後即可下單（預計 {formatLongDateTime(plan.closingDate)} 截止）。</p>
        </section>
      )}

      {!plan.isOpen && !notYetLaunched && (
        <section className={`gb-closed${plan.decision ? ` gb-closed--${plan.decision.outcome}` : ''}`} aria-labelledby="closed-title">
          <h2 id="closed-title">{plan.decision ? `活動截止・${CAMPAIGN_OUTCOME_LABELS[plan.decision.outcome]}` : '活動截止'}</h2>
          <p>{closedText(plan)}</p>
          {plan.decision?.note ? <p className="gb-closed__note">店家說明：{plan.decision.note}</p> : null}
          <p>
            還想訂購？請填寫<a href="#plan-inquiry">活動洽詢表單</a>，我們會盡快與您聯絡。
          </p>
        </section>
      )}
    </>
  );
}

/** What a closed campaign's page says: the owner's 成團 / 流團 plainly once decided (docs/group-buying.md). */
function closedText(plan: GroupPlanView): string {
  const closed = `本團購活動已於 ${formatLongDateTime(plan.closingDate)} 截止`;
  if (plan.decision?.outcome === 'succeeded') return `${closed}，已成團，感謝您的支持！已下單的買家會收到取書或寄送的通知信。`;
  if (plan.decision?.outcome === 'failed') return `${closed}，很抱歉，本次未成團（流團）。未付款的訂單已取消，不需要付款；已付款的款項會全額退還。每位買家都已收到通知信。`;
  return `${closed}，感謝您的支持。已下單的訂單照常處理。`;
}

/** A pay-after-成團 campaign says, beside its progress, that no payment is asked until it forms. */
function PayAfterNotice({ plan }: { plan: GroupPlanView }) {
  // A closed campaign takes no more orders: its head (closedText) says what happens now.
  if (!plan.payAfterFormed || !plan.isOpen) return null;
  return (
    <p className="gb-pay-after" data-testid="pay-after">
      {plan.formedAt ? (
        <>
          <strong>本團已成團</strong>，訂單送出後請依確認信上的期限匯款。
        </>
      ) : (
        <>
          <strong>成團後才收款</strong>：下單時不需匯款。訂購本數達到成團門檻{plan.minQuantity ? ` ${plan.minQuantity} 本` : ''}時，我們會寄出收款通知（匯款帳號、金額與期限）；若未成團，訂單取消，不需支付任何款項。
        </>
      )}
    </p>
  );
}

/** 取書與付款: the minimum per order (the stored one the server enforces), pickup and payment notes. */
function PlanNotes({ plan }: { plan: GroupPlanView }) {
  if (!(plan.pickupNotes || plan.paymentNotes || plan.minPerOrder)) return null;
  return (
    <section className="gb-notes" aria-labelledby="notes-title">
      <h2 id="notes-title">取書與付款</h2>
      <dl>
        {/* Stated from the stored minimum the server enforces, never from free text. */}
        <Fact term="訂購數量">{plan.minPerOrder ? minPerOrderText(plan.minPerOrder) : null}</Fact>
        <Fact term="取書方式">{plan.pickupNotes}</Fact>
        <Fact term="付款方式">{plan.paymentNotes}</Fact>
      </dl>
    </section>
  );
}

/**
 * One banner's sources, smallest format first (a browser takes the first it can show): its AVIF and WebP
 * where the build made them (web/src/lib/banner-image.ts), then the picture itself. Without media, the
 * picture itself is the img's own src and needs no source.
 */
function BannerSources({ src, media }: { src: string; media?: string }) {
  const made = bannerSources(src);
  return (
    <>
      {made && <source media={media} type="image/avif" srcSet={made.avif} />}
      {made && <source media={media} type="image/webp" srcSet={made.webp} />}
      {media && <source media={media} srcSet={src} />}
    </>
  );
}

/** The campaign's banner (a phone's own when given), and the owner's preview note. */
function PlanBanner({ plan }: { plan: GroupPlanView }) {
  return (
    <>
      {plan.bannerImg.pc || plan.bannerImg.mobile ? (
        <picture className="gb-banner">
          {plan.bannerImg.mobile ? <BannerSources src={plan.bannerImg.mobile} media="(max-width: 640px)" /> : null}
          {plan.bannerImg.pc ? <BannerSources src={plan.bannerImg.pc} /> : null}
          <img src={plan.bannerImg.pc || plan.bannerImg.mobile} alt={`${plan.organizer}團購活動橫幅`} width={1600} height={500} fetchPriority="high" {...LEAD_PICTURE} />
        </picture>
      ) : null}

      {plan.launched === false && (
        <p className="gb-preview" role="note">
          預覽：本活動尚未上架，只有店長看得到這個頁面。
        </p>
      )}
    </>
  );
}
