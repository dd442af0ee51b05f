import * as rewards from '@chok/contract/routes/rewards';
import { useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../components/ConfirmDialog';
import { DataTable, timeColumn } from '../../components/DataTable';
import { call, type Data } from '../../lib/api';
import { formatBaht } from '../../lib/format';
import { useApi } from '../../lib/query';
import { useSession } from '../../stores/session';
import './rewards.css';

type Hold = Data<typeof rewards.adminRewardHolds>['items'][number];
const statusLabels = {
  held: 'รอตรวจสอบ',
  paid: 'อนุมัติแล้ว',
  rejected: 'ไม่อนุมัติ',
  withheld: 'งดจ่าย (พักการเล่น)',
} as const;
const kindUnits = { points: 'แต้ม', free_credit: 'บาท (เครดิตฟรี)', main: 'บาท', none: '' } as const;

/** What the status column says: a held reward from the second-approval amount shows how far it got. */
function statusText(h: Hold): string {
  if (h.status !== 'held' || !h.second_approval_needed) return statusLabels[h.status];
  return h.first_approval_by === null
    ? 'รอตรวจสอบ (ต้องอนุมัติสองคน)'
    : `รออนุมัติคนที่สอง (คนแรก: ${h.first_approval_username ?? '-'})`;
}

/**
 * Rewards the risk rule held (G5): pay or refuse each, with a reason (owner and finance decide).
 * From the second-approval amount two different operators approve before it is paid.
 */
export default function HoldsPage() {
  const me = useSession((s) => s.staff);
  const canDecide = me?.role === 'owner' || me?.role === 'finance';
  const client = useQueryClient();
  const settings = useApi(rewards.adminRewardHoldSettings, {});
  const refresh = () => client.invalidateQueries({ queryKey: ['api', rewards.adminRewardHolds.path] });
  const release = (h: Hold) => {
    const first = h.second_approval_needed && h.first_approval_by === null;
    const second = h.second_approval_needed && h.first_approval_by !== null;
    return confirm({
      title: first ? 'อนุมัติรางวัล (คนแรก)' : second ? 'อนุมัติรางวัล (คนที่สอง)' : 'อนุมัติรางวัล',
      message: `จ่าย${h.feature_label} ${formatBaht(h.amount)} ${kindUnits[h.reward_kind]} ให้ ${h.phone}${
        first ? ' — ยอดนี้ต้องให้เจ้าหน้าที่อีกคนอนุมัติด้วยจึงจะจ่าย' : ''
      }`,
      confirmLabel: first ? 'อนุมัติ' : 'อนุมัติและจ่าย',
      action: () => call(rewards.adminReleaseRewardHold, { id: h.id }),
      success: (r) => (r.status === 'paid' ? 'อนุมัติและจ่ายแล้ว' : 'อนุมัติแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ'),
    }).then(refresh);
  };
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
      <p className="hint">
        รางวัลของสมาชิกที่ระบบตรวจพบความเสี่ยง (เช่น ชื่อบัญชีซ้ำกับสมาชิกอื่น) รอเจ้าหน้าที่ตัดสิน
        {settings.data
          ? ` · เงินสดและเครดิตฟรีตั้งแต่ ${formatBaht(settings.data.second_approval)} บาท ต้องให้เจ้าหน้าที่สองคนอนุมัติ`
          : ''}
        {' · '}รางวัลที่ถึงกำหนดระหว่างที่สมาชิกพักการเล่นหรือระงับการเล่นด้วยตนเองจะงดจ่าย (ดูได้ที่สถานะ “งดจ่าย”)
      </p>
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
              { value: 'withheld', label: 'งดจ่าย (พักการเล่น)' },
            ],
          },
        ]}
        columns={[
          timeColumn('created_at', 'เวลา'),
          { key: 'phone', header: 'สมาชิก' },
          { key: 'feature_label', header: 'รางวัล' },
          {
            key: 'amount',
            header: 'จำนวน',
            align: 'end',
            cell: (h) => `${formatBaht(h.amount)} ${kindUnits[h.reward_kind]}`,
          },
          { key: 'hold_reason', header: 'เหตุที่ระงับ', cell: (h) => h.hold_reason ?? '-' },
          { key: 'status', header: 'สถานะ', cell: statusText },
          {
            key: 'actions',
            header: 'จัดการ',
            csv: () => '',
            cell: (h) =>
              canDecide && h.status === 'held' ? (
                <div className="row">
                  {h.first_approval_by !== null && h.first_approval_by === me?.id ? (
                    <span className="hint">รอเจ้าหน้าที่คนอื่นอนุมัติ</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-small btn-primary"
                      onClick={() => void release(h)}
                    >
                      {h.first_approval_by === null ? 'อนุมัติ' : 'อนุมัติคนที่สอง'}
                    </button>
                  )}
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
