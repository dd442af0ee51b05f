import * as admin from '@chok/contract/routes/admin';
import { type ReactNode, useId, useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import {
  EditorButtons,
  Field,
  FormError,
  fromLocalInput,
  invalid,
  toLocalInput,
} from '../../components/Field';
import { call, fieldErrors } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useAction, useApi } from '../../lib/query';

export type Kind = 'notifications' | 'banners' | 'events';

/** A row of a content table as the list answers it. */
export type Row = Record<string, unknown> & { id: number; updated_at: string };

export interface FieldSpec {
  name: string;
  label: string;
  type: 'text' | 'textarea' | 'number' | 'select' | 'datetime' | 'checkbox' | 'optional-number';
  options?: readonly { value: string; label: string }[];
  hint?: string;
  required?: boolean;
}

/** Values of the form as strings (checkboxes "true"/"false"), keyed by field name. */
export type Values = Record<string, string>;

function valuesOf(fields: readonly FieldSpec[], row: Row | null, defaults: Values): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = row?.[f.name];
    if (row === null) out[f.name] = defaults[f.name] ?? '';
    else if (f.type === 'datetime') out[f.name] = toLocalInput(v as string | null);
    else if (f.type === 'checkbox') out[f.name] = v ? 'true' : 'false';
    else out[f.name] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/** The body the API takes: numbers as numbers, empty optional texts as null, windows with +07:00. */
function bodyOf(fields: readonly FieldSpec[], values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name] ?? '';
    if (f.type === 'checkbox') body[f.name] = v === 'true';
    else if (f.type === 'datetime') body[f.name] = fromLocalInput(v);
    else if (f.type === 'number' || f.type === 'select') body[f.name] = /^-?\d+$/.test(v) ? Number(v) : v;
    else if (f.type === 'optional-number')
      body[f.name] = v.trim() === '' ? null : /^\d+$/.test(v.trim()) ? Number(v) : v;
    else if (!f.required && v.trim() === '') body[f.name] = f.type === 'textarea' ? '' : null;
    else body[f.name] = v;
  }
  return body;
}

export interface ContentPageProps {
  kind: Kind;
  title: string;
  /** What one item is called ("ประกาศ"). */
  noun: string;
  fields: readonly FieldSpec[];
  defaults: Values;
  /** Table columns besides the shared ones (status, window, order). */
  columns: readonly { header: string; cell: (r: Row) => ReactNode }[];
  preview: (values: Values) => ReactNode;
}

function windowText(r: Row): string {
  const start = r.start_at as string | null | undefined;
  const end = r.end_at as string | null | undefined;
  if (!start && !end) return 'ตลอดเวลา';
  return `${start ? formatDateTime(start) : 'ตั้งแต่ตอนนี้'} – ${end ? formatDateTime(end) : 'ไม่มีกำหนด'}`;
}

/**
 * One kind of the member site's content: its rows (active or not, in the site's order) and a form to
 * add one or edit one, with a preview of how the member site shows it. Every save asks first; the
 * server's Thai messages land under the fields.
 */
