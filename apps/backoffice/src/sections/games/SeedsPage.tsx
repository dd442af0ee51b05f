import * as api from '@chok/contract/routes/admin-games';
import { useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../components/ConfirmDialog';
import { choiceFilter, DataTable, type RowOf, timeColumn } from '../../components/DataTable';
import { call } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

type Seed = RowOf<NonNullable<(typeof api.fairSeedsAdmin)['endpoint']>>;
const stateLabels: Record<string, string> = { active: 'ใช้งานอยู่', next: 'รอใช้ถัดไป', revealed: 'เปิดเผยแล้ว' };
const short = (hex: string | null) => (hex ? `${hex.slice(0, 16)}…` : '—');

/** In-house fairness seeds (owner): published hashes, revealed seeds, rotating a player's seed now. */
export default function SeedsPage() {
  const client = useQueryClient();
  const rotate = async (s: Seed) => {
    await confirm({
      title: 'หมุนเมล็ดสุ่มทันที',
      message: `เปิดเผยเมล็ดสุ่มปัจจุบันของสมาชิก ${s.member_phone ?? s.member_id} ใช้เมล็ดถัดไปที่ประกาศค่าแฮชไว้แล้ว และเริ่มนับรอบใหม่จาก 0`,
      confirmLabel: 'หมุนเมล็ดสุ่ม',
      action: () => call(api.rotateFairSeed, { id: s.id }),
      success: 'หมุนเมล็ดสุ่มแล้ว',
    });
    await client.invalidateQueries({ queryKey: ['api', api.fairSeedsAdmin.path] });
  };
  return (
    <>
      <h1>เมล็ดสุ่มเกมของเว็บ</h1>
      <p className="hint">
        เมล็ดสุ่มที่ยังไม่เปิดเผยแสดงเฉพาะค่าแฮชที่ประกาศไว้ เมล็ดของโต๊ะรวม (บาคาร่า ฟุตบอล) เปิดเผยเองเมื่อจบขอนหรือจบคู่
      </p>
      <DataTable
        route={api.fairSeedsAdmin}
        caption="เมล็ดสุ่ม"
        rowKey={(r) => r.id}
        filters={[
          choiceFilter('kind', 'ชนิด', { player: 'ของผู้เล่น', shared: 'ของโต๊ะรวม' }),
          choiceFilter('state', 'สถานะ', { active: 'ใช้งานอยู่', next: 'รอใช้ถัดไป', revealed: 'เปิดเผยแล้ว' }),
          { name: 'member_id', label: 'รหัสสมาชิก' },
        ]}
        columns={[
          { key: 'id', header: 'รหัส', align: 'end' },
          {
            key: 'owner',
            header: 'ของ',
            csv: (r) => (r.kind === 'shared' ? `โต๊ะ ${r.table}` : (r.member_phone ?? r.member_id)),
            cell: (r) => (r.kind === 'shared' ? `โต๊ะ ${r.table}` : `สมาชิก ${r.member_phone ?? r.member_id}`),
          },
          {
            key: 'state',
            header: 'สถานะ',
            csv: (r) => stateLabels[r.state],
            cell: (r) => stateLabels[r.state],
          },
          {
            key: 'server_seed_hash',
            header: 'ค่าแฮชที่ประกาศ',
            cell: (r) => <code title={r.server_seed_hash}>{short(r.server_seed_hash)}</code>,
          },
          {
            key: 'server_seed',
            header: 'เมล็ดที่เปิดเผย',
            cell: (r) => <code title={r.server_seed ?? ''}>{short(r.server_seed)}</code>,
          },
          { key: 'client_seed', header: 'เมล็ดของผู้เล่น' },
          { key: 'next_nonce', header: 'รอบถัดไป', align: 'end' },
          timeColumn('created_at', 'สร้างเมื่อ'),
          {
            key: 'revealed_at',
            header: 'เปิดเผยเมื่อ',
            cell: (r) => (r.revealed_at ? formatDateTime(r.revealed_at) : '—'),
          },
          {
            key: 'actions',
            header: 'จัดการ',
            csv: () => '',
            cell: (r) =>
              r.kind === 'player' && r.state === 'active' ? (
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={`หมุนทันที เมล็ด ${r.id}`}
                  onClick={() => void rotate(r)}
                >
                  หมุนทันที
                </button>
              ) : (
                ''
              ),
          },
        ]}
      />
    </>
  );
}
