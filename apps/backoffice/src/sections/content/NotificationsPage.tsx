import { NotificationPreview } from '../../components/Preview';
import { ContentPage } from './ContentPage';

const types = [
  { value: '1', label: 'ประกาศสำคัญ (เด้งขึ้นเมื่อสมาชิกเข้าเว็บ)' },
  { value: '2', label: 'ประกาศทั่วไป' },
];

/** Notifications: important ones (type 1) open as the member site's announcement dialog. */
export default function NotificationsPage() {
  return (
    <ContentPage
      kind="notifications"
      title="ประกาศ"
      noun="ประกาศ"
      fields={[
        { name: 'type', label: 'ประเภท', type: 'select', options: types },
        { name: 'title', label: 'หัวข้อ', type: 'text', required: true },
        { name: 'description', label: 'ข้อความ', type: 'textarea' },
        { name: 'image', label: 'ที่อยู่รูปภาพ (ไม่บังคับ)', type: 'text', hint: 'เช่น https://… หรือ /images/…' },
        { name: 'priority', label: 'ความสำคัญ (มากแสดงก่อน)', type: 'number' },
        { name: 'sort_order', label: 'ลำดับ', type: 'number' },
        { name: 'start_at', label: 'เริ่มแสดง (เวลาไทย)', type: 'datetime', hint: 'เว้นว่าง = แสดงทันที' },
        { name: 'end_at', label: 'หยุดแสดง (เวลาไทย)', type: 'datetime', hint: 'เว้นว่าง = ไม่มีกำหนด' },
        { name: 'is_active', label: 'เปิดใช้งาน', type: 'checkbox' },
      ]}
      defaults={{ type: '1', priority: '0', sort_order: '0', is_active: 'true' }}
      columns={[
        { header: 'ประเภท', cell: (r) => (r.type === 1 ? 'สำคัญ' : 'ทั่วไป') },
        { header: 'ความสำคัญ', cell: (r) => String(r.priority) },
      ]}
      preview={(v) => (
        <NotificationPreview
          n={{
            type: Number(v.type),
            title: v.title ?? '',
            description: v.description ?? '',
            image: v.image ? v.image : null,
          }}
        />
      )}
    />
  );
}
