import * as payments from '@chok/contract/routes/payments';
import { useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../components/ConfirmDialog';
import { type Column, DataTable, type Row, timeColumn } from '../../components/DataTable';
import { call } from '../../lib/api';
import { csvDateTime, formatBaht } from '../../lib/format';
import { useSession } from '../../stores/session';
import { channelLabels, depositStatusOptions, statusTone } from './labels';
import { memberColumn, queueFilters } from './queue';

type Deposit = Row<typeof payments.adminDeposits>;

const waiting = (d: Deposit) => d.status === 'open' || d.status === 'review';

/**
 * The deposit queue (docs/rules/payments.md §3): confirm with the bank reference (from the
 * configured amount a second operator confirms: the first approval shows "รออนุมัติคนที่สอง" and the
 * same operator cannot give the second), reject a request under review with a reason.
 */
export default function DepositsPage() {
  const client = useQueryClient();
  const me = useSession((s) => s.staff);
  const refresh = () => client.invalidateQueries({ queryKey: ['api', payments.adminDeposits.path] });

  const confirmDeposit = async (d: Deposit) => {
    const second = d.first_approval_by !== null;
    await confirm({
      title: second ? 'อนุมัติรายการฝาก (คนที่สอง)' : 'ยืนยันรายการฝาก',
      message: (
        <dl className="facts">
          <dt>เลขที่</dt>
          <dd>#{d.request_id}</dd>
          <dt>สมาชิก</dt>
          <dd>
            {d.member.phone} {d.member.account_name}
          </dd>
          <dt>ยอดที่ต้องโอน</dt>
          <dd>{formatBaht(d.pay_amount)} บาท</dd>
          {d.review_amount && (
            <>
              <dt>ยอดที่ได้รับจริง</dt>
              <dd>{formatBaht(d.review_amount)} บาท</dd>
            </>
          )}
          {second && (
            <>
              <dt>อนุมัติครั้งแรกโดย</dt>
              <dd>{d.first_approval_by?.username}</dd>
            </>
          )}
        </dl>
      ),
      confirmLabel: 'ยืนยันรับเงิน',
      fields: [{ name: 'bank_ref', label: 'เลขอ้างอิงธนาคาร', required: true }],
      action: (v) => call(payments.adminConfirmDeposit, { id: d.request_id, bank_ref: v.bank_ref ?? '' }),
      success: (r) =>
        r.outcome === 'awaiting_second_approval'
          ? 'บันทึกการอนุมัติครั้งแรกแล้ว รอผู้อนุมัติคนที่สอง'
          : r.outcome === 'already_confirmed'
            ? 'รายการนี้ยืนยันไปแล้ว'
            : 'ยืนยันรายการฝากแล้ว เครดิตเข้ากระเป๋าสมาชิกแล้ว',
    });
    await refresh();
  };

  const rejectDeposit = async (d: Deposit) => {
    await confirm({
      title: 'ปฏิเสธรายการฝาก',
      message: `ปฏิเสธรายการ #${d.request_id} ของ ${d.member.phone} ยอด ${formatBaht(d.pay_amount)} บาท`,
      tone: 'danger',
      confirmLabel: 'ปฏิเสธรายการ',
      fields: [{ name: 'reason', label: 'เหตุผล', type: 'textarea', required: true }],
      action: (v) => call(payments.adminRejectDeposit, { id: d.request_id, reason: v.reason ?? '' }),
      success: 'ปฏิเสธรายการฝากแล้ว',
    });
    await refresh();
  };

  const columns: Column<Deposit>[] = [
    { key: 'request_id', header: 'เลขที่', cell: (d) => `#${d.request_id}` },
    timeColumn('created_at', 'เวลาแจ้งฝาก', csvDateTime),
    memberColumn,
    { key: 'name', header: 'ชื่อบัญชี', cell: (d) => d.member.account_name, csv: (d) => d.member.account_name },
    {
      key: 'channel',
      header: 'ช่องทาง / บัญชีรับ',
      cell: (d) => (
        <>
          {channelLabels[d.channel_id] ?? d.receiving.name}
          <br />
          <small className="hint">
            {d.receiving.name} {d.receiving.account_no ?? ''}
          </small>
        </>
      ),
      csv: (d) => `${channelLabels[d.channel_id] ?? ''} ${d.receiving.name} ${d.receiving.account_no ?? ''}`,
    },
    { key: 'pay_amount', header: 'ยอดที่ต้องโอน', align: 'end', cell: (d) => formatBaht(d.pay_amount) },
    {
      key: 'paid_amount',
      header: 'ยอดที่ได้รับ',
      align: 'end',
      cell: (d) => formatBaht(d.paid_amount ?? d.review_amount),
      csv: (d) => d.paid_amount ?? d.review_amount ?? '',
    },
    {
      key: 'status',
      header: 'สถานะ',
      cell: (d) => (
        <>
          <span className={statusTone(d.status)}>{d.status_label}</span>
          {d.first_approval_by && waiting(d) && (
            <>
              <br />
              <span className="badge badge-warn">รออนุมัติคนที่สอง</span>
            </>
          )}
        </>
      ),
      csv: (d) => (d.first_approval_by && waiting(d) ? `${d.status_label} (รออนุมัติคนที่สอง)` : d.status_label),
    },
    {
      key: 'staff',
      header: 'ผู้ทำรายการ',
      cell: (d) => d.confirmed_by?.username ?? d.first_approval_by?.username ?? '-',
      csv: (d) => d.confirmed_by?.username ?? d.first_approval_by?.username ?? '',
    },
    {
      key: 'actions',
      header: 'จัดการ',
      csv: () => '',
      cell: (d) =>
        waiting(d) ? (
          <div className="row">
            {d.first_approval_by && d.first_approval_by.id === me?.id ? (
              <span className="hint">รอผู้อนุมัติคนอื่น</span>
            ) : (
              <button
                type="button"
                className="btn btn-primary btn-small"
                onClick={() => void confirmDeposit(d)}
              >
                {d.first_approval_by ? 'อนุมัติคนที่สอง' : 'ยืนยัน'}
              </button>
            )}
            {d.status === 'review' && (
              <button
                type="button"
                className="btn btn-danger btn-small"
                onClick={() => void rejectDeposit(d)}
              >
                ปฏิเสธ
              </button>
            )}
          </div>
        ) : null,
    },
  ];

  return (
    <>
      <h1>รายการฝาก</h1>
      <DataTable
        route={payments.adminDeposits}
        caption="รายการฝาก"
        rowKey={(d) => d.request_id}
        columns={columns}
        filters={queueFilters(depositStatusOptions)}
      />
    </>
  );
}
