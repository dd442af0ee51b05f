import * as members from '@chok/contract/routes/admin-members';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { BankName, bankName } from '../../components/Bank';
import { DataTable, timeColumn } from '../../components/DataTable';
import { StatusBadge } from './parts';

/** Search members by phone, name, bank account number or referral code. */
export default function MembersPage() {
  useEffect(() => {
    document.title = 'ค้นหาสมาชิก — Chok หลังบ้าน';
  }, []);
  return (
    <>
      <h1>ค้นหาสมาชิก</h1>
      <p className="hint">ค้นหาด้วยเบอร์โทรศัพท์ ชื่อบัญชี เลขบัญชีธนาคาร หรือรหัสแนะนำ</p>
      <DataTable
        route={members.searchMembers}
        caption="รายชื่อสมาชิก"
        rowKey={(r) => r.id}
        filters={[{ name: 'q', label: 'คำค้นหา', placeholder: 'เช่น 0812345678' }]}
        columns={[
          {
            key: 'phone',
            header: 'เบอร์โทรศัพท์',
            cell: (r) => <Link to={`/members/${r.id}`}>{r.phone}</Link>,
          },
          { key: 'account_name', header: 'ชื่อบัญชี' },
          {
            key: 'bank_code',
            header: 'ธนาคาร',
            cell: (r) => <BankName code={r.bank_code} />,
            csv: (r) => bankName(r.bank_code),
          },
          { key: 'account_no', header: 'เลขบัญชี' },
          { key: 'referral_code', header: 'รหัสแนะนำ' },
          { key: 'status', header: 'สถานะ', cell: (r) => <StatusBadge status={r.status} /> },
          timeColumn('created_at', 'สมัครเมื่อ'),
        ]}
      />
    </>
  );
}
