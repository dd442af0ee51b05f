/**
 * How much of a turnover is done, 0–100, as a bar (global.css .progress) that screen readers read
 * by its `label` and, where given, `valueText`.
 */
export function Progress({
  percent,
  label,
  valueText,
}: {
  percent: number;
  label: string;
  valueText?: string;
}) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
    >
      <div className="progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
