import './rewards.css';
import type { ReactNode } from 'react';
import type { ConfirmOptions } from '../../components/ConfirmDialog';
import { EditorButtons, SaveButton, SubmitForm } from '../../components/Field';
import { errorMessage } from '../../lib/api';

export interface SimpleColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'end';
}

/**
 * A table of a short list the server answers whole (promotions, quests, shop items, polls: the
 * operator's own definitions, a few dozen at most).
 */
export function SimpleTable<T>(p: {
  caption: string;
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  columns: readonly SimpleColumn<T>[];
  error?: unknown;
  empty?: string;
}) {
  return (
    <div className="table-block">
      <div className="table-scroll">
        <table className="table">
          <caption className="visually-hidden">{p.caption}</caption>
          <thead>
            <tr>
              {p.columns.map((c) => (
                <th key={c.header} scope="col" className={c.align === 'end' ? 'num' : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.rows?.map((r) => (
              <tr key={p.rowKey(r)}>
                {p.columns.map((c) => (
                  <td key={c.header} className={c.align === 'end' ? 'num' : undefined}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))}
            {p.rows && p.rows.length === 0 && (
              <tr>
                <td colSpan={p.columns.length} className="empty">
                  {p.empty ?? 'ไม่มีรายการ'}
                </td>
              </tr>
            )}
            {!p.rows && (
              <tr>
                <td colSpan={p.columns.length} className="empty">
                  {p.error ? errorMessage(p.error) : 'กำลังโหลด…'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Text inputs of a form in a grid, each with its Thai error from the server; `onChange` gets all the values. */
export function Inputs<K extends string>(p: {
  idPrefix: string;
  values: Record<K, string>;
  onChange: (values: Record<K, string>) => void;
  errors: Record<string, string>;
  fields: readonly {
    name: K;
    label: string;
    hint?: string;
    options?: readonly { value: string; label: string }[];
    textarea?: boolean;
    type?: string;
  }[];
}) {
  return (
    <div className="form-grid">
      {p.fields.map((f) => {
        // `-field-`: a field named `title` must not take the id of the form's heading (`<prefix>-title`).
        const id = `${p.idPrefix}-field-${f.name}`;
        const err = p.errors[f.name];
        const aria = err ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
        const set = (value: string) => p.onChange({ ...p.values, [f.name]: value });
        return (
          <div className="field" key={f.name}>
            <label htmlFor={id}>{f.label}</label>
            {f.options ? (
              <select id={id} value={p.values[f.name]} onChange={(e) => set(e.target.value)} {...aria}>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : f.textarea ? (
              <textarea
                id={id}
                rows={3}
                value={p.values[f.name]}
                onChange={(e) => set(e.target.value)}
                {...aria}
              />
            ) : (
              <input
                id={id}
                type={f.type ?? 'text'}
                value={p.values[f.name]}
                onChange={(e) => set(e.target.value)}
                {...aria}
              />
            )}
            {f.hint && <p className="hint">{f.hint}</p>}
            {err && (
              <p className="field-error" id={`${id}-error`} role="alert">
                {err}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** The state of an editor form beside a list (useListEditor) that EditorForm draws. */
interface EditorState<K extends string> {
  id: string;
  values: Record<K, string>;
  setValues: (values: Record<K, string>) => void;
  errors: Record<string, string>;
  save: { error: Error | null; isPending: boolean };
  editing: unknown;
  pick: (row: null) => void;
}

/**
 * The editor form under a list: its heading, the inputs in a grid, what the page puts after them (a
 * preview), and save with the way back to a blank form while a row is open.
 */
export function EditorForm<K extends string>(p: {
  editor: EditorState<K>;
  title: string;
  ask: ConfirmOptions;
  onSubmit: () => void;
  fields: Parameters<typeof Inputs<K>>[0]['fields'];
  saveLabel: string;
  className?: string;
  children?: ReactNode;
}) {
  const e = p.editor;
  return (
    <SubmitForm
      ask={p.ask}
      className={p.className ?? 'card page-block'}
      id={e.id}
      title={p.title}
      error={{ error: e.save.error, fields: e.errors }}
      onSubmit={p.onSubmit}
    >
      <Inputs idPrefix={e.id} values={e.values} onChange={e.setValues} errors={e.errors} fields={p.fields} />
      {p.children}
      <EditorButtons
        saving={e.save.isPending}
        label={p.saveLabel}
        onCancel={e.editing ? () => e.pick(null) : undefined}
      />
    </SubmitForm>
  );
}

/**
 * A settings page's form (useSettingsForm): what the page puts first (switches), the inputs in a
 * grid, what it puts after them (a preview), and save. With `canEdit`, staff who may only read see
 * the form disabled and without its save button.
 */
export function SettingsForm<K extends string>(p: {
  form: {
    id: string;
    save: { error: Error | null; isPending: boolean };
    values: Record<K, string>;
    setValues: (values: Record<K, string>) => void;
  };
  /** The messages shown at the inputs; `formErrors` (default: these) decide the form-wide one. */
  errors: Record<string, string>;
  formErrors?: Record<string, string>;
  ask: ConfirmOptions;
  onSubmit: () => void;
  title?: string;
  label?: string;
  fields: Parameters<typeof Inputs<K>>[0]['fields'];
  canEdit?: boolean;
  saveLabel?: string;
  before?: ReactNode;
  children?: ReactNode;
}) {
  const { id, save, values, setValues } = p.form;
  const body = (
    <>
      {p.before}
      <Inputs idPrefix={id} values={values} onChange={setValues} errors={p.errors} fields={p.fields} />
      {p.children}
      {p.canEdit !== false && (
        <SaveButton saving={save.isPending} {...(p.saveLabel ? { label: p.saveLabel } : {})} />
      )}
    </>
  );
  return (
    <SubmitForm
      ask={p.ask}
      id={id}
      {...(p.title ? { title: p.title } : { label: p.label ?? '' })}
      error={{ error: save.error, fields: p.formErrors ?? p.errors }}
      onSubmit={p.onSubmit}
    >
      {p.canEdit === undefined ? (
        body
      ) : (
        <fieldset disabled={!p.canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
          {body}
        </fieldset>
      )}
    </SubmitForm>
  );
}
