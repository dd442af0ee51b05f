import type { CallInputOf, DataOf, Endpoint, Route } from '@chok/contract/endpoint';
import { bangkokWallClock } from '@chok/engine/bangkok-calendar';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { call, errorMessage } from '../lib/api';
import { downloadText, toCsv } from '../lib/csv';
import { formatCount, formatDateTime } from '../lib/format';
import { useApi } from '../lib/query';

/** The answer of every list endpoint the console pages through (apps/backoffice/README.md). */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}
export type RowOf<E> = DataOf<E> extends { items: (infer T)[] } ? T : never;
/** The row type of a paged route: `Row<typeof payments.adminDeposits>`. */
export type Row<R> = R extends Route<infer E> ? RowOf<E> : never;

export interface Column<T> {
  key: string;
  header: string;
  /** The cell (default: the row's field named `key`). */
  cell?: (row: T) => ReactNode;
  /** The CSV value (default: the row's field named `key`). */
  csv?: (row: T) => unknown;
  align?: 'end';
}

/**
 * A column of an instant, shown in Thai (formatDateTime); the CSV keeps the ISO value, or what `csv`
 * makes of it (`csvDateTime`: Bangkok wall-clock for a spreadsheet).
 */
export function timeColumn<K extends string>(
  key: K,
  header: string,
  csv?: (iso: string | null) => unknown,
): Column<{ [k in K]: string | null }> {
  return {
    key,
    header,
    cell: (row) => formatDateTime(row[key]),
    ...(csv ? { csv: (row: { [k in K]: string | null }) => csv(row[key]) } : {}),
  };
}

export interface FilterField {
  /** The query field it sets. */
  name: string;
  label: string;
  type?: 'text' | 'select' | 'date';
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
}

/**
 * A select filter whose first choice, "ทั้งหมด", filters nothing; `choices` maps each value to its Thai
 * label, in the order shown.
 */
export function choiceFilter(name: string, label: string, choices: Record<string, string>): FilterField {
  const options = Object.entries(choices).map(([value, text]) => ({ value, label: text }));
  return { name, label, type: 'select', options: [{ value: '', label: 'ทั้งหมด' }, ...options] };
}

export const PAGE_SIZES = [25, 50, 100, 200] as const;
const CSV_PAGE_SIZE = 200;
const CSV_MAX_ROWS = 100_000;

interface Props<E extends Endpoint> {
  route: Route<E>;
  /** The table's accessible name (and the CSV file's name). */
  caption: string;
  columns: readonly Column<RowOf<E>>[];
  rowKey: (row: RowOf<E>) => string | number;
  /** Query fields fixed by the page (not shown as filters). */
  query?: Partial<CallInputOf<E>>;
  filters?: readonly FilterField[];
  initialFilters?: Record<string, string>;
  /** Offer a CSV export of every row the filters select. */
  csv?: boolean;
  pageSize?: (typeof PAGE_SIZES)[number];
  empty?: string;
  /** Buttons beside the filters (an import, a create). */
  toolbar?: ReactNode;
}

const field = (row: unknown, key: string) => (row as Record<string, unknown>)[key];

/**
 * A table of one list endpoint with server-side paging (`page`, `page_size`; the answer
 * `{ items, total, page, page_size }`), filters sent as query fields, and a CSV export that pages
 * through the same endpoint.
 */
