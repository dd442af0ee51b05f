import {
  auditActionLabel,
  auditActionLabels,
  auditEntityLabel,
  auditEntityLabels,
} from '@chok/contract/audit-actions';
import * as api from '@chok/contract/routes/admin-staff';
import { useState } from 'react';
import { choiceFilter, DataTable, timeColumn } from '../../components/DataTable';
import { formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/query';

const actorLabels: Record<string, string> = { staff: 'พนักงาน', member: 'สมาชิก', system: 'ระบบ' };
/** An action as a person reads it ("จ่ายถอนเงิน"), the key it is stored under as a tooltip. */
function Action({ action }: { action: string }) {
  return (
    <span className="audit-action" title={action}>
      {auditActionLabel(action)}
    </span>
  );
}
/** Labels in Thai alphabetical order, for a filter's choices. */
const byLabel = (labels: Record<string, string>) =>
  Object.fromEntries(Object.entries(labels).sort(([, a], [, b]) => a.localeCompare(b, 'th')));
const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** The audit log (owner): filters, paging, CSV, and the check of the hash chain end to end. */
export default function AuditPage() {
  const verify = useAction(api.auditVerify);
  const [open, setOpen] = useState<number | null>(null);
  const result = verify.data;
  return (
    <>
      <h1>บันทึกการใช้งาน</h1>
      <section className="card" aria-labelledby="chain-title">
        <h2 id="chain-title">ความถูกต้องของห่วงโซ่บันทึก</h2>
        <p className="hint">ทุกรายการผูกกับรายการก่อนหน้าด้วยค่าแฮช หากมีการแก้ไขย้อนหลัง การตรวจสอบจะพบรายการแรกที่ผิด</p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={verify.isPending}
          onClick={() => verify.mutate({})}
        >
          {verify.isPending ? 'กำลังตรวจสอบ…' : 'ตรวจสอบห่วงโซ่'}
        </button>
        <div role="status" aria-live="polite">
          {result &&
            (result.ok ? (
              <p className="badge badge-ok">
                ห่วงโซ่ถูกต้อง ตรวจแล้ว {result.rows_checked.toLocaleString('th-TH')} รายการ (
                {formatDateTime(result.checked_at)})
              </p>
            ) : (
              <p className="badge badge-danger">
                พบรายการที่ถูกแก้ไข: รายการ #{result.first_broken?.id} (
                {result.first_broken && <Action action={result.first_broken.action} />},{' '}
                {result.first_broken ? formatDateTime(result.first_broken.created_at) : ''}) —{' '}
                {result.first_broken?.reason === 'hash' ? 'ข้อมูลไม่ตรงกับค่าแฮช' : 'ไม่ต่อกับรายการก่อนหน้า'} ตรวจผ่าน{' '}
                {result.rows_checked.toLocaleString('th-TH')} รายการก่อนหน้านั้น
              </p>
            ))}
        </div>
      </section>
      <DataTable
        route={api.auditList}
        caption="บันทึกการใช้งาน"
        rowKey={(r) => r.id}
        filters={[
          choiceFilter('actor_type', 'ผู้ทำรายการ', { staff: 'พนักงาน', member: 'สมาชิก', system: 'ระบบ' }),
          { name: 'actor_id', label: 'รหัสผู้ทำรายการ' },
          choiceFilter('action', 'การกระทำ', byLabel(auditActionLabels)),
          choiceFilter('entity', 'ประเภทข้อมูล', byLabel(auditEntityLabels)),
          { name: 'entity_id', label: 'รหัสข้อมูล' },
          { name: 'from', label: 'ตั้งแต่วันที่', type: 'date' },
          { name: 'to', label: 'ถึงวันที่', type: 'date' },
        ]}
        columns={[
          { key: 'id', header: 'ลำดับ', align: 'end' },
          timeColumn('created_at', 'เวลา'),
          {
            key: 'actor',
            header: 'ผู้ทำรายการ',
            csv: (r) => `${actorLabels[r.actor_type]} ${r.actor_name ?? r.actor_id ?? ''}`,
            cell: (r) => `${actorLabels[r.actor_type]} ${r.actor_name ?? r.actor_id ?? ''}`,
          },
          {
            key: 'action',
            header: 'การกระทำ',
            csv: (r) => `${auditActionLabel(r.action)} (${r.action})`,
            cell: (r) => <Action action={r.action} />,
          },
          {
            key: 'entity',
            header: 'ข้อมูล',
            csv: (r) => `${auditEntityLabel(r.entity)}${r.entity_id ? ` #${r.entity_id}` : ''} (${r.entity})`,
            cell: (r) => (
              <span title={r.entity}>
                {auditEntityLabel(r.entity)}
                {r.entity_id ? ` #${r.entity_id}` : ''}
              </span>
            ),
          },
          {
            key: 'detail',
            header: 'รายละเอียด',
            csv: (r) => `${json(r.before)} → ${json(r.after)}`,
            cell: (r) =>
              open === r.id ? (
                <div>
                  <button type="button" className="btn btn-small" onClick={() => setOpen(null)}>
                    ซ่อน
                  </button>
                  <p className="hint">ก่อน</p>
                  <pre>{json(r.before) || '—'}</pre>
                  <p className="hint">หลัง</p>
                  <pre>{json(r.after) || '—'}</pre>
                </div>
              ) : (
                <button type="button" className="btn btn-small" onClick={() => setOpen(r.id)}>
                  ดูรายละเอียด
                </button>
              ),
          },
        ]}
      />
    </>
  );
}
