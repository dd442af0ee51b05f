import { useId, useState } from 'react';
import { BET_TYPES, type BetType, betTypeLabel } from './labels';

export interface TypeSetting {
  enabled: boolean;
  rate: string;
  min: number;
  max: number;
  ceiling: number;
}
export type Rates = Partial<Record<BetType, TypeSetting>>;
type Draft = Record<string, { enabled: boolean; rate: string; min: string; max: string; ceiling: string }>;
export type RateChanges = Partial<
  Record<BetType, Partial<{ enabled: boolean; rate: string; min: number; max: number; ceiling: number }>>
>;

const NUMERIC = ['min', 'max', 'ceiling'] as const;

function draftOf(rates: Rates): Draft {
  return Object.fromEntries(
    BET_TYPES.filter((t) => rates[t]).map((t) => {
      const s = rates[t]!;
      return [
        t,
        {
          enabled: s.enabled,
          rate: s.rate,
          min: String(s.min),
          max: String(s.max),
          ceiling: String(s.ceiling),
        },
      ];
    }),
  );
}

/** Only what the operator changed, per bet type, as the API takes it. */
function changesOf(draft: Draft, rates: Rates): RateChanges {
  const out: RateChanges = {};
  for (const t of BET_TYPES) {
    const d = draft[t];
    const s = rates[t];
    if (!d || !s) continue;
    const c: NonNullable<RateChanges[BetType]> = {};
    if (d.enabled !== s.enabled) c.enabled = d.enabled;
    if (Number(d.rate) !== Number(s.rate) || !/^\d+(\.\d{1,2})?$/.test(d.rate)) c.rate = d.rate;
    for (const k of NUMERIC) if (d[k] !== String(s[k])) c[k] = Number(d[k]) as never;
    if (Object.keys(c).length > 0) out[t] = c;
  }
  return out;
}

/**
 * A rate table as inputs: per bet type on/off, rate (บาทละ), min, max per item and ceiling per number.
 * `compare` shows another table's values beside each (the market's rates on a round).
 */
export function RateTableForm(props: {
  rates: Rates;
  compare?: Rates;
  compareLabel?: string;
  errors?: Record<string, string>;
  disabled?: boolean;
  onSave: (changes: RateChanges) => void;
  saveLabel: string;
  extra?: React.ReactNode;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.rates));
  const changes = changesOf(draft, props.rates);
  const dirty = Object.keys(changes).length > 0;
  const set = (t: string, k: string, v: string | boolean) =>
    setDraft({ ...draft, [t]: { ...draft[t]!, [k]: v } });
  const err = (t: string, k: string) => props.errors?.[`rates.${t}.${k}`];
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave(changes);
      }}
    >
      <div className="table-scroll">
        <table className="table">
          <caption className="visually-hidden">อัตราจ่ายและขีดจำกัดแต่ละประเภท</caption>
          <thead>
            <tr>
              <th scope="col">ประเภท</th>
              <th scope="col">เปิดรับ</th>
              <th scope="col">บาทละ</th>
              <th scope="col">ขั้นต่ำ (บาท)</th>
              <th scope="col">สูงสุดต่อรายการ</th>
              <th scope="col">รับสูงสุดต่อเลข</th>
              {props.compare && <th scope="col">{props.compareLabel}</th>}
            </tr>
          </thead>
          <tbody>
            {BET_TYPES.filter((t) => draft[t]).map((t) => {
              const d = draft[t]!;
              const c = props.compare?.[t];
              const label = betTypeLabel[t];
              return (
                <tr key={t}>
                  <th scope="row">{label}</th>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`เปิดรับ ${label}`}
                      checked={d.enabled}
                      disabled={props.disabled}
                      onChange={(e) => set(t, 'enabled', e.target.checked)}
                    />
                  </td>
                  {(['rate', ...NUMERIC] as const).map((k) => (
                    <td key={k}>
                      <input
                        className="rate-input"
                        id={`${id}-${t}-${k}`}
                        aria-label={`${k === 'rate' ? 'บาทละ' : k === 'min' ? 'ขั้นต่ำ' : k === 'max' ? 'สูงสุดต่อรายการ' : 'รับสูงสุดต่อเลข'} ${label}`}
                        inputMode={k === 'rate' ? 'decimal' : 'numeric'}
                        value={d[k]}
                        disabled={props.disabled}
                        aria-invalid={err(t, k) ? true : undefined}
                        title={err(t, k)}
                        onChange={(e) => set(t, k, e.target.value)}
                      />
                      {err(t, k) && <span className="field-error">{err(t, k)}</span>}
                    </td>
                  ))}
                  {props.compare && (
                    <td className="hint">
                      {c ? `${c.enabled ? '' : 'ปิด · '}${c.rate} · ${c.min}–${c.max} · ${c.ceiling}` : '-'}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={!dirty || props.disabled}>
          {props.saveLabel}
        </button>
        {props.extra}
      </div>
    </form>
  );
}