export function DataTable<E extends Endpoint>(props: Props<E>) {
  const { route, caption, columns, rowKey, query, filters = [], csv = true, empty = 'ไม่มีรายการ' } = props;
  const [draft, setDraft] = useState<Record<string, string>>(props.initialFilters ?? {});
  const [applied, setApplied] = useState<Record<string, string>>(props.initialFilters ?? {});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(props.pageSize ?? 50);
  const [exporting, setExporting] = useState(false);
  const id = useId();

  const cleaned = Object.fromEntries(Object.entries(applied).filter(([, v]) => v !== ''));
  const input = { ...query, ...cleaned, page, page_size: pageSize } as CallInputOf<E>;
  const list = useApi(route, input, { placeholderData: keepPreviousData });
  const data = list.data as Paged<RowOf<E>> | undefined;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const apply = (next: Record<string, string>) => {
    setApplied(next);
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: RowOf<E>[] = [];
      for (let p = 1; rows.length < CSV_MAX_ROWS; p++) {
        const chunk = (await call(route, {
          ...query,
          ...cleaned,
          page: p,
          page_size: CSV_PAGE_SIZE,
        } as CallInputOf<E>)) as Paged<RowOf<E>>;
        rows.push(...chunk.items);
        if (chunk.items.length < CSV_PAGE_SIZE || rows.length >= chunk.total) break;
      }
      const text = toCsv(
        columns.map((c) => c.header),
        rows.map((r) => columns.map((c) => (c.csv ? c.csv(r) : field(r, c.key)))),
      );
      const stamp = bangkokWallClock(Date.now()).toISOString().slice(0, 16).replace(/[-:T]/g, '');
      downloadText(`${caption}-${stamp}.csv`, text);
      toast.success(`ส่งออก ${formatCount(rows.length)} รายการแล้ว`);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="table-block" aria-labelledby={`${id}-caption`}>
      {(filters.length > 0 || csv || props.toolbar) && (
        <form
          className="filters"
          onSubmit={(e) => {
            e.preventDefault();
            apply(draft);
          }}
        >
          {filters.map((f) => (
            <div className="field" key={f.name}>
              <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
              {f.type === 'select' ? (
                <select
                  id={`${id}-${f.name}`}
                  value={draft[f.name] ?? ''}
                  onChange={(e) => {
                    const next = { ...draft, [f.name]: e.target.value };
                    setDraft(next);
                    apply(next);
                  }}
                >
                  {(f.options ?? []).map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`${id}-${f.name}`}
                  type={f.type === 'date' ? 'date' : 'search'}
                  placeholder={f.placeholder}
                  value={draft[f.name] ?? ''}
                  onChange={(e) => setDraft({ ...draft, [f.name]: e.target.value })}
                />
              )}
            </div>
          ))}
          {filters.some((f) => f.type !== 'select') && (
            <button type="submit" className="btn">
              ค้นหา
            </button>
          )}
          <span className="spacer" />
          {props.toolbar}
          {csv && (
            <button type="button" className="btn" onClick={exportCsv} disabled={exporting || total === 0}>
              {exporting ? 'กำลังส่งออก…' : 'ส่งออก CSV'}
            </button>
          )}
        </form>
      )}
      {/* Focusable, so a keyboard can scroll a table wider than the screen (a tablet's 768 px). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1) */}
      <section className="table-scroll" tabIndex={0} aria-labelledby={`${id}-caption`}>
        <table className="table" aria-busy={list.isFetching || undefined}>
          <caption id={`${id}-caption`} className="visually-hidden">
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={c.align === 'end' ? 'num' : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data?.items.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={c.align === 'end' ? 'num' : undefined}>
                    {c.cell ? c.cell(row) : String(field(row, c.key) ?? '-')}
                  </td>
                ))}
              </tr>
            ))}
            {data && data.items.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="empty">
                  {empty}
                </td>
              </tr>
            )}
            {!data && (
              <tr>
                <td colSpan={columns.length} className="empty">
                  {list.isError ? errorMessage(list.error) : 'กำลังโหลด…'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
      <nav className="pager" aria-label={`หน้าของ${caption}`}>
        <span>
          ทั้งหมด {formatCount(total)} รายการ · หน้า {formatCount(page)} / {formatCount(pages)}
        </span>
        <span className="spacer" />
        <label htmlFor={`${id}-size`}>แสดงหน้าละ</label>
        <select
          id={`${id}-size`}
          value={pageSize}
          onChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(1);
          }}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          ก่อนหน้า
        </button>
        <button type="button" className="btn" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          ถัดไป
        </button>
      </nav>
    </section>
  );
}
