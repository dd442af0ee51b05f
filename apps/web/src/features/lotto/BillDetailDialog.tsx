import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { errorMessage } from '../../lib/api';
import { formatBaht } from '../../lib/money';
import { formatNumber } from '../../lib/numbers';
import { useMinimumPending } from '../../lib/pending';
import { toast } from '../../lib/toast';
import { walletsKey } from '../../lib/wallets';
import { cancelBill, useBillDetail } from './api';
import { BILL_STATUS, betLabel } from './labels';
import { ResultDigits } from './ResultDigits';

/** A bill's items with their rate snapshots, the round's result and the winnings; cancel when allowed. */
export function BillDetailDialog({ billId, onClose }: { billId: number | null; onClose: () => void }) {
  const qc = useQueryClient();
  const { data, isLoading, isError, error } = useBillDetail(billId);
  const loading = useMinimumPending(isLoading);
  const [confirm, setConfirm] = useState(false);
  const cancel = async () => {
    setConfirm(false);
    try {
      const res = await cancelBill(billId!);
      toast.success(`ยกเลิกโพยแล้ว คืนเงิน ${formatBaht(res.refunded)} บาท`, { duration: 3000 });
      void qc.invalidateQueries({ queryKey: ['lotto'] });
      void qc.invalidateQueries({ queryKey: walletsKey });
    } catch (err) {
      toast.error(errorMessage(err), { duration: 3000 });
    }
  };
  return (
    <>
      <Dialog
        open={billId !== null}
        onClose={onClose}
        width={560}
        title={`โพย #${billId ?? ''}`}
        testId="bill-detail"
      >
        {loading && <p className="empty-text">กำลังโหลด…</p>}
        {!loading && isError && <p className="error-box">{error.message}</p>}
        {!loading && data && (
          <div className="bill-detail">
            <p className="bill-detail__head">
              {data.bill.market_name} ·{' '}
              <span className={`status-pill status-pill--${data.bill.status}`}>
                {BILL_STATUS[data.bill.status]}
              </span>
            </p>
            {data.result && <ResultDigits result={data.result} compact />}
            <table className="bill-table">
              <thead>
                <tr>
                  <th>ประเภท</th>
                  <th>เลข</th>
                  <th>ราคา</th>
                  <th>บาทละ</th>
                  <th>ผล</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((i) => (
                  <tr key={i.id} className={`is-${i.status}`}>
                    <td>{betLabel(i.bet_type)}</td>
                    <td className="bill-table__number">{i.number}</td>
                    <td>{formatBaht(i.amount)}</td>
                    <td>{formatNumber(Number(i.rate))}</td>
                    <td>
                      {i.status === 'won'
                        ? `+${formatBaht(i.win_amount)}`
                        : (BILL_STATUS[i.status] ?? i.status)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="bill-detail__total">
              ยอดแทง {formatBaht(data.bill.total_amount)} บาท · ได้รับรางวัล{' '}
              <strong>{formatBaht(data.bill.total_win)}</strong> บาท
            </p>
            {data.bill.cancellable && (
              <button type="button" className="btn btn--outline btn--block" onClick={() => setConfirm(true)}>
                ยกเลิกโพยนี้
              </button>
            )}
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirm}
        title="หมายเหตุ"
        text="ต้องการยกเลิกโพยนี้และรับเงินคืนใช่หรือไม่"
        confirmText="ยกเลิกโพย"
        cancelText="ไม่ใช่"
        onConfirm={cancel}
        onCancel={() => setConfirm(false)}
      />
    </>
  );
}
