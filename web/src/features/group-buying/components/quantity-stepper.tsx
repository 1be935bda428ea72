import { useId } from 'react';

/** A keyboard- and thumb-friendly 0..max picker: − / number / +. */
export function QuantityStepper({ value, max, onChange, label, min = 0 }: { value: number; max: number; onChange: (n: number) => void; label: string; min?: number }) {
  const id = useId();
  const clamp = (n: number) => Math.max(min, Math.min(max, Number.isFinite(n) ? Math.trunc(n) : min));
  return (
    <div className="gb-stepper">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <button type="button" className="gb-stepper__btn" aria-label={`減少${label}`} onClick={() => onChange(clamp(value - 1))} disabled={value <= min}>
        −
      </button>
      <input
        id={id}
        className="gb-stepper__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(e) => onChange(clamp(Number(e.target.value)))}
        onFocus={(e) => e.target.select()}
      />
      <button type="button" className="gb-stepper__btn" aria-label={`增加${label}`} onClick={() => onChange(clamp(value + 1))} disabled={value >= max}>
        +
      </button>
    </div>
  );
}
