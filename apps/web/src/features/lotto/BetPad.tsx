import { useState } from 'react';
import { BET_TYPES, type BetType, reverseNumbers } from './labels';

export interface Line {
  bet_type: BetType;
  number: string;
  amount: string;
}

interface Props {
  enabled: readonly BetType[];
  onAdd: (lines: { bet_type: BetType; number: string }[]) => void;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'back'] as const;

/**
 * Bet-type tabs (several of the same length may be chosen together), a number pad that also takes
 * the keyboard, and กลับเลข. A number is added to every chosen type once all its digits are in.
 */
export function BetPad({ enabled, onAdd }: Props) {
  const types = BET_TYPES.filter((t) => enabled.includes(t.code));
  const [chosen, setChosen] = useState<BetType[]>(() => (types[0] ? [types[0].code] : []));
  const [digits, setDigits] = useState('');
  const [reverse, setReverse] = useState(false);
  const length = BET_TYPES.find((t) => t.code === chosen[0])?.digits ?? 3;

  const toggle = (code: BetType) => {
    const len = BET_TYPES.find((t) => t.code === code)!.digits;
    setDigits('');
    setChosen((cur) => {
      if (cur.includes(code)) return cur.length > 1 ? cur.filter((c) => c !== code) : cur;
      // Types of another length replace the choice: one number fits one length.
      return len === length ? [...cur, code] : [code];
    });
  };

  const commit = (value: string) => {
    const numbers = reverse && value.length > 1 ? reverseNumbers(value) : [value];
    onAdd(chosen.flatMap((bet_type) => numbers.map((number) => ({ bet_type, number }))));
    setDigits('');
  };

  const type = (d: string) => {
    const next = (digits + d).slice(0, length);
    if (next.length === length) commit(next);
    else setDigits(next);
  };

  const press = (k: (typeof KEYS)[number]) => {
    if (k === 'clear') setDigits('');
    else if (k === 'back') setDigits((s) => s.slice(0, -1));
    else type(k);
  };

  return (
    <section className="panel bet-pad" aria-label="เลือกเลข">
      <fieldset className="bet-tabs">
        <legend className="sr-only">ประเภทการแทง</legend>
        {types.map((t) => (
          <button
            key={t.code}
            type="button"
            aria-pressed={chosen.includes(t.code)}
            className={`bet-tab${chosen.includes(t.code) ? ' is-active' : ''}`}
            onClick={() => toggle(t.code)}
          >
            {t.label}
          </button>
        ))}
      </fieldset>
      <div className="bet-pad__entry">
        <label className="bet-pad__slots" htmlFor="bet-number">
          {Array.from({ length }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: digit slots are positional
            <span key={i} className={`bet-pad__slot${digits[i] ? ' is-filled' : ''}`}>
              {digits[i] ?? ''}
            </span>
          ))}
        </label>
        <input
          id="bet-number"
          className="bet-pad__input"
          inputMode="numeric"
          autoComplete="off"
          aria-label={`กรอกเลข ${length} หลัก`}
          placeholder={`พิมพ์เลข ${length} หลัก`}
          value={digits}
          onChange={(e) => {
            const v = e.target.value.replace(/\D/g, '').slice(0, length);
            if (v.length === length) commit(v);
            else setDigits(v);
          }}
        />
        {length > 1 && (
          <label className="switch">
            <input type="checkbox" checked={reverse} onChange={(e) => setReverse(e.target.checked)} />
            <span className="switch__track" aria-hidden />
            <span>กลับเลข</span>
          </label>
        )}
      </div>
      <fieldset className="numpad">
        <legend className="sr-only">แป้นตัวเลข</legend>
        {KEYS.map((k) => (
          <button
            key={k}
            type="button"
            className={`numpad__key${k === 'clear' || k === 'back' ? ' numpad__key--fn' : ''}`}
            onClick={() => press(k)}
            aria-label={k === 'clear' ? 'ล้างเลข' : k === 'back' ? 'ลบตัวเลข' : k}
          >
            {k === 'clear' ? 'ล้าง' : k === 'back' ? 'ลบ' : k}
          </button>
        ))}
      </fieldset>
    </section>
  );
}
