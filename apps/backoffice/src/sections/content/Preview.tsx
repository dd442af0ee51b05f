import './preview.css';
import type { ReactNode } from 'react';
import { formatBaht, formatCount } from '../../lib/format';

/**
 * Small, faithful copies of how the member site draws each piece of content (apps/web
 * features/content: NotificationDialog, BannerCarousel, EventCorner; components Logo, ChatButton),
 * with the member site's colours and shapes (preview.css), so an operator sees the result before
 * saving. The member app itself is not imported: the console's bundle stays its own.
 */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="preview-block" aria-label={title}>
      <h2>{title}</h2>
      <div className="member-preview" data-testid="member-preview">
        {children}
      </div>
    </section>
  );
}

const ChatIcon = () => (
  <svg
    width="26"
    height="26"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />
  </svg>
);

export interface NotificationDraft {
  type: number;
  title: string;
  description: string;
  image: string | null;
}

/** An important announcement (type 1) as the member's dialog shows it; others are listed only. */
export function NotificationPreview({ n }: { n: NotificationDraft }) {
  return (
    <Frame title="ตัวอย่างบนหน้าเว็บสมาชิก">
      {n.type !== 1 && (
        <p className="mp-muted" style={{ marginBottom: 8 }}>
          ประกาศทั่วไป: สมาชิกเห็นในรายการประกาศ ไม่เด้งขึ้นเป็นหน้าต่าง (ตัวอย่างด้านล่างคือหน้าตาเมื่อเป็นประกาศสำคัญ)
        </p>
      )}
      <div className="mp-dialog" style={{ maxWidth: 400 }}>
        <div className="mp-dialog__header">
          <h3 className="mp-dialog__title">ประกาศสำคัญ (1 / 1)</h3>
          <span className="mp-dialog__close" aria-hidden="true">
            ✕
          </span>
        </div>
        <div className="mp-dialog__body">
          <article className="mp-notice">
            {n.image && <img className="mp-notice__image" src={n.image} alt="" />}
            <h3 className="mp-notice__title">{n.title || 'หัวข้อประกาศ'}</h3>
            <p className="mp-notice__text">{n.description}</p>
          </article>
        </div>
        <div className="mp-dialog__footer">
          <span className="mp-btn">ปิด</span>
        </div>
      </div>
    </Frame>
  );
}

/** A home-page banner: the picture at 1200 × 400, full width. */
export function BannerPreview({ title, image }: { title: string; image: string }) {
  return (
    <Frame title="ตัวอย่างบนหน้าแรกของสมาชิก">
      <div className="mp-carousel">
        {image ? (
          <img src={image} alt={title} />
        ) : (
          <p className="mp-muted" style={{ padding: 24 }}>
            ยังไม่มีรูปภาพ
          </p>
        )}
      </div>
      <p className="mp-muted" style={{ marginTop: 8 }}>
        ขนาดที่แสดง 1200 × 400 (ส่วนเกินถูกตัดขอบ)
      </p>
    </Frame>
  );
}

/** An event as a tile of the member's event dialog (width 800). */
export function EventPreview({ title, image, link }: { title: string; image: string; link: string | null }) {
  return (
    <Frame title="ตัวอย่างในหน้าต่างกิจกรรมของสมาชิก">
      <div className="mp-dialog" style={{ maxWidth: 800 }}>
        <div className="mp-dialog__header">
          <h3 className="mp-dialog__title">กิจกรรม</h3>
          <span className="mp-dialog__close" aria-hidden="true">
            ✕
          </span>
        </div>
        <div className="mp-dialog__body">
          <div className="mp-event-list">
            <div className="mp-event">
              {image ? (
                <img src={image} alt={title} />
              ) : (
                <p className="mp-muted" style={{ padding: 24 }}>
                  ยังไม่มีรูปภาพ
                </p>
              )}
            </div>
          </div>
          <p className="mp-muted" style={{ marginTop: 8 }}>
            กดแล้วไปที่: {link || '/poll'}
          </p>
        </div>
      </div>
    </Frame>
  );
}

/** The member site's header logo and the floating chat button with the contact links. */
export function AgentPreview(a: { name: string; logo: string; lineAdmin: string; lineContact: string }) {
  return (
    <Frame title="ตัวอย่างบนหน้าเว็บสมาชิก">
      <div className="mp-header">
        <span className="mp-logo">{a.logo ? <img src={a.logo} alt={a.name} /> : <span>{a.name}</span>}</span>
        {a.lineContact && (
          <span className="mp-chat" role="img" aria-label="ปุ่มแชทกับเจ้าหน้าที่">
            <ChatIcon />
          </span>
        )}
      </div>
      <div className="mp-links">
        <span>
          ปุ่มแชท:{' '}
          {a.lineContact ? (
            <a href={a.lineContact} target="_blank" rel="noopener noreferrer">
              {a.lineContact}
            </a>
          ) : (
            'ไม่แสดง (ยังไม่ได้ตั้งค่า)'
          )}
        </span>
        <span>
          ไลน์แอดมิน:{' '}
          {a.lineAdmin ? (
            <a href={a.lineAdmin} target="_blank" rel="noopener noreferrer">
              {a.lineAdmin}
            </a>
          ) : (
            '-'
          )}
        </span>
      </div>
    </Frame>
  );
}

export interface ShopItemDraft {
  kind: string;
  title: string;
  description: string;
  image: string;
  pricePoints: string;
  voucherAmount: string;
  voucherWallet: string;
  stock: string;
  monthlyLimit: string;
}

/** A point-shop item as the member's shop card draws it (apps/web features/shop/ItemCard). */
export function ShopItemPreview({ item }: { item: ShopItemDraft }) {
  const whole = (text: string) => (/^\d+$/.test(text.trim()) ? formatCount(Number(text)) : null);
  const amount = Number(item.voucherAmount);
  return (
    <Frame title="ตัวอย่างในร้านแลกแต้มของสมาชิก">
      <article className="mp-shop-item">
        <div className="mp-shop-item__media">
          {item.image.trim() ? <img src={item.image.trim()} alt="" /> : <span aria-hidden="true">🎁</span>}
          <span
            className={`mp-shop-item__kind${item.kind === 'voucher' ? ' mp-shop-item__kind--voucher' : ''}`}
          >
            {item.kind === 'voucher' ? 'คูปองเครดิต' : 'ของรางวัล'}
          </span>
        </div>
        <div className="mp-shop-item__body">
          <h3 className="mp-shop-item__title">{item.title || 'ชื่อของรางวัล'}</h3>
          {item.description && <p className="mp-muted">{item.description}</p>}
          <p className="mp-shop-item__price">
            <strong>{whole(item.pricePoints) ?? '–'}</strong> แต้ม
          </p>
          <ul className="mp-shop-item__facts">
            {item.kind === 'voucher' && Number.isFinite(amount) && amount > 0 && (
              <li>
                ได้รับ {formatBaht(amount)} บาท เข้า
                {item.voucherWallet === 'main' ? 'กระเป๋าหลัก' : 'กระเป๋าเครดิตฟรี'}
              </li>
            )}
            <li>{whole(item.stock) === null ? 'ไม่จำกัดจำนวน' : `คงเหลือ ${whole(item.stock)} ชิ้น`}</li>
            <li>
              เดือนนี้แลกได้อีก {item.monthlyLimit} จาก {item.monthlyLimit} ชิ้น
            </li>
          </ul>
          <span className="mp-btn">แลกเลย</span>
        </div>
      </article>
    </Frame>
  );
}
