import { EventPreview } from '../../components/Preview';
import { ContentPage } from './ContentPage';

/** Events behind the treasure chest: each leads to its poll or its own link. */
export default function EventsPage() {
  return (
    <ContentPage
      kind="events"
      title="กิจกรรม"
      noun="กิจกรรม"
      fields={[
        { name: 'title', label: 'ชื่อกิจกรรม (ข้อความแทนรูป)', type: 'text', required: true },
        { name: 'image', label: 'ที่อยู่รูปภาพ', type: 'text', required: true },
        {
          name: 'poll_id',
          label: 'รหัสโพล (ไม่บังคับ)',
          type: 'optional-number',
          hint: 'กิจกรรมที่พาไปโพล ลิงก์จะเป็น /poll/รหัส',
        },
        { name: 'link', label: 'ลิงก์เมื่อกด (ไม่บังคับ)', type: 'text' },
        { name: 'sort_order', label: 'ลำดับ', type: 'number' },
        { name: 'start_at', label: 'เริ่มแสดง (เวลาไทย)', type: 'datetime', hint: 'เว้นว่าง = แสดงทันที' },
        { name: 'end_at', label: 'หยุดแสดง (เวลาไทย)', type: 'datetime', hint: 'เว้นว่าง = ไม่มีกำหนด' },
        { name: 'is_active', label: 'เปิดใช้งาน', type: 'checkbox' },
      ]}
      defaults={{ sort_order: '0', is_active: 'true' }}
      columns={[
        { header: 'ไปที่', cell: (r) => (r.poll_id ? `โพล #${String(r.poll_id)}` : String(r.link ?? '/poll')) },
      ]}
      preview={(v) => (
        <EventPreview
          title={v.title ?? ''}
          image={v.image ?? ''}
          link={/^\d+$/.test(v.poll_id ?? '') ? `/poll/${v.poll_id}` : v.link || null}
        />
      )}
    />
  );
}
