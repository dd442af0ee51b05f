import { bangkokWallClock } from '@chok/engine/bangkok-calendar';
import type { ReactNode } from 'react';

/**
 * Form inputs of the console's pages: a label, the input, a hint and the server's Thai message for the
 * field (`fields` of the envelope) under it.
 */
export function Field(props: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint && (
        <p className="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** The server's message for the whole form: shown when the refusal names none of the form's fields. */
export function FormError(props: { error: Error | null; fields: Record<string, string | undefined> }) {
  if (!props.error || Object.values(props.fields).some(Boolean)) return null;
  return (
    <p className="form-error" role="alert">
      {props.error.message}
    </p>
  );
}

/**
 * The buttons of an editor form beside a list: save (its label while saving), and while a row is
 * open, the way back to a blank form.
 */
export function EditorButtons(props: {
  saving: boolean;
  label: string;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <div className="row">
      <button type="submit" className="btn btn-primary" disabled={props.saving}>
        {props.saving ? 'กำลังบันทึก…' : props.label}
      </button>
      {props.onCancel && (
        <button type="button" className="btn" onClick={props.onCancel}>
          ยกเลิกการแก้ไข
        </button>
      )}
    </div>
  );
}

/** aria attributes tying an input to its error message. */
export const invalid = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

/** ISO instant → the value of a datetime-local input in Bangkok time (`2026-11-27T18:30`). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return bangkokWallClock(t).toISOString().slice(0, 16);
}

/** A datetime-local value read as Bangkok time → ISO with its +07:00 offset; empty → null. */
export function fromLocalInput(value: string): string | null {
  return value ? `${value}:00+07:00` : null;
}
