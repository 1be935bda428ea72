import { useId } from 'react';
import './quantity-stepper.css';

// The one quantity picker of the shop: the book page's buy box, the cart's lines and a campaign's book
// cards. The buttons step within min..max; what a typed number means (clamp it, or ask before removing a
// line) is the caller's, so the input hands over what was typed (NaN while the field is empty).

interface QuantityStepperProps {
  value: number;
  max: number;
  min?: number;
  onChange: (n: number) => void;
  /** The input's name for assistive technology; also names the whole control as a group. */
  label: string;
  decreaseLabel?: string;
  increaseLabel?: string;
  /** With a visible <label htmlFor={id}> of the caller's, the stepper adds no hidden one. */
  id?: string;
  describedBy?: string;
  className?: string;
}

export function QuantityStepper({ value, max, min = 0, onChange, label, decreaseLabel, increaseLabel, id, describedBy, className }: QuantityStepperProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <div className={className ? `qty-stepper ${className}` : 'qty-stepper'} role="group" aria-label={label}>
      {id ? null : (
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
      )}
      <button type="button" className="qty-stepper__btn" aria-label={decreaseLabel ?? `減少${label}`} onClick={() => onChange(Math.max(min, value - 1))} disabled={value <= min}>
        −
      </button>
      <input
        id={inputId}
        className="qty-stepper__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(e) => {
          // Half-typed ("2.") is not a number yet: wait for the next key instead of reading it as empty
          // (which clamped "2.5" to 0); a fraction counts as its whole copies.
          if (e.target.validity.badInput) return;
          const n = e.target.valueAsNumber;
          onChange(Number.isFinite(n) ? Math.trunc(n) : n);
        }}
        onFocus={(e) => e.target.select()}
        aria-describedby={describedBy}
      />
      <button type="button" className="qty-stepper__btn" aria-label={increaseLabel ?? `增加${label}`} onClick={() => onChange(Math.min(max, value + 1))} disabled={value >= max}>
        +
      </button>
    </div>
  );
}

/** A typed quantity as a whole number within min..max (min for an empty or unreadable field). */
export const clampQty = (n: number, min: number, max: number) => Math.max(min, Math.min(max, Number.isFinite(n) ? Math.trunc(n) : min));
