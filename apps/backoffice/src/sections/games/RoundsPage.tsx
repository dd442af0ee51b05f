import * as api from '@chok/contract/routes/admin-games';
import { choiceFilter, DataTable, timeColumn } from '../../components/DataTable';
import { formatBaht } from '../../lib/format';

const statusLabels: Record<string, string> = { open: 'รอผล', settled: 'จบแล้ว', refunded: 'คืนเงิน' };
const walletLabels: Record<number, string> = { 1: 'หลัก', 2: 'โบนัส', 3: 'เครดิตฟรี' };

/** Recent in-house game rounds (owner), newest first, by game, member and status. */
export default function RoundsPage() {
  return (
    <>
      <h1>รอบเกมล่าสุด</h1>
      <DataTable
        route={api.gameRoundsAdmin}
        caption="รอบเกมของเว็บ"
        rowKey={(r) => r.id}
        filters={[
          { name: 'game_id', label: 'รหัสเกม' },
          { name: 'member_id', label: 'รหัสสมาชิก' },
          choiceFilter('status', 'สถานะ', { open: 'รอผล', settled: 'จบแล้ว', refunded: 'คืนเงิน' }),
        ]}
        columns={[
          { key: 'id', header: 'รอบ', align: 'end' },
          timeColumn('created_at', 'เวลา'),
          { key: 'game_name', header: 'เกม' },
          {
            key: 'member',
            header: 'สมาชิก',
            csv: (r) => r.member_phone ?? r.member_id,
            cell: (r) => r.member_phone ?? r.member_id,
          },
          {
            key: 'wallet_type_id',
            header: 'กระเป๋า',
            csv: (r) => walletLabels[r.wallet_type_id],
            cell: (r) => walletLabels[r.wallet_type_id] ?? r.wallet_type_id,
          },
          { key: 'stake', header: 'เดิมพัน', align: 'end', cell: (r) => formatBaht(r.stake) },
          {
            key: 'payout',
            header: 'จ่าย',
            align: 'end',
            cell: (r) => (r.payout === null ? '—' : formatBaht(r.payout)),
          },
          {
            key: 'status',
            header: 'สถานะ',
            csv: (r) => statusLabels[r.status],
            cell: (r) => statusLabels[r.status],
          },
          { key: 'nonce', header: 'ลำดับสุ่ม', align: 'end' },
          {
            key: 'server_seed_hash',
            header: 'ค่าแฮชเมล็ด',
            cell: (r) => <code title={r.server_seed_hash}>{r.server_seed_hash.slice(0, 12)}…</code>,
          },
        ]}
      />
    </>
  );
}
