import { bangkokWallClock } from '@chok/engine/bangkok-calendar';
import type { ReactNode } from 'react';
import { type ConfirmOptions, confirm } from './ConfirmDialog';

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

/** A checkbox with its label after it (`field`: in the form's column of fields, else inline in a row). */
export function Check(props: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  field?: boolean;
}) {
  const check = (
    <label className="check">
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />{' '}
      {props.label}
    </label>
  );
  return props.field === false ? check : <div className="field">{check}</div>;
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
 * A form the page sends itself: no page load, the browser's own checks off (the server's Thai
 * messages speak instead). With `ask`, the operator confirms in the console's dialog before `onSubmit`
 * runs. With `title` an h2 names the form (`<id>-h`), otherwise `label` does; with `error`, the
 * server's message for the whole form (FormError) stands first.
 */
export function SubmitForm(props: {
  onSubmit: () => unknown;
  ask?: ConfirmOptions;
  className?: string;
  id?: string;
  title?: ReactNode;
  label?: string;
  error?: { error: Error | null; fields: Record<string, string | undefined> };
  children: ReactNode;
}) {
  const headingId = props.title === undefined ? undefined : `${props.id}-h`;
  return (
    <form
      className={props.className ?? 'card'}
      aria-labelledby={headingId}
      aria-label={headingId ? undefined : props.label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void (async () => {
          if (props.ask && !(await confirm(props.ask))) return;
          await props.onSubmit();
        })();
      }}
    >
      {headingId && <h2 id={headingId}>{props.title}</h2>}
      {props.error && <FormError error={props.error.error} fields={props.error.fields} />}
      {props.children}
    </form>
  );
}

/** A form's submit button: disabled, with a "saving" label, while the save is under way. */
export function SaveButton(props: {
  saving: boolean;
  label?: string;
  savingLabel?: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className="btn btn-primary" disabled={props.saving || props.disabled}>
      {props.saving ? (props.savingLabel ?? 'กำลังบันทึก…') : (props.label ?? 'บันทึก')}
    </button>
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
      <SaveButton saving={props.saving} label={props.label} />
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
