import { useState } from 'react';
import { ApiError, errorMessage } from './api';

/** Which field an API error code belongs to, when the server names none (contract errors.ts). */
const FIELD_OF_CODE: Record<number, string> = {
  1200: 'phone',
  1201: 'account_no',
  1202: 'otp',
  1203: 'otp',
  1204: 'otp',
  1207: 'bank_code',
  1208: 'referral_code',
  1209: 'phone',
  1210: 'sub_bank_account',
  1303: 'old_password',
  1304: 'new_password',
};

export interface FormErrors {
  fields: Record<string, string>;
  form: string | null;
  setField: (name: string, message: string | null) => void;
  fromError: (err: unknown, known: readonly string[]) => void;
  clear: () => void;
}

/** Field-level Thai messages from the envelope's `fields`, and a form-level message otherwise. */
export function useFormErrors(): FormErrors {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [form, setForm] = useState<string | null>(null);
  return {
    fields,
    form,
    setField: (name, message) =>
      setFields((f) => {
        const next = { ...f };
        if (message) next[name] = message;
        else delete next[name];
        return next;
      }),
    fromError: (err, known) => {
      const next: Record<string, string> = {};
      if (err instanceof ApiError) {
        for (const [k, v] of Object.entries(err.fields)) if (known.includes(k)) next[k] = v;
        const byCode = FIELD_OF_CODE[err.error];
        if (Object.keys(next).length === 0 && byCode && known.includes(byCode)) next[byCode] = err.message;
      }
      setFields(next);
      setForm(Object.keys(next).length === 0 ? errorMessage(err) : null);
    },
    clear: () => {
      setFields({});
      setForm(null);
    },
  };
}
