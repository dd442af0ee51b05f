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

/**
 * The member's phone number (log in, register, forgotten password): a Thai mobile number, ten digits,
 * so the input keeps digits only and `onDigits` gets what is left.
 */
export function PhoneField({
  label = 'เบอร์โทรศัพท์',
  onDigits,
  ...field
}: Omit<Props, 'label' | 'onChange'> & { label?: string; onDigits: (digits: string) => void }) {
  return (
    <Field
      label={label}
      name="phone"
      type="tel"
      inputMode="numeric"
      placeholder="0812345678"
      maxLength={10}
      onChange={(e) => onDigits(e.target.value.replace(/\D/g, ''))}
      {...field}
    />
  );
}

/**
 * A new password and its confirmation (register, forgot password, profile): `label` names the first
 * ("รหัสผ่านใหม่"), the second reads "ยืนยัน" + label; `named` gives the inputs the names password and
 * confirm.
 */
export function NewPasswordFields({
  label,
  named,
  placeholder,
  password,
  confirm,
  onChange,
  errors,
}: {
  label: string;
  named?: boolean;
  placeholder?: string;
  password: string;
  confirm: string;
  onChange: (field: 'password' | 'confirm', value: string) => void;
  errors: { password?: string; confirm?: string };
}) {
  return (
    <>
      <Field
        label={label}
        name={named ? 'password' : undefined}
        type="password"
        autoComplete="new-password"
        placeholder={placeholder}
        value={password}
        onChange={(e) => onChange('password', e.target.value)}
        error={errors.password}
      />
      <Field
        label={`ยืนยัน${label}`}
        name={named ? 'confirm' : undefined}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onChange('confirm', e.target.value)}
        error={errors.confirm}
      />
    </>
  );
}
