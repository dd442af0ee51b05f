import * as members from '@chok/contract/routes/admin-members';
import { useEffect } from 'react';
import { DataTable, timeColumn } from '../../components/DataTable';

const statusLabel = {
  queued: 'รอส่ง',
  sent: 'ส่งแล้ว',
  delivered: 'ถึงผู้รับแล้ว',
  failed: 'ส่งไม่สำเร็จ',
} as const;

/**
 * Every text message the site sent or keeps (docs/rules/connectors.md §5): support reads a code a member
 * did not receive on a demo site, and sees on any site whether and through which provider it went (a
 * production site shows an OTP masked).
 */
export default function SmsOutboxPage() {
  useEffect(() => {
    document.title = 'กล่องข้อความ SMS — Chok หลังบ้าน';
  }, []);
  return (
    <>
      <h1>กล่องข้อความ SMS</h1>
      <p className="hint">
        ข้อความที่ระบบส่งถึงสมาชิก ล่าสุดก่อน ค้นหาด้วยเบอร์โทรศัพท์ 10 หลัก เว็บไซต์จริงจะซ่อนรหัส OTP ในข้อความ
      </p>
      <DataTable
        route={members.smsMessages}
        caption="ข้อความ SMS"
        rowKey={(r) => r.id}
        filters={[{ name: 'phone', label: 'เบอร์โทรศัพท์', placeholder: '0812345678' }]}
        columns={[
          timeColumn('created_at', 'เวลา'),
          { key: 'phone', header: 'เบอร์โทรศัพท์' },
          { key: 'body', header: 'ข้อความ' },
          {
            key: 'status',
            header: 'สถานะ',
            csv: (r) => statusLabel[r.status],
            cell: (r) => (
              <span
                className={`badge ${r.status === 'failed' ? 'badge-danger' : r.status === 'queued' ? 'badge-warn' : 'badge-ok'}`}
              >
                {statusLabel[r.status]}
              </span>
            ),
          },
          {
            key: 'provider',
            header: 'ส่งผ่าน',
            cell: (r) => (r.provider === 'outbox' ? 'กล่องข้อความในระบบ' : r.provider),
            csv: (r) => r.provider,
          },
          { key: 'attempts', header: 'จำนวนครั้งที่ส่ง', align: 'end' },
        ]}
      />
    </>
  );
}
