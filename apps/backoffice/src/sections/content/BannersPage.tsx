import { BannerPreview } from '../../components/Preview';
import { ContentPage } from './ContentPage';

/** Home-page banners, in order, each in its window. */
export default function BannersPage() {
  return (
    <ContentPage
      kind="banners"
      title="แบนเนอร์"
      noun="แบนเนอร์"
      fields={[
        { name: 'title', label: 'ชื่อแบนเนอร์ (ข้อความแทนรูป)', type: 'text', required: true },
        { name: 'image', label: 'ที่อยู่รูปภาพ (1200 × 400)', type: 'text', required: true },
        { name: 'link', label: 'ลิงก์เมื่อกด (ไม่บังคับ)', type: 'text', hint: 'เช่น /promotions หรือ https://…' },
        { name: 'sort_order', label: 'ลำดับ', type: 'number' },
        { name: 'start_at', label: 'เริ่มแสดง (เวลาไทย)', type: 'datetime', hint: 'เว้นว่าง = แสดงทันที' },
        { name: 'end_at', label: 'หยุดแสดง (เวลาไทย)', type: 'datetime', hint: 'เว้นว่าง = ไม่มีกำหนด' },
        { name: 'is_active', label: 'เปิดใช้งาน', type: 'checkbox' },
      ]}
      defaults={{ sort_order: '0', is_active: 'true' }}
      columns={[{ header: 'ลิงก์', cell: (r) => String(r.link ?? '-') }]}
      preview={(v) => <BannerPreview title={v.title ?? ''} image={v.image ?? ''} />}
    />
  );
}