export function ContentPage(p: ContentPageProps) {
  // The three kinds share one shape of list, create and update; the form sends each kind's fields.
  const routes = admin.contentAdmin[p.kind] as unknown as typeof admin.contentAdmin.banners;
  const list = useApi(routes.list, {});
  const [editing, setEditing] = useState<Row | null>(null);
  const [values, setValues] = useState<Values>(() => valuesOf(p.fields, null, p.defaults));
  const id = useId();
  const create = useAction(routes.create, { success: `เพิ่ม${p.noun}แล้ว`, refresh: [routes.list] });
  const update = useAction(routes.update, { success: `บันทึก${p.noun}แล้ว`, refresh: [routes.list] });
  const save = editing ? update : create;
  const errors = fieldErrors(save.error);

  /** Edits `row` (null: a new one): the form takes its values and forgets the last refusal. */
  const pick = (row: Row | null) => {
    setEditing(row);
    setValues(valuesOf(p.fields, row, p.defaults));
    create.reset();
    update.reset();
  };

  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async () => {
    const body = bodyOf(p.fields, values);
    const answer = await confirm({
      title: editing ? `บันทึกการแก้ไข${p.noun}` : `เพิ่ม${p.noun}`,
      message: editing
        ? `บันทึกการแก้ไข "${values.title}" สมาชิกจะเห็นการเปลี่ยนแปลงทันที`
        : `เพิ่ม "${values.title}" ${values.is_active === 'true' ? 'สมาชิกจะเห็นทันทีเมื่อถึงช่วงเวลาที่กำหนด' : '(ยังไม่เปิดใช้งาน)'}`,
      confirmLabel: 'บันทึก',
    });
    if (!answer) return;
    if (editing) {
      update.mutate({ id: editing.id, ...body } as Parameters<typeof update.mutate>[0], {
        onSuccess: (row) => setEditing(row as Row),
      });
    } else {
      create.mutate(body as Parameters<typeof create.mutate>[0], {
        onSuccess: () => setValues(valuesOf(p.fields, null, p.defaults)),
      });
    }
  };

  const toggle = async (r: Row) => {
    const on = !r.is_active;
    await confirm({
      title: on ? `เปิดใช้งาน${p.noun}` : `ปิดใช้งาน${p.noun}`,
      message: `${on ? 'เปิด' : 'ปิด'}ใช้งาน "${String(r.title)}"`,
      tone: on ? 'primary' : 'danger',
      confirmLabel: on ? 'เปิดใช้งาน' : 'ปิดใช้งาน',
      action: () => call(routes.update, { id: r.id, is_active: on } as Parameters<typeof update.mutate>[0]),
      success: on ? `เปิดใช้งาน${p.noun}แล้ว` : `ปิดใช้งาน${p.noun}แล้ว`,
    });
    await list.refetch();
  };

  const rows = (list.data ?? []) as Row[];
  return (
    <>
      <h1>{p.title}</h1>
      <div className="table-block">
        <div className="table-scroll">
          <table className="table" aria-busy={list.isFetching || undefined}>
            <caption className="visually-hidden">รายการ{p.noun}</caption>
            <thead>
              <tr>
                <th scope="col">ลำดับ</th>
                <th scope="col">หัวข้อ</th>
                {p.columns.map((c) => (
                  <th scope="col" key={c.header}>
                    {c.header}
                  </th>
                ))}
                <th scope="col">ช่วงเวลาแสดง</th>
                <th scope="col">สถานะ</th>
                <th scope="col">จัดการ</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="num">{String(r.sort_order)}</td>
                  <td>{String(r.title)}</td>
                  {p.columns.map((c) => (
                    <td key={c.header}>{c.cell(r)}</td>
                  ))}
                  <td>{windowText(r)}</td>
                  <td>
                    <span className={`badge ${r.is_active ? 'badge-ok' : 'badge-warn'}`}>
                      {r.is_active ? 'เปิดใช้งาน' : 'ปิดอยู่'}
                    </span>
                  </td>
                  <td>
                    <div className="row">
                      <button type="button" className="btn btn-small" onClick={() => pick(r)}>
                        แก้ไข
                      </button>
                      <button type="button" className="btn btn-small" onClick={() => toggle(r)}>
                        {r.is_active ? 'ปิดใช้งาน' : 'เปิดใช้งาน'}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
              {list.data && rows.length === 0 && (
                <tr>
                  <td colSpan={p.columns.length + 5} className="empty">
                    ยังไม่มี{p.noun}
                  </td>
                </tr>
              )}
              {!list.data && (
                <tr>
                  <td colSpan={p.columns.length + 5} className="empty">
                    {list.isError ? list.error.message : 'กำลังโหลด…'}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </div>

      <div className="editor">
        <form
          className="card"
          aria-labelledby={`${id}-form`}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <h2 id={`${id}-form`}>{editing ? `แก้ไข${p.noun} #${editing.id}` : `เพิ่ม${p.noun}ใหม่`}</h2>
          <FormError error={save.error} fields={errors} />
          {p.fields.map((f) => {
            const fid = `${id}-${f.name}`;
            const value = values[f.name] ?? '';
            if (f.type === 'checkbox') {
              return (
                <div className="field" key={f.name}>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={value === 'true'}
                      onChange={(e) => set(f.name, e.target.checked ? 'true' : 'false')}
                    />{' '}
                    {f.label}
                  </label>
                </div>
              );
            }
            return (
              <Field
                key={f.name}
                id={fid}
                label={f.label}
                error={errors[f.name]}
                {...(f.hint ? { hint: f.hint } : {})}
              >
                {f.type === 'textarea' ? (
                  <textarea
                    id={fid}
                    rows={4}
                    value={value}
                    onChange={(e) => set(f.name, e.target.value)}
                    {...invalid(fid, errors[f.name])}
                  />
                ) : f.type === 'select' ? (
                  <select
                    id={fid}
                    value={value}
                    onChange={(e) => set(f.name, e.target.value)}
                    {...invalid(fid, errors[f.name])}
                  >
                    {(f.options ?? []).map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={fid}
                    type={f.type === 'datetime' ? 'datetime-local' : 'text'}
                    inputMode={f.type === 'number' || f.type === 'optional-number' ? 'numeric' : undefined}
                    value={value}
                    required={f.required}
                    onChange={(e) => set(f.name, e.target.value)}
                    {...invalid(fid, errors[f.name])}
                  />
                )}
              </Field>
            );
          })}
          <EditorButtons
            saving={save.isPending}
            label={editing ? 'บันทึกการแก้ไข' : `เพิ่ม${p.noun}`}
            onCancel={editing ? () => pick(null) : undefined}
          />
        </form>
        <div>{p.preview(values)}</div>
      </div>
    </>
  );
}
