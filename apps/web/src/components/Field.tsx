import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** A control beside the input, e.g. the "request OTP" button. */
  addon?: ReactNode;
}

/** A labelled input with its Thai error message read out by screen readers. */
export function Field({ label, error, hint, addon, id, ...input }: Props) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-msg`;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__row">
        <input
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          {...input}
        />
        {addon}
      </div>
      {error ? (
        <p id={messageId} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
