import { formatBaht } from '../../lib/money';
import { formatShortDay, type Winloss } from './api';

/** A result: "+150.00" in green when won, "-200.00" in red when lost. */
export function Net({ value }: { value: string }) {
  const lost = value.startsWith('-');
  const zero = /^-?0\.00$/.test(value);
  return (
    <span className={zero ? 'cb-num' : lost ? 'cb-num cb-num--lost' : 'cb-num cb-num--won'}>
      {lost || zero ? formatBaht(value) : `+${formatBaht(value)}`}
    </span>
  );
}

/** Stake, payout and net per day, with a line per category under each day. */
export function WinlossTable({ days, caption }: { days: Winloss['days']; caption: string }) {
  return (
    <table className="cb-table cb-table--days" data-testid="winloss-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">วันที่</th>
          <th scope="col">ยอดเดิมพัน</th>
          <th scope="col">ยอดจ่าย</th>
          <th scope="col">ได้/เสีย</th>
        </tr>
      </thead>
      {days.map((d) => (
        <tbody key={d.day} className="cb-table__day">
          <tr className="cb-table__total">
            <th scope="row">
              {formatShortDay(d.day)}
              {d.lines.length === 1 && <span className="cb-table__only"> {d.lines[0]?.label}</span>}
            </th>
            <td>{formatBaht(d.stake)}</td>
            <td>{formatBaht(d.payout)}</td>
            <td>
              <Net value={d.net} />
            </td>
          </tr>
          {d.lines.length > 1 &&
            d.lines.map((l) => (
              <tr key={l.category} className="cb-table__line">
                <th scope="row">{l.label}</th>
                <td>{formatBaht(l.stake)}</td>
                <td>{formatBaht(l.payout)}</td>
                <td>
                  <Net value={l.net} />
                </td>
              </tr>
            ))}
        </tbody>
      ))}
    </table>
  );
}
