import { Link } from 'react-router';

export interface NextStep {
  to: string;
  label: string;
}

/**
 * Where to go once a step is done (an order placed, an email verified, a link that failed): the first
 * link is the way on, as the primary button; the others are quieter. Styles: .button-row in
 * styles/global.css.
 */
export function NextSteps({ steps, center = false }: { steps: NextStep[]; center?: boolean }) {
  return (
    <div className={center ? 'button-row button-row--center' : 'button-row'}>
      {steps.map((step, i) => (
        <Link key={step.to} className={i === 0 ? 'btn btn--primary' : 'btn btn--ghost'} to={step.to}>
          {step.label}
        </Link>
      ))}
    </div>
  );
}
