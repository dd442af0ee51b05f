import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { create } from 'zustand';
import { ApiError, errorMessage } from '../lib/api';
import { MemberPicker } from './MemberPicker';

export interface ConfirmField {
  name: string;
  label: string;
  /** `member`: a member chosen by search (MemberPicker); the value is the member's id. */
  type?: 'text' | 'textarea' | 'number' | 'file' | 'member' | 'select';
  /** For `select`: the choices (the value is the chosen one's `value`). */
  options?: readonly { value: string; label: string }[];
  required?: boolean;
  placeholder?: string;
  initial?: string;
  inputMode?: 'text' | 'numeric' | 'decimal';
  /** Shown under the field. */
  hint?: string;
  /** For `file`: which files (`.csv,text/csv`); the value is the file's text. */
  accept?: string;
  /** For `member`: the search it starts with. */
  search?: string;
}

export interface ConfirmOptions<T = unknown> {
  title: string;
  message?: ReactNode;
  /** The confirm button (default ยืนยัน). */
  confirmLabel?: string;
  tone?: 'primary' | 'danger';
  /** Inputs the action needs (a reason, a bank reference); required ones must be filled. */
  fields?: readonly ConfirmField[];
  /**
   * Runs on confirm with the field values (trimmed). The dialog stays open, its buttons disabled,
   * until it settles: a refusal shows its Thai message in a toast and its `fields` under the inputs.
   */
  action?: (values: Record<string, string>) => Promise<T>;
  /** The toast after the action succeeded. */
  success?: string | ((result: T) => string);
  /** Drawn under the fields from their current values (a member-site preview, say). */
  preview?: (values: Record<string, string>) => ReactNode;
}

interface Pending {
  opts: ConfirmOptions<unknown>;
  resolve: (answer: { values: Record<string, string>; result: unknown } | null) => void;
}

const useConfirmStore = create<{ pending: Pending | null }>(() => ({ pending: null }));

/**
 * Asks the operator to confirm (and fill the fields of) an action, in an accessible modal dialog.
 * Resolves with the values and the action's result, or null when cancelled.
 */
export function confirm<T = unknown>(
  opts: ConfirmOptions<T>,
): Promise<{ values: Record<string, string>; result: T } | null> {
  return new Promise((resolve) => {
    useConfirmStore.getState().pending?.resolve(null);
    useConfirmStore.setState({
      pending: {
        opts: opts as ConfirmOptions<unknown>,
        resolve: resolve as Pending['resolve'],
      },
    });
  });
}

const REQUIRED = 'กรุณากรอกข้อมูลนี้';

/**
 * The one confirmation dialog of the console (rendered once by the app): the native modal
 * <dialog> keeps focus inside it and makes the page behind inert; Escape cancels.
 */
