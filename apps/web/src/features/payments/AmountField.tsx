import type { ReactNode } from 'react';
import { Field } from '../../components/Field';
import { formatNumber } from '../../lib/numbers';

/**
 * A whole-baht amount to deposit or withdraw: digits only, seven at most, with the quick amounts as
 * chips below (one is lit while the field holds it). `unavailable` turns a quick amount off;
 * `children` are further chips (withdraw's "all of it").
 */
export function AmountField({
  label,
  min,
  value,
  onChange,
  quick,
  unavailable,
  disabled,
  error,
  hint,
  children,
}: {
  label: string;
  min: number;
  value: string;
  onChange: (amount: string) => void;
  quick: readonly number[];
  unavailable?: (amount: number) => boolean;
  disabled?: boolean;
  error?: string;
  hint?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Field
        label={label}
        inputMode="numeric"
        autoComplete="off"
        placeholder={`ขั้นต่ำ ${formatNumber(min)} บาท`}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value.replace(/[^\d]/g, '').slice(0, 7))}
        error={error}
        hint={hint}
      />
      <fieldset className="quick-amounts">
        <legend className="sr-only">เลือกยอดด่วน</legend>
        {quick.map((q) => (
          <button
            key={q}
            type="button"
            className={`chip${value === String(q) ? ' is-active' : ''}`}
            disabled={unavailable?.(q)}
            onClick={() => onChange(String(q))}
          >
            {formatNumber(q)}
          </button>
        ))}
        {children}
      </fieldset>
    </>
  );
}
