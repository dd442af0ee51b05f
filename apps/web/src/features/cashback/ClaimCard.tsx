import { toastError, useAction } from '../../lib/action';
import { formatBaht } from '../../lib/money';
import { useServerNow } from '../../lib/server-clock';
import { toast } from '../../lib/toast';
import { type DayCashback, formatDay, useClaim } from './api';

const TONE: Record<DayCashback['state'], 'ok' | 'wait' | 'bad' | 'off'> = {
  claimable: 'ok',
  paid: 'ok',
  held: 'wait',
  rejected: 'bad',
  withheld: 'off',
  no_loss: 'off',
  below_minimum: 'off',
  closed: 'off',
};
const STATE_LABEL: Record<DayCashback['state'], string> = {
  claimable: 'รับได้วันนี้',
  paid: 'รับแล้ว',
  held: 'รอตรวจสอบ',
  rejected: 'ไม่อนุมัติ',
  withheld: 'งดจ่ายช่วงพักการเล่น',
  no_loss: 'ไม่มียอดคืน',
  below_minimum: 'ไม่ถึงขั้นต่ำ',
  closed: 'ปิดให้บริการ',
};

/** A net loss as it is; a day the member came out ahead (negative loss) reads "ได้ 900.00" in green. */
function NetLoss({ value }: { value: string }) {
  const won = value.startsWith('-');
  return (
    <span className={won ? 'cb-num cb-num--won' : 'cb-num'}>
      {won ? `ได้ ${formatBaht(value.slice(1))}` : formatBaht(value)}
    </span>
  );
}

/**
 * Yesterday's loss cashback of one kind (casino and slot, or lotto): the figures per category, the
 * amount, and the claim button — or, when nothing can be claimed, the server's Thai reason. The
 * window is the server's: past its close (a page left open over midnight) the button goes.
 */
export function ClaimCard({
  cashback,
  closesAt,
  title,
}: {
  cashback: DayCashback;
  closesAt: string;
  title: string;
}) {
  const claim = useClaim();
  const { pending, run } = useAction();
  const now = useServerNow(15_000);
  const windowClosed = now >= Date.parse(closesAt);
  const claimable = cashback.state === 'claimable' && !windowClosed;
  const reason =
    cashback.state === 'claimable' && windowClosed
      ? `หมดเวลารับคืนยอดเสียของวันที่ ${formatDay(cashback.day)} แล้ว กรุณาโหลดหน้าใหม่`
      : cashback.reason;
  const headingId = `cb-${cashback.kind}-title`;

  function onClaim() {
    void run(async () => {
      const r = await claim(cashback.kind, cashback.day);
      if (r.claim.status === 'held') {
        toast.info('ได้รับคำขอแล้ว ยอดคืนจะเข้ากระเป๋าหลักเมื่อเจ้าหน้าที่ตรวจสอบ', { duration: 3000 });
      } else {
        toast.success(`รับคืนยอดเสีย ${formatBaht(r.claim.amount)} บาท เข้ากระเป๋าหลักแล้ว`, { duration: 3000 });
      }
    }, toastError);
  }

  return (
    <section className="panel cb-card" aria-labelledby={headingId} data-testid={`cashback-${cashback.kind}`}>
      <div className="cb-card__head">
        <div>
          <h2 className="panel__title" id={headingId}>
            {title}
          </h2>
          <p className="cb-muted">ยอดของเมื่อวาน วันที่ {formatDay(cashback.day)}</p>
        </div>
        <span className={`pill pill--${TONE[cashback.state]}`} data-testid="cashback-state">
          {STATE_LABEL[cashback.state]}
        </span>
      </div>
      <table className="cb-table">
        <caption className="sr-only">ยอดเล่นเมื่อวานแยกตามประเภท</caption>
        <thead>
          <tr>
            <th scope="col">ประเภท</th>
            <th scope="col">ยอดเดิมพัน</th>
            <th scope="col">ยอดจ่าย</th>
            <th scope="col">ยอดเสีย</th>
          </tr>
        </thead>
        <tbody>
          {cashback.lines.map((l) => (
            <tr key={l.category}>
              <th scope="row">{l.label}</th>
              <td>{formatBaht(l.stake)}</td>
              <td>{formatBaht(l.payout)}</td>
              <td>
                <NetLoss value={l.net_loss} />
              </td>
            </tr>
          ))}
        </tbody>
        {cashback.lines.length > 1 && (
          <tfoot>
            <tr>
              <th scope="row">รวม</th>
              <td>{formatBaht(cashback.stake)}</td>
              <td>{formatBaht(cashback.payout)}</td>
              <td>
                <NetLoss value={cashback.net_loss} />
              </td>
            </tr>
          </tfoot>
        )}
      </table>
      <div className="cb-amount">
        <p className="cb-amount__label">ยอดคืน {cashback.rate_percent}%</p>
        <p className="cb-amount__value" data-testid="cashback-amount">
          {formatBaht(cashback.amount)} <span>฿</span>
        </p>
      </div>
      {claimable ? (
        <button
          type="button"
          className="btn btn--primary btn--lg btn--block"
          disabled={pending}
          onClick={onClaim}
        >
          {pending ? 'กำลังรับยอดคืน…' : `รับคืนยอดเสีย ${formatBaht(cashback.amount)} บาท`}
        </button>
      ) : (
        reason && (
          <p className={`cb-reason cb-reason--${TONE[cashback.state]}`} data-testid="cashback-reason">
            {reason}
          </p>
        )
      )}
      <ul className="cb-rules">
        <li>
          คืน {cashback.rate_percent}% ของยอดเสียสุทธิ (ยอดเดิมพัน − ยอดจ่าย) ขั้นต่ำ {formatBaht(cashback.minimum)} บาท
        </li>
        <li>กดรับได้วันถัดไปเวลา 00:00–23:59 น. เท่านั้น หากไม่กดรับถือว่าสละสิทธิ์</li>
        <li>เข้ากระเป๋าหลักทันที ไม่ต้องทำเทิร์น</li>
      </ul>
    </section>
  );
}
