import * as rewards from '@chok/contract/routes/rewards';
import { useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { call, type Data } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useSession } from '../../stores/session';
import './rewards.css';

type Hold = Data<typeof rewards.adminRewardHolds>['items'][number];
const statusLabels = { held: 'รอตรวจสอบ', paid: 'อนุมัติแล้ว', rejected: 'ไม่อนุมัติ' } as const;
const kindUnits = { points: 'แต้ม', free_credit: 'บาท (เครดิตฟรี)', main: 'บาท', none: '' } as const;

/** Rewards the risk rule held (G5): pay or refuse each, with a reason (owner and finance decide). */
export default function HoldsPage() {
  const role = useSession((s) => s.staff?.role);
  const canDecide = role === 'owner' || role === 'finance';
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['api', rewards.adminRewardHolds.path] });
  const release = (h: Hold) =>
    confirm({
      title: 'อนุมัติรางวัล',
      message: `จ่าย${h.feature_label} ${formatBaht(h.amount)} ${kindUnits[h.reward_kind]} ให้ ${h.phone}`,
      confirmLabel: 'อนุมัติและจ่าย',
      action: () => call(rewards.adminReleaseRewardHold, { id: h.id }),
      success: 'อนุมัติและจ่ายแล้ว',
    }).then(refresh);
  const reject = (h: Hold) =>
    confirm({
      title: 'ไม่อนุมัติรางวัล',
      message: `${h.feature_label} ${formatBaht(h.amount)} ${kindUnits[h.reward_kind]} ของ ${h.phone}`,
      tone: 'danger',
      confirmLabel: 'ไม่อนุมัติ',
      fields: [{ name: 'reason', label: 'เหตุผล', type: 'textarea', required: true }],
      action: (v) => call(rewards.adminRejectRewardHold, { id: h.id, reason: v.reason ?? '' }),
      success: 'บันทึกว่าไม่อนุมัติแล้ว',
    }).then(refresh);

  return (
    <>
      <h1>รางวัลรอตรวจสอบ</h1>
      <p className="hint">รางวัลของสมาชิกที่ระบบตรวจพบความเสี่ยง (เช่น ชื่อบัญชีซ้ำกับสมาชิกอื่น) รอเจ้าหน้าที่ตัดสิน</p>
      <DataTable
        route={rewards.adminRewardHolds}
        caption="รางวัลรอตรวจสอบ"
        rowKey={(h) => h.id}
        initialFilters={{ status: 'held' }}
        filters={[
          {
            name: 'status',
            label: 'สถานะ',
            type: 'select',
            options: [
              { value: 'held', label: 'รอตรวจสอบ' },
              { value: 'paid', label: 'อนุมัติแล้ว' },
              { value: 'rejected', label: 'ไม่อนุมัติ' },
            ],
          },
        ]}
        columns={[
          { key: 'created_at', header: 'เวลา', cell: (h) => formatDateTime(h.created_at) },
          { key: 'phone', header: 'สมาชิก' },
          { key: 'feature_label', header: 'รางวัล' },
          {
            key: 'amount',
            header: 'จำนวน',
            align: 'end',
            cell: (h) => `${formatBaht(h.amount)} ${kindUnits[h.reward_kind]}`,
          },
          { key: 'hold_reason', header: 'เหตุที่ระงับ', cell: (h) => h.hold_reason ?? '-' },
          { key: 'status', header: 'สถานะ', cell: (h) => statusLabels[h.status] },
          {
            key: 'actions',
            header: 'จัดการ',
            csv: () => '',
            cell: (h) =>
              canDecide && h.status === 'held' ? (
                <div className="row">
                  <button type="button" className="btn btn-small btn-primary" onClick={() => void release(h)}>
                    อนุมัติ
                  </button>
                  <button type="button" className="btn btn-small btn-danger" onClick={() => void reject(h)}>
                    ไม่อนุมัติ
                  </button>
                </div>
              ) : (
                '-'
              ),
          },
        ]}
      />
    </>
  );
}