export function ConfirmHost() {
  const pending = useConfirmStore((s) => s.pending);
  const ref = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (pending) {
      // A required list starts on its first choice, as the browser shows it.
      const start = (f: ConfirmField) =>
        f.initial ?? (f.type === 'select' && f.required ? (f.options?.[0]?.value ?? '') : '');
      setValues(Object.fromEntries((pending.opts.fields ?? []).map((f) => [f.name, start(f)])));
      setErrors({});
      setBusy(false);
      if (!dialog.open) dialog.showModal();
    } else if (dialog.open) {
      dialog.close();
    }
  }, [pending]);

  const finish = (answer: { values: Record<string, string>; result: unknown } | null) => {
    pending?.resolve(answer);
    useConfirmStore.setState({ pending: null });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!pending || busy) return;
    const { opts } = pending;
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    const missing: Record<string, string> = {};
    for (const f of opts.fields ?? [])
      if (f.required && !trimmed[f.name]) missing[f.name] = f.type === 'member' ? 'กรุณาเลือกสมาชิก' : REQUIRED;
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    if (!opts.action) return finish({ values: trimmed, result: undefined });
    setBusy(true);
    try {
      const result = await opts.action(trimmed);
      const text = typeof opts.success === 'function' ? opts.success(result) : opts.success;
      if (text) toast.success(text);
      finish({ values: trimmed, result });
    } catch (err) {
      toast.error(errorMessage(err));
      setErrors(err instanceof ApiError ? err.fields : {});
      setBusy(false);
    }
  };

  const opts = pending?.opts;
  const fieldIds = new Set((opts?.fields ?? []).map((f) => f.name));
  const otherErrors = Object.entries(errors).filter(([k]) => !fieldIds.has(k));
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={opts?.message ? `${id}-message` : undefined}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) finish(null);
      }}
    >
      {opts && (
        <form onSubmit={submit} noValidate>
          <h2 id={`${id}-title`} className="dialog-title">
            {opts.title}
          </h2>
          {opts.message && (
            <div id={`${id}-message`} className="dialog-message">
              {opts.message}
            </div>
          )}
          {(opts.fields ?? []).map((f, i) => {
            // Not `${id}-title`: a field named "title" must not take the dialog heading's id.
            const fid = `${id}-field-${f.name}`;
            const err = errors[f.name];
            const common = {
              id: fid,
              name: f.name,
              required: f.required,
              placeholder: f.placeholder,
              autoFocus: i === 0,
              'aria-invalid': err ? true : undefined,
              'aria-describedby': err ? `${fid}-error` : f.hint ? `${fid}-hint` : undefined,
            };
            return (
              <div className="field" key={f.name}>
                <label htmlFor={fid}>
                  {f.label}
                  {f.required && <span aria-hidden="true"> *</span>}
                </label>
                {f.type === 'textarea' ? (
                  <textarea
                    {...common}
                    rows={3}
                    value={values[f.name] ?? ''}
                    onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                  />
                ) : f.type === 'member' ? (
                  <MemberPicker
                    id={fid}
                    value={values[f.name] ?? ''}
                    onChange={(memberId) => {
                      setValues((v) => ({ ...v, [f.name]: memberId }));
                      if (memberId) setErrors(({ [f.name]: _, ...rest }) => rest);
                    }}
                    initialSearch={f.search}
                    describedBy={common['aria-describedby']}
                    invalid={Boolean(err)}
                  />
                ) : f.type === 'select' ? (
                  <select
                    {...common}
                    value={values[f.name] ?? ''}
                    onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                  >
                    {!f.required && <option value="">-</option>}
                    {(f.options ?? []).map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : f.type === 'file' ? (
                  <input
                    {...common}
                    type="file"
                    accept={f.accept}
                    onChange={async (e) => {
                      const file = e.target.files?.[0];
                      const text = file ? await file.text() : '';
                      setValues((v) => ({ ...v, [f.name]: text, [`${f.name}_name`]: file?.name ?? '' }));
                    }}
                  />
                ) : (
                  <input
                    {...common}
                    type="text"
                    inputMode={f.inputMode ?? (f.type === 'number' ? 'decimal' : undefined)}
                    autoComplete="off"
                    value={values[f.name] ?? ''}
                    onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                  />
                )}
                {f.hint && !err && (
                  <p id={`${fid}-hint`} className="hint">
                    {f.hint}
                  </p>
                )}
                {err && (
                  <p id={`${fid}-error`} className="field-error" role="alert">
                    {err}
                  </p>
                )}
              </div>
            );
          })}
          {opts.preview?.(values)}
          {otherErrors.length > 0 && (
            <ul className="field-error" role="alert">
              {otherErrors.map(([k, v]) => (
                <li key={k}>{v}</li>
              ))}
            </ul>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn" disabled={busy} onClick={() => finish(null)}>
              ยกเลิก
            </button>
            <button
              type="submit"
              className={opts.tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? 'กำลังดำเนินการ…' : (opts.confirmLabel ?? 'ยืนยัน')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
