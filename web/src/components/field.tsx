import { cloneElement, isValidElement, useId, type InputHTMLAttributes, type ReactElement, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';

// The shop's one labelled form field: the label, the control, its hint and its error beside it (tied to
// the control with aria-describedby, announced when it appears). The styles are the shared form styles
// in styles/global.css (.field, .input, .select, .textarea). Spread lib/form.ts's fieldProps(form, name)
// into it to bind it to a form; a control of its own (a select, a date input the page handles) goes in
// as the one child element, which gets the id and the aria attributes.

interface Common {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Marks the field（選填）; `required` marks it with a red asterisk. */
  optional?: boolean;
  className?: string;
}

type InputProps = Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { multiline?: false; ref?: Ref<HTMLInputElement> };
type TextareaProps = Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & { multiline: true; ref?: Ref<HTMLTextAreaElement> };
/** A control of its own: an element (given the ids, the aria attributes and the shared class), or a function of them. */
type CustomProps = Common & { id?: string; required?: boolean; children: ReactElement | ((control: ControlProps) => ReactNode); multiline?: undefined };

const CONTROL_CLASS: Record<string, string> = { input: 'input', select: 'select', textarea: 'textarea' };

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export type FieldProps = InputProps | TextareaProps | CustomProps;

export function Field(props: FieldProps) {
  const { label, hint, error, optional, className, id: givenId, required } = props;
  const autoId = useId();
  const id = givenId ?? autoId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const control: ControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined,
  };
  let input: ReactNode;
  if ('children' in props && typeof props.children === 'function') {
    input = props.children(control);
  } else if ('children' in props && isValidElement<{ className?: string }>(props.children)) {
    const child = props.children;
    const cls = typeof child.type === 'string' ? CONTROL_CLASS[child.type] : undefined;
    // A group of controls (each with its own aria-label) is shown as it is.
    input = cls ? cloneElement(child, { ...control, className: child.props.className ?? cls } as object) : child;
  } else if (props.multiline) {
    const { label: _l, hint: _h, error: _e, optional: _o, className: _c, multiline: _m, ...rest } = props;
    input = <textarea className="textarea" rows={3} {...rest} {...control} />;
  } else {
    const { label: _l, hint: _h, error: _e, optional: _o, className: _c, multiline: _m, ...rest } = props as InputProps;
    input = <input className="input" type="text" {...rest} {...control} />;
  }
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <div className="field__head">
        <label className="field__label" htmlFor={id}>
          {label}
          {!required && optional ? <span className="field__opt">（選填）</span> : null}
        </label>
        {/* Outside the label: the label's text stays the field's name, for a search by label too. */}
        {required ? (
          <span className="required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {input}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A message for the whole form (what no single field carries). */
export function FormAlert({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div className="form-alert" role="alert">
      {children}
    </div>
  );
}
