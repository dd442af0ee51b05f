import * as adminProtection from '@chok/contract/routes/admin-protection';
import { Link } from 'react-router';
import { DataTable, timeColumn } from '../../components/DataTable';
import { formatDateTime } from '../../lib/format';
import { BLOCK, CHOICE, STATES } from './labels';

type Block = { kind: string; choice: string; until: string | null } | null;
const blockText = (b: Block) =>
  b ? `${BLOCK[b.kind]} ${CHOICE[b.choice]} ${b.until ? `ถึง ${formatDateTime(b.until)}` : ''}`.trim() : '-';

/** Members who use a protection tool, newest change first (docs/rules/protection.md §7.1). */
export default function ProtectedMembersPage() {
  return (
    <div className="page">
      <h1>สมาชิกที่ตั้งค่าคุ้มครอง</h1>
      <p>ข้อมูลสำหรับอ่านเท่านั้น การตั้งค่าเป็นของสมาชิก เจ้าหน้าที่ยกเลิกหรือผ่อนปรนไม่ได้</p>
      <DataTable
        route={adminProtection.adminProtectionMembers}
        caption="สมาชิกที่ตั้งค่าคุ้มครอง"
        rowKey={(r) => r.member_id}
        filters={[{ name: 'state', label: 'สถานะ', type: 'select', options: STATES }]}
        initialFilters={{ state: 'any' }}
        csv
        columns={[
          {
            key: 'member_id',
            header: 'สมาชิก',
            cell: (r) => <Link to={`/protection/members/${r.member_id}`}>#{r.member_id}</Link>,
          },
          { key: 'phone', header: 'เบอร์โทร' },
          { key: 'name', header: 'ชื่อ' },
          {
            key: 'block',
            header: 'พัก/ระงับ',
            cell: (r) => blockText(r.block),
            csv: (r) => blockText(r.block),
          },
          { key: 'limits_in_force', header: 'วงเงินที่ตั้ง', align: 'end' },
          {
            key: 'reality_check_minutes',
            header: 'แจ้งเตือนเวลาเล่น',
            cell: (r) => (r.reality_check_minutes ? `ทุก ${r.reality_check_minutes} นาที` : '-'),
          },
          timeColumn('updated_at', 'เปลี่ยนล่าสุด'),
        ]}
      />
    </div>
  );
}
