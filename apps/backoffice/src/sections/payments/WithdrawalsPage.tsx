import * as payments from '@chok/contract/routes/payments';
import { useQueryClient } from '@tanstack/react-query';
import { BankName, bankCodeOf } from '../../components/Bank';
import { confirm } from '../../components/ConfirmDialog';
import { type Column, DataTable, type Row, timeColumn } from '../../components/DataTable';
import { ApiError, call } from '../../lib/api';
import { csvDateTime, formatBaht } from '../../lib/format';
import { statusTone, withdrawalStatusOptions } from './labels';
import { memberColumn, queueFilters } from './queue';

type Withdrawal = Row<typeof payments.adminWithdrawals>;

const NAME_FIELD = {
  name: 'bank_account_name',
  label: 'ชื่อบัญชีตามที่ธนาคารแสดง',
  required: true,
  hint: 'การจ่ายครั้งแรกของบัญชีนี้: กรอกชื่อที่ธนาคารแสดงตอนโอน ระบบจะตรวจกับชื่อที่สมัคร',
} as const;

function AccountFacts({ w }: { w: Withdrawal }) {
  return (
    <dl className="facts">
      <dt>เลขที่</dt>
      <dd>#{w.id}</dd>
      <dt>สมาชิก</dt>
      <dd>{w.member.phone}</dd>
      <dt>โอนเข้า</dt>
      <dd>
        <BankName code={bankCodeOf(w.bank_short)} account={w.account_no} />
      </dd>
      <dt>ชื่อบัญชีที่สมัคร</dt>
      <dd>{w.account_name}</dd>
      <dt>ยอด</dt>
      <dd>{formatBaht(w.amount)} บาท</dd>
    </dl>
  );
}

/**
 * The withdrawal queue (docs/rules/payments.md §4): a supervisor releases one under review, an
 * operator marks a pending one paid with the bank reference of the transfer made (the first payout
 * to an account also takes the name the bank shows, checked against the registered name), or
 * rejects it with a reason (the held amount returns to the member).
 */
export default function WithdrawalsPage() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['api', payments.adminWithdrawals.path] });

  const approve = async (w: Withdrawal, askName = w.member.name_check_required) => {
    let needName = false;
    await confirm({
      title: 'ยืนยันการจ่ายเงินถอน',
      message: <AccountFacts w={w} />,
      confirmLabel: 'ยืนยันจ่ายแล้ว',
      fields: [
        { name: 'bank_ref', label: 'เลขอ้างอิงการโอนของธนาคาร', required: true },
        ...(askName ? [NAME_FIELD] : []),
      ],
      action: async (v) => {
        try {
          return await call(payments.approveWithdrawal, {
            id: w.id,
            bank_ref: v.bank_ref ?? '',
            ...(v.bank_account_name ? { bank_account_name: v.bank_account_name } : {}),
          });
        } catch (err) {
          // The server asks for the bank's name when it is the account's first payout.
          if (!askName && err instanceof ApiError && err.code === 'WITHDRAW_NAME_CHECK_REQUIRED')
            needName = true;
          throw err;
        }
      },
      success: 'บันทึกการจ่ายเงินแล้ว',
    });
    if (needName) return approve(w, true);
    await refresh();
  };

  const reject = async (w: Withdrawal) => {
    await confirm({
      title: 'ปฏิเสธรายการถอน',
      message: <AccountFacts w={w} />,
      tone: 'danger',
      confirmLabel: 'ปฏิเสธและคืนยอด',
      fields: [{ name: 'reason', label: 'เหตุผล (สมาชิกจะเห็นข้อความนี้)', type: 'textarea', required: true }],
      action: (v) => call(payments.rejectWithdrawal, { id: w.id, reason: v.reason ?? '' }),
      success: 'ปฏิเสธรายการถอนแล้ว คืนยอดให้สมาชิกแล้ว',
    });
    await refresh();
  };

  const release = async (w: Withdrawal) => {
    await confirm({
      title: 'ปล่อยรายการที่รอตรวจสอบ',
      message: (
        <>
          <AccountFacts w={w} />
          <p>เหตุที่รอตรวจสอบ: {w.review_reason ?? '-'}</p>
        </>
      ),
      confirmLabel: 'ปล่อยให้จ่ายได้',
      fields: [{ name: 'note', label: 'หมายเหตุ', type: 'textarea' }],
      action: (v) => call(payments.releaseWithdrawalReview, { id: w.id, note: v.note ?? '' }),
      success: 'ปล่อยรายการแล้ว รายการพร้อมจ่าย',
    });
    await refresh();
  };

  const columns: Column<Withdrawal>[] = [
    { key: 'id', header: 'เลขที่', cell: (w) => `#${w.id}` },
    timeColumn('created_at', 'เวลาแจ้งถอน', csvDateTime),
    memberColumn,
    {
      key: 'account',
      header: 'บัญชีรับเงิน',
      cell: (w) => (
        <>
          <BankName code={bankCodeOf(w.bank_short)} account={w.account_no} />
          <br />
          <small className="hint">{w.account_name}</small>
          {w.member.name_check_required && (
            <>
              <br />
              <span className="badge badge-warn">จ่ายครั้งแรก ต้องตรวจชื่อ</span>
            </>
          )}
        </>
      ),
      csv: (w) => `${w.bank_name} ${w.account_no} ${w.account_name}`,
    },
    { key: 'amount', header: 'ยอด', align: 'end', cell: (w) => formatBaht(w.amount) },
    {
      key: 'status',
      header: 'สถานะ',
      cell: (w) => (
        <>
          <span className={statusTone(w.status)}>{w.status_label}</span>
          {w.review_reason && w.status === 'review' && (
            <>
              <br />
              <small className="hint">{w.review_reason}</small>
            </>
          )}
        </>
      ),
      csv: (w) => w.status_label,
    },
    {
      key: 'bank_ref',
      header: 'เลขอ้างอิง',
      cell: (w) => w.bank_ref ?? w.reason ?? '-',
      csv: (w) => w.bank_ref ?? w.reason ?? '',
    },
    {
      key: 'decided_by',
      header: 'ผู้ทำรายการ',
      cell: (w) => w.decided_by?.username ?? '-',
      csv: (w) => w.decided_by?.username ?? '',
    },
    {
      key: 'actions',
      header: 'จัดการ',
      csv: () => '',
      cell: (w) =>
        w.status === 'pending' || w.status === 'review' ? (
          <div className="row">
            {w.status === 'review' ? (
              <button type="button" className="btn btn-small" onClick={() => void release(w)}>
                ปล่อยตรวจสอบ
              </button>
            ) : (
              <button type="button" className="btn btn-primary btn-small" onClick={() => void approve(w)}>
                จ่ายแล้ว
              </button>
            )}
            <button type="button" className="btn btn-danger btn-small" onClick={() => void reject(w)}>
              ปฏิเสธ
            </button>
          </div>
        ) : null,
    },
  ];

  return (
    <>
      <h1>รายการถอน</h1>
      <DataTable
        route={payments.adminWithdrawals}
        caption="รายการถอน"
        rowKey={(w) => w.id}
        columns={columns}
        filters={queueFilters(withdrawalStatusOptions)}
      />
    </>
  );
}
