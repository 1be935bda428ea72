import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { FieldErrors, FieldPath, FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { FormAlert } from './field';
import { FactRows } from './fact';
import './checkout-stepper.css';

// The one checkout stepper, for the shop's cart (features/checkout) and a campaign's group cart
// (features/group-buying): the shop's four steps, each step's fields checked before the next, focus on
// the new step's heading so a screen reader and a keyboard follow along.

export const CHECKOUT_STEPS = ['訂購人資訊', '發票資訊', '訂單確認', '訂單送出'] as const;
export const CONFIRM_STEP = 2;
export const SENDING_STEP = 3;

export interface Stepper {
  step: number;
  goTo: (step: number) => void;
  /** Checks the current step's fields (focusing the first wrong one), then moves on. */
  next: () => Promise<void>;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

export interface StepperForm<V extends FieldValues, O> extends Stepper {
  /** The form's submit: before the confirmation step it is next(); on it, the order, sent once at a time. */
  submitWith: (place: SubmitHandler<O>, refused: (errors: FieldErrors<V>) => void) => (e: FormEvent) => void;
}

/**
 * `stepFields[i]`: the fields of step i. `focusOnMount`: the checkout opened on the user's request (the
 * cart's 前往結帳), not as part of a page that shows it below other content. `initialStep`: where a kept
 * draft left off.
 */
export function useCheckoutStepper<V extends FieldValues, O>(
  form: UseFormReturn<V, unknown, O>,
  stepFields: readonly (readonly FieldPath<V>[])[],
  { focusOnMount = false, initialStep = 0 } = {},
): StepperForm<V, O> {
  // initialStep: the step of a kept draft (lib/checkout-draft.ts), never past the confirmation.
  const [step, setStep] = useState(() => Math.max(0, Math.min(initialStep, CONFIRM_STEP)));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef(focusOnMount);
  useEffect(() => {
    if (focusNext.current) headingRef.current?.focus();
  }, [step]);
  const goTo = (n: number) => {
    focusNext.current = n !== SENDING_STEP;
    setStep(n);
    // Back to the same step (a refused order): the effect does not run, so focus here.
    if (n === step) headingRef.current?.focus();
  };
  const next = async () => {
    const fields = stepFields[step] ?? [];
    if (await form.trigger(fields as FieldPath<V>[], { shouldFocus: true })) goTo(step + 1);
  };
  // A double click of 訂單送出 submits twice before the button is disabled.
  const sending = useRef(false);
  const submitWith: StepperForm<V, O>['submitWith'] = (place, refused) => (e) => {
    e.preventDefault();
    if (step < CONFIRM_STEP) void next();
    else if (!sending.current) {
      sending.current = true;
      void form.handleSubmit(place, refused)().finally(() => {
        sending.current = false;
      });
    }
  };
  return { step, goTo, next, headingRef, submitWith };
}

/** The row of the four steps, the current one marked for screen readers. */
export function CheckoutSteps({ step }: { step: number }) {
  return (
    <ol className="checkout-steps" aria-label="結帳步驟">
      {CHECKOUT_STEPS.map((label, i) => (
        <li
          key={label}
          className={`checkout-steps__item${i === step ? ' checkout-steps__item--current' : ''}${i < step ? ' checkout-steps__item--done' : ''}`}
          aria-current={i === step ? 'step' : undefined}
          data-state={i === step ? 'current' : i < step ? 'done' : 'todo'}
        >
          <span className="checkout-steps__num" aria-hidden="true">
            {i < step ? '✓' : i + 1}
          </span>
          <span className="checkout-steps__label">{label}</span>
          {i < step && <span className="visually-hidden">（已完成）</span>}
        </li>
      ))}
    </ol>
  );
}

/**
 * The checkout's form around a step's fields: the step's name first (where focus goes), then the fields,
 * the refusal of the last try, progress while the order is on its way, and 上一步 / 下一步 / 訂單送出.
 */
export function StepForm({
  stepper,
  onSubmit,
  submitting,
  problem,
  canSubmit,
  className = 'form',
  children,
}: {
  stepper: Stepper;
  onSubmit: (e: FormEvent) => void;
  submitting: boolean;
  problem?: ReactNode;
  canSubmit?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    // method="post": sent before the app is live or without JavaScript, what was typed (a name, an
    // address) stays out of the URL; the ssr function answers a POST with a 303 back to the page.
    <form className={className} method="post" noValidate onSubmit={onSubmit}>
      <StepHeading step={stepper.step} headingRef={stepper.headingRef} />
      {children}
      <FormAlert>{problem}</FormAlert>
      {submitting && (
        <p className="checkout__sending" role="status">
          <span className="spinner__dot" aria-hidden="true" /> 訂單送出中，請稍候…
        </p>
      )}
      <StepButtons step={stepper.step} goTo={stepper.goTo} submitting={submitting} canSubmit={canSubmit} />
    </form>
  );
}

/** The current step's name, where focus goes when the step changes (the stepper's headingRef). */
function StepHeading({ step, headingRef }: { step: number; headingRef: Stepper['headingRef'] }) {
  return (
    <h2 ref={headingRef} tabIndex={-1} className="checkout-step-title">
      {CHECKOUT_STEPS[Math.min(step, CONFIRM_STEP)]}
    </h2>
  );
}

/** 上一步 / 下一步：… / 訂單送出, as the step needs; the form's submit runs next() or the order. */
function StepButtons({ step, goTo, submitting, canSubmit = true }: Pick<Stepper, 'step' | 'goTo'> & { submitting: boolean; canSubmit?: boolean }) {
  return (
    <div className="checkout__actions">
      {step > 0 && step <= CONFIRM_STEP && (
        <button type="button" className="btn btn--ghost" onClick={() => goTo(step - 1)} disabled={submitting}>
          上一步
        </button>
      )}
      {step < CONFIRM_STEP ? (
        <button type="submit" className="btn btn--primary">
          下一步：{CHECKOUT_STEPS[step + 1]}
        </button>
      ) : (
        <button type="submit" className="btn btn--primary" disabled={submitting || !canSubmit} aria-busy={submitting}>
          {submitting ? (
            <>
              <span className="spinner__dot" aria-hidden="true" />
              送出中…
            </>
          ) : (
            '訂單送出'
          )}
        </button>
      )}
    </div>
  );
}

/** The buyer's answers on the confirmation step; empty optional answers are left out. */
export function CheckoutSummary({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return <FactRows rows={rows} className="checkout__summary" rowClassName="checkout__summary-row" />;
}
