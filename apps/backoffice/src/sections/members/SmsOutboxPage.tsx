import * as members from '@chok/contract/routes/admin-members';
import { useEffect } from 'react';
import { DataTable } from '../../components/DataTable';
import { formatDateTime } from '../../lib/format';

/** The built-in SMS sender's outbox: support reads a code a member did not receive. */
export default function SmsOutboxPage() {
  useEffect(() => {
    document.title = 'กล่องข้อความ SMS — Chok หลังบ้าน';
  }, []);
  return (
    <>
      <h1>กล่องข้อความ SMS</h1>
      <p className="hint">ข้อความที่ระบบส่งถึงสมาชิก ล่าสุดก่อน ค้นหาด้วยเบอร์โทรศัพท์ 10 หลัก</p>
      <DataTable
        route={members.smsMessages}
        caption="ข้อความ SMS"
        rowKey={(r) => r.id}
        filters={[{ name: 'phone', label: 'เบอร์โทรศัพท์', placeholder: '0812345678' }]}
        columns={[
          {
            key: 'created_at',
            header: 'เวลา',
            cell: (r) => formatDateTime(r.created_at),
            csv: (r) => r.created_at,
          },
          { key: 'phone', header: 'เบอร์โทรศัพท์' },
          { key: 'body', header: 'ข้อความ' },
        ]}
      />
    </>
  );
}
