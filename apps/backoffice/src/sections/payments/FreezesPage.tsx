import * as admin from '@chok/contract/routes/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirm } from '../../components/ConfirmDialog';
import { call, errorMessage } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useApi } from '../../lib/query';

const STATUS = [
  ['open', 'ยังระงับอยู่'],
  ['cleared', 'ปลดแล้ว'],
] as const;

/**
 * Withdrawal freezes (docs/rules/payments.md §7): the nightly reconciliation found a member's wallet
 * balance unequal to its ledger lines and stopped the member's withdrawals. Finance checks the
 * accounts and clears the freeze with a note (audited); the header counts the open ones.
 */
export default function FreezesPage() {
  const [status, setStatus] = useState<'open' | 'cleared'>('open');
  const client = useQueryClient();
  const list = useApi(admin.withdrawalFreezes, { status, limit: 200 });
  const clear = (id: number, phone: string) =>
    confirm({
      title: 'ปลดการระงับถอนเงิน',
      message: `ตรวจสอบยอดในกระเป๋าของสมาชิก ${phone} กับรายการบัญชีแล้ว สมาชิกจะถอนเงินได้อีกครั้ง`,
      confirmLabel: 'ปลดการระงับ',
      fields: [{ name: 'note', label: 'หมายเหตุการตรวจสอบ', type: 'textarea', required: true }],
      action: (v) => call(admin.clearWithdrawalFreeze, { id, note: v.note ?? '' }),
      success: 'ปลดการระงับถอนเงินแล้ว',
    }).then((r) => {
      if (r) void client.invalidateQueries({ queryKey: ['api', admin.withdrawalFreezes.path] });
    });

  return (
    <div className="page">
      <h1>ระงับการถอนเงิน</h1>
      <p className="hint">
        ระบบกระทบยอดทุกคืน หากยอดในกระเป๋าไม่ตรงกับรายการบัญชี จะระงับการถอนของสมาชิกนั้นจนกว่าเจ้าหน้าที่จะตรวจสอบและปลด
      </p>
      <div className="row">
        {STATUS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={status === value ? 'btn btn-primary' : 'btn'}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {label}
          </button>
        ))}
      </div>
      {list.isError ? (
        <p className="form-error">{errorMessage(list.error)}</p>
      ) : !list.data ? (
        <p className="loading">กำลังโหลด…</p>
      ) : list.data.length === 0 ? (
        <p className="empty">{status === 'open' ? 'ไม่มีการระงับถอนเงินที่ค้างอยู่' : 'ยังไม่มีการปลดการระงับ'}</p>
      ) : (
        <table className="table" data-testid="freezes">
          <caption className="sr-only">ระงับการถอนเงิน</caption>
          <thead>
            <tr>
              <th scope="col">เวลา</th>
              <th scope="col">สมาชิก</th>
              <th scope="col">สาเหตุ</th>
              <th scope="col">กระเป๋า: ยอดคงเหลือ / ตามรายการบัญชี</th>
              <th scope="col">{status === 'open' ? 'ดำเนินการ' : 'ปลดเมื่อ'}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((f) => (
              <tr key={f.id}>
                <td>{formatDateTime(f.created_at)}</td>
                <td>
                  <Link to={`/members/${f.member_id}`}>{f.phone}</Link>
                </td>
                <td>{f.reason_label}</td>
                <td>
                  {f.accounts.map((a) => (
                    <div key={a.account_id} className="num">
                      กระเป๋า {a.wallet_type_id}: {formatBaht(a.balance)} / {formatBaht(a.derived)}
                    </div>
                  ))}
                </td>
                <td>
                  {f.cleared_at ? (
                    `${formatDateTime(f.cleared_at)}${f.clear_note ? ` — ${f.clear_note}` : ''}`
                  ) : (
                    <button type="button" className="btn" onClick={() => clear(f.id, f.phone)}>
                      ปลดการระงับ
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
