import {
  addDays,
  bangkokDate,
  endOfBangkokDay,
  mondayOf,
  startOfBangkokDay,
} from '@chok/engine/bangkok-calendar';
import './preview.css';
import type { ReactNode } from 'react';
import { formatBaht, formatCount, formatDateTime } from '../lib/format';

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

/** The picture as the member sees it, or a note that there is none yet. */
function PictureOrNone({ image, title }: { image: string; title: string }) {
  return image ? (
    <img src={image} alt={title} />
  ) : (
    <p className="mp-muted" style={{ padding: 24 }}>
      ยังไม่มีรูปภาพ
    </p>
  );
}

/** A home-page banner: the picture at 1200 × 400, full width. */
export function BannerPreview({ title, image }: { title: string; image: string }) {
  return (
    <Frame title="ตัวอย่างบนหน้าแรกของสมาชิก">
      <div className="mp-carousel">
        <PictureOrNone image={image} title={title} />
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
              <PictureOrNone image={image} title={title} />
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

export interface WheelPrizeDraft {
  kind: 'none' | 'points' | 'free_credit';
  label: string;
  /** Baht for free credit (the gold segment from 10,000), points otherwise. */
  value: string;
}

/** Splits a label at its first space into two lines, as the member's wheel does. */
function wheelLines(label: string): string[] {
  const at = label.indexOf(' ');
  return at < 0 ? [label] : [label.slice(0, at), label.slice(at + 1)];
}

/** A point `radius` from the centre on the ray `deg` degrees clockwise from the top. */
function polar(deg: number, radius: number): [number, number] {
  const rad = (deg * Math.PI) / 180;
  return [radius * Math.sin(rad), -radius * Math.cos(rad)];
}

/**
 * The prize wheel as the member's wheel page draws it (apps/web features/wheel/WheelDisc): one
 * segment per prize clockwise from the pointer, its label on it, the top prizes in gold.
 */
export function WheelPreview({ prizes }: { prizes: readonly WheelPrizeDraft[] }) {
  const n = prizes.length;
  const s = n > 0 ? 360 / n : 360;
  const r = 100;
  const gold = (p: WheelPrizeDraft) => p.kind === 'free_credit' && Number(p.value) >= 10_000;
  const segment = (i: number) => {
    const [x0, y0] = polar(i * s, r);
    const [x1, y1] = polar((i + 1) * s, r);
    const f = (v: number) => v.toFixed(3);
    return `M0 0L${f(x0)} ${f(y0)}A${r} ${r} 0 ${s > 180 ? 1 : 0} 1 ${f(x1)} ${f(y1)}Z`;
  };
  return (
    <Frame title="ตัวอย่างวงล้อบนหน้าเว็บสมาชิก">
      {n === 0 ? (
        <p className="mp-muted">ยังไม่มีช่องรางวัล</p>
      ) : (
        <div className="mp-wheel">
          <svg viewBox="-110 -110 220 220" role="img" aria-label={`วงล้อรางวัล ${n} ช่อง`}>
            <circle r={r + 6} className="mp-wheel__rim" />
            {n === 1 ? (
              <circle r={r} className={gold(prizes[0]!) ? 'mp-wheel__gold' : 'mp-wheel__a'} />
            ) : (
              prizes.map((p, i) => (
                <path
                  // biome-ignore lint/suspicious/noArrayIndexKey: a segment is its position on the wheel
                  key={`s${i}`}
                  d={segment(i)}
                  className={gold(p) ? 'mp-wheel__gold' : i % 2 === 0 ? 'mp-wheel__a' : 'mp-wheel__b'}
                />
              ))
            )}
            {prizes.map((p, i) => (
              <text
                // biome-ignore lint/suspicious/noArrayIndexKey: a label is its segment's
                key={`t${i}`}
                transform={`rotate(${(i + 0.5) * s})`}
                textAnchor="middle"
                className={`mp-wheel__label${gold(p) ? ' is-gold' : ''}`}
              >
                {wheelLines(p.label || '–').map((line, j, all) => (
                  <tspan
                    key={j === 0 ? 'first' : 'second'}
                    x={0}
                    y={-r * 0.66 + (j - (all.length - 1) / 2) * 11}
                  >
                    {line}
                  </tspan>
                ))}
              </text>
            ))}
            <circle r={16} className="mp-wheel__hub" />
            <path d="M-9 -112 L9 -112 L0 -92 Z" className="mp-wheel__pointer" />
          </svg>
        </div>
      )}
    </Frame>
  );
}

export interface QuestDraft {
  title: string;
  task: string;
  target: string;
  period: string;
  /** The campaign's end as an ISO instant (empty when not set or not a campaign). */
  endsAt: string;
  rewardKind: string;
  rewardAmount: string;
}

const QUEST_GROUPS: Record<string, string> = {
  daily: 'ภารกิจรายวัน',
  weekly: 'ภารกิจรายสัปดาห์',
  campaign: 'ภารกิจกิจกรรม',
};
const QUEST_UNITS: Record<string, string> = { deposit: 'บาท', bet: 'บาท', rounds: 'รอบ', checkin: 'วัน' };
/** A date and time as the member site writes it: "5 มี.ค. 69 14:05" (the shared formatter). */
const memberDateTime = (iso: string) => formatDateTime(iso);

/** When this period ends, as the member's card says it (a minute before the next period starts). */
function questDeadline(period: string, endsAt: string, now = new Date()): string | null {
  if (period === 'campaign') return endsAt ? new Date(Date.parse(endsAt) - 60_000).toISOString() : null;
  const today = bangkokDate(now);
  // Weekly quests run from Monday 00:00 Bangkok.
  const next = period === 'weekly' ? startOfBangkokDay(addDays(mondayOf(today), 7)) : endOfBangkokDay(today);
  return new Date(next.getTime() - 60_000).toISOString();
}

/** A quest as the member's quest page draws it (apps/web features/quests/QuestCard), not yet begun. */
export function QuestPreview({ q }: { q: QuestDraft }) {
  const money = q.task === 'deposit' || q.task === 'bet';
  const figure = (v: string) => (money ? formatBaht(v || 0) : v || '0');
  const amount = Number(q.rewardAmount);
  const reward =
    q.rewardKind === 'points'
      ? `${Number.isFinite(amount) ? formatCount(amount) : q.rewardAmount} แต้ม`
      : `เครดิตฟรี ${Number.isFinite(amount) ? formatCount(amount) : q.rewardAmount} บาท`;
  const deadline = questDeadline(q.period, q.endsAt);
  return (
    <Frame title="ตัวอย่างในหน้าภารกิจของสมาชิก">
      <h3 className="mp-quest-group">{QUEST_GROUPS[q.period] ?? q.period}</h3>
      <article className="mp-quest">
        <div className="mp-quest__head">
          <h3 className="mp-quest__title">{q.title || 'ชื่อภารกิจ'}</h3>
          <span className="mp-quest__reward">{q.rewardAmount ? reward : 'รางวัล'}</span>
        </div>
        <div className="mp-quest__bar" aria-hidden="true">
          <span style={{ width: '0%' }} />
        </div>
        <p className="mp-quest__meta">
          <span>
            {figure('0')} / {figure(q.target)} {QUEST_UNITS[q.task] ?? ''}
          </span>
          {deadline && <span>หมดเขต {memberDateTime(deadline)}</span>}
        </p>
        <div className="mp-quest__actions">
          <span className="mp-btn mp-btn--ghost">ยังไม่สำเร็จ</span>
        </div>
      </article>
    </Frame>
  );
}

export interface PollDraft {
  question: string;
  description: string;
  image: string;
  /** The close time as an ISO instant ('' while not set). */
  closeAt: string;
  baseVotes: string;
  bahtPerVote: string;
  maxVotes: string;
  rewardPerVote: string;
  choices: readonly string[];
}

/** Baht as the poll page writes it: grouped, without ".00". */
const pollBaht = (amount: string) => formatBaht(amount || 0).replace(/\.00$/, '');

/**
 * A poll as the member's /poll/{id} page draws it once published (apps/web pages/Poll.tsx, features
 * polls): the question, picture and text, when voting closes, the choices with their vote buttons
 * and the rules.
 */
export function PollPreview({ p }: { p: PollDraft }) {
  return (
    <Frame title="ตัวอย่างหน้าโพลของสมาชิก">
      <h3 className="mp-poll__title">{p.question || 'คำถามของโพล'}</h3>
      <div className="mp-panel mp-poll__head">
        {p.image.trim() && <img className="mp-poll__image" src={p.image.trim()} alt="" />}
        <div className="mp-poll__body">
          {p.description && <p>{p.description}</p>}
          <div className="mp-poll__time">
            <span>ปิดโหวต {p.closeAt ? `${memberDateTime(p.closeAt)} น.` : '–'}</span>
          </div>
        </div>
      </div>
      <div className="mp-panel">
        <h4 className="mp-panel__title">ตัวเลือก</h4>
        {p.choices.length === 0 ? (
          <p className="mp-muted">ยังไม่มีตัวเลือก</p>
        ) : (
          <ul className="mp-poll__choices">
            {p.choices.map((label, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a choice is its line of the form
              <li key={`${i}-${label}`} className="mp-poll__choice">
                <div className="mp-poll__none" aria-hidden="true">
                  {label.slice(0, 2)}
                </div>
                <div className="mp-poll__choice-body">
                  <p className="mp-poll__label">{label}</p>
                  <span className="mp-btn mp-btn--small">โหวต</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mp-panel">
        <h4 className="mp-panel__title">กติกา</h4>
        <ul className="mp-poll__rules">
          <li>
            สมาชิกทุกคนได้ {p.baseVotes || '–'} สิทธิ์ ฝากครบทุก {pollBaht(p.bahtPerVote)} บาทระหว่างเปิดโพลรับเพิ่ม 1 สิทธิ์
            สูงสุด {p.maxVotes || '–'} สิทธิ์
          </li>
          <li>ทุกสิทธิ์ไปที่ตัวเลือกแรกที่คุณเลือก เปลี่ยนตัวเลือกภายหลังไม่ได้</li>
          <li>ปิดโหวตตามเวลาที่กำหนด โหวตหลังปิดจะไม่ถูกนับ</li>
          <li>ทายถูกรับเครดิตฟรี {pollBaht(p.rewardPerVote)} บาทต่อสิทธิ์ (ต้องทำยอดเทิร์น 5 เท่าก่อนย้ายเข้ากระเป๋าหลัก)</li>
        </ul>
      </div>
    </Frame>
  );
}

/**
 * What a member sees on /member/coupon after redeeming the coupon (apps/web features/coupons): the
 * result with the free credit and its turnover, and the line it adds to the history. The turnover
 * and the cap per coupon are the site's rules as the member page states them (5×, 300 baht).
 */
export function CouponPreview({ title, amount }: { title: string; amount: string }) {
  const value = Number(amount);
  const ok = amount.trim() !== '' && Number.isFinite(value) && value > 0;
  const baht = ok ? formatBaht(value) : '–';
  const words = (n: number) => formatBaht(n).replace(/\.00$/, '');
  return (
    <Frame title="ตัวอย่างที่สมาชิกเห็นเมื่อใช้คูปอง">
      <div className="mp-coupon-result">
        <p className="mp-coupon-result__amount">ได้รับ เครดิตฟรี {baht} ฿</p>
        <p>
          {ok ? `ได้รับเครดิตฟรี ${baht} บาท ทำเทิร์น ${words(value * 5)} บาท ถอนได้สูงสุด 300 บาท` : 'กรอกมูลค่าคูปอง'}
        </p>
      </div>
      <div className="mp-coupon-history">
        <div>
          <p className="mp-coupon-history__title">{title || 'ชื่อคูปอง'}</p>
          <p className="mp-muted">
            <span className="mp-coupon-history__code">โค้ดคูปอง</span> · วันที่ใช้
          </p>
        </div>
        <div className="mp-coupon-history__side">
          <strong>+{baht} ฿</strong>
          <span className="mp-coupon-pill">ได้รับแล้ว</span>
        </div>
      </div>
    </Frame>
  );
}

export interface CashbackDraft {
  lossEnabled: boolean;
  lossRate: string;
  lossMinimum: string;
  commissionEnabled: boolean;
  commissionRate: string;
  commissionMinimum: string;
}

/** The games the turnover commission counts, as the member's page names them (casino, slot, fishing, sport). */
const COMMISSION_GAMES = 'คาสิโน สล็อต ยิงปลา กีฬา';

/**
 * The rules the member's /cashback page states with these settings (apps/web pages/Cashback.tsx,
 * features/cashback/ClaimCard): the loss cashback card and the turnover commission tab.
 */
export function CashbackPreview({ c }: { c: CashbackDraft }) {
  return (
    <Frame title="ตัวอย่างหน้าคืนยอดของสมาชิก">
      <div className="mp-panel">
        <h3 className="mp-panel__title">คืนยอดเสีย คาสิโนและสล็อต</h3>
        {c.lossEnabled ? (
          <p className="mp-cashback__rate">ยอดคืน {c.lossRate || '–'}%</p>
        ) : (
          <p className="mp-muted">ปิดให้บริการ</p>
        )}
        <ul className="mp-poll__rules">
          <li>
            คืน {c.lossRate || '–'}% ของยอดเสียสุทธิ (ยอดเดิมพัน − ยอดจ่าย) ขั้นต่ำ {formatBaht(c.lossMinimum || 0)} บาท
          </li>
          <li>กดรับได้วันถัดไปเวลา 00:00–23:59 น. เท่านั้น หากไม่กดรับถือว่าสละสิทธิ์</li>
          <li>เข้ากระเป๋าหลักทันที ไม่ต้องทำเทิร์น</li>
        </ul>
      </div>
      <div className="mp-panel">
        <h3 className="mp-panel__title">คืนยอดเทิร์น {c.commissionRate || '–'}%</h3>
        {!c.commissionEnabled && <p className="mp-muted">ระบบคืนยอดเทิร์นปิดให้บริการชั่วคราว</p>}
        <ul className="mp-poll__rules">
          <li>
            คืน {c.commissionRate || '–'}% ของยอดเดิมพันที่มีผลแล้วใน{COMMISSION_GAMES} (ไม่รวมหวย)
          </li>
          <li>โอนเข้ากระเป๋าหลักอัตโนมัติทุกวันเวลา 01:00 น. สำหรับยอดของวันก่อนหน้า ไม่ต้องทำเทิร์น</li>
          <li>ยอดคืนขั้นต่ำ {formatBaht(c.commissionMinimum || 0)} บาท</li>
        </ul>
      </div>
    </Frame>
  );
}

export interface AffiliateDraft {
  level1Percent: string;
  level2Percent: string;
  minRedeem: string;
  dailyLimit: string;
}

/** The rules the member's /affiliate page states with these rates (apps/web features/affiliate/BalanceCard). */
export function AffiliatePreview({ a }: { a: AffiliateDraft }) {
  const percent = (text: string) =>
    text.trim() === '' || Number.isNaN(Number(text)) ? '–' : String(Number(text));
  const whole = (text: string) => formatBaht(text || 0).replace(/\.00$/, '');
  return (
    <Frame title="ตัวอย่างหน้าแนะนำเพื่อนของสมาชิก">
      <div className="mp-panel">
        <h3 className="mp-panel__title">ค่าแนะนำเพื่อน</h3>
        <ul className="mp-poll__rules">
          <li>
            รับ {percent(a.level1Percent)}% จากยอดเสียของเพื่อนที่คุณชวน และ {percent(a.level2Percent)}%
            จากยอดเสียของเพื่อนที่เพื่อนคุณชวนต่อ
          </li>
          <li>ยอดเสียคิดรายวันต่อคน (ยอดเดิมพัน − ยอดที่ได้คืน) วันที่เพื่อนได้กำไรนับเป็น 0 ไม่หักจากวันอื่น</li>
          <li>
            ถอนเข้ากระเป๋าหลักได้ตั้งแต่ {whole(a.minRedeem)} บาท สูงสุดวันละ {whole(a.dailyLimit)} บาท ไม่ต้องทำเทิร์น
          </li>
          <li>บัญชีเพื่อนที่ใช้ข้อมูลซ้ำกับสมาชิกอื่นจะไม่ถูกนำมาคำนวณค่าแนะนำ</li>
        </ul>
      </div>
    </Frame>
  );
}
