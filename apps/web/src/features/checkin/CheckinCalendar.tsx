import { weekdayOf } from '@chok/engine/bangkok-calendar';
import { formatMonth } from '../../lib/dates';
import type { CheckinMonth } from './api';

const WEEKDAYS = [
  ['อา.', 'อาทิตย์'],
  ['จ.', 'จันทร์'],
  ['อ.', 'อังคาร'],
  ['พ.', 'พุธ'],
  ['พฤ.', 'พฤหัสบดี'],
  ['ศ.', 'ศุกร์'],
  ['ส.', 'เสาร์'],
] as const;

const STATE_LABEL: Record<CheckinMonth['days'][number]['state'], string> = {
  stamped: 'เช็คอินแล้ว',
  missed: 'ไม่ได้เช็คอิน',
  open: 'วันนี้ ยังไม่ได้เช็คอิน',
  locked: 'ยังไม่ถึงวัน',
};

/** "2026-03" → "มีนาคม 2569". */
export function monthTitle(month: string): string {
  return formatMonth(month);
}

/** The month as a table of weeks (Sunday first), each day marked as the server said. */
export function CheckinCalendar({ data }: { data: CheckinMonth }) {
  const lead = weekdayOf(`${data.month}-01`);
  const cells: (CheckinMonth['days'][number] | null)[] = [...Array(lead).fill(null), ...data.days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  const title = monthTitle(data.month);
  return (
    <table className="checkin-calendar" data-testid="checkin-calendar">
      <caption className="sr-only">ปฏิทินเช็คอิน {title}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col">
              <abbr title={long}>{short}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find((d) => d)?.date}>
            {week.map((d, i) =>
              d ? (
                <td
                  key={d.date}
                  className={`checkin-day checkin-day--${d.state}${d.date === data.today ? ' is-today' : ''}`}
                  data-state={d.state}
                  data-date={d.date}
                >
                  <span className="checkin-day__num" aria-hidden="true">
                    {d.day}
                  </span>
                  {d.state === 'stamped' && (
                    <span className="checkin-day__mark" aria-hidden="true">
                      ✓
                    </span>
                  )}
                  <span className="sr-only">
                    {d.day} {title}: {STATE_LABEL[d.state]}
                  </span>
                </td>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before and after the month have no identity
                <td key={`blank-${i}`} className="checkin-day checkin-day--blank" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
