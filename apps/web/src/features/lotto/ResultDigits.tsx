import type { RoundResultView } from './api';

type Result = NonNullable<RoundResultView['result']>;

/** 3 ตัวบน and 2 ตัวล่าง (plus GLO's front/back threes) as digit tiles. */
export function ResultDigits({ result, compact }: { result: Result | null; compact?: boolean }) {
  const tiles = (value: string | undefined, label: string, tone: 'top' | 'bottom') => (
    <div className={`result-digits__group result-digits__group--${tone}`}>
      <span className="result-digits__label">{label}</span>
      <span className="sr-only">{`${label} ${value ?? 'รอผล'}`}</span>
      <span className="result-digits__value" aria-hidden>
        {(value ?? (tone === 'top' ? '???' : '??')).split('').map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: digits are positional
          <span key={i} className="result-digits__digit">
            {d}
          </span>
        ))}
      </span>
    </div>
  );
  return (
    <div className={`result-digits${compact ? ' result-digits--compact' : ''}`}>
      {tiles(result?.top3, '3 ตัวบน', 'top')}
      {tiles(result?.bottom2, '2 ตัวล่าง', 'bottom')}
      {!compact && result?.front3 && (
        <div className="result-digits__extra">
          3 ตัวหน้า {result.front3.join(', ')} · 3 ตัวหลัง {result.back3?.join(', ')}
        </div>
      )}
    </div>
  );
}
