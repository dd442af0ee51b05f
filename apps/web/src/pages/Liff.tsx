import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { LineLink } from '../features/line/LineLink';
import { useAgent } from '../stores/agent';
import { useLocalData } from '../stores/local';
import './liff.css';

type Access = 'member' | 'visitor' | 'anyone';

interface LiffPage {
  title: string;
  access: Access;
  Page: ComponentType;
}

const page = (title: string, access: Access, load: () => Promise<{ default: ComponentType }>): LiffPage => ({
  title,
  access,
  Page: lazy(load),
});

/**
 * The member pages LINE's rich menus link to, as `/liff/{name}`: the site's own pages (the same code
 * as their usual routes), in the compact liff layout.
 */
export const LIFF_PAGES: Record<string, LiffPage> = {
  checkin: page('เช็คอินรายวัน', 'member', () => import('./rewards/Checkin')),
  creditfree: page('ภารกิจ', 'member', () => import('./rewards/Quests')),
  redeem: page('แลกของรางวัล', 'member', () => import('./Redeem')),
  promotions: page('รับโปรโมชั่น', 'member', () => import('./promotions/Promotions')),
  deposit: page('ฝากเงิน', 'member', () => import('./payments/Deposit')),
  withdraw: page('ถอนเงิน', 'member', () => import('./payments/Withdraw')),
  lotto: page('แทงหวย', 'anyone', () => import('./lotto/Lobby')),
  affiliate: page('แนะนำเพื่อน', 'member', () => import('./Affiliate')),
  wheel: page('หมุนกงล้อ', 'member', () => import('./Wheel')),
  cashback: page('คืนยอดเสีย', 'member', () => import('./Cashback')),
  coupon: page('ใช้คูปอง', 'member', () => import('./coupons/Coupon')),
  poll: page('โพลกิจกรรม', 'anyone', () => import('./Poll')),
  statement: page('ประวัติการเงิน', 'member', () => import('./Statement')),
  register: page('สมัครสมาชิก', 'visitor', () => import('./Register')),
  profile: page('ข้อมูลส่วนตัว', 'member', () => import('./Profile')),
};

const LoginForm = lazy(() => import('./Login'));
const RegisterForm = lazy(() => import('./Register'));

const Loading = () => (
  <p className="empty-text liff-loading" aria-busy="true">
    กำลังโหลด…
  </p>
);

function LiffMenu({ heading }: { heading: string }) {
  return (
    <nav className="liff-menu" aria-label="เมนูไลน์">
      <h2 className="panel__title">{heading}</h2>
      <ul>
        {Object.entries(LIFF_PAGES).map(([name, p]) => (
          <li key={name}>
            <Link to={`/liff/${name}`} className="liff-menu__item">
              {p.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What the named page shows to this visitor or member: the page, the login form, or a note. */
function Body({ entry, path }: { entry: LiffPage; path: string }) {
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  if (entry.access === 'member' && !isLoggedIn) {
    return (
      <>
        <p className="liff-note">เข้าสู่ระบบเพื่อใช้งานหน้า{entry.title}</p>
        <LoginForm redirectTo={path} />
      </>
    );
  }
  if (entry.access === 'visitor' && isLoggedIn) {
    return (
      <section className="panel liff-note-panel">
        <p>คุณเป็นสมาชิกและเข้าสู่ระบบอยู่แล้ว</p>
        <Link to="/liff/profile" className="btn btn--primary btn--sm">
          ดูข้อมูลส่วนตัว
        </Link>
      </section>
    );
  }
  if (entry === LIFF_PAGES.register) return <RegisterForm redirectTo="/liff/profile" />;
  return <entry.Page />;
}

/**
 * /liff/{name} (docs/rules/member-site.md §2): a page inside LINE's in-app browser. With a LIFF app
 * configured (LIFF_ID) the LINE SDK starts and the member may link their LINE account; without one
 * the page is a plain page with the normal login. An unknown name says so in Thai and lists the pages
 * there are.
 */
export default function Liff() {
  const { name } = useParams();
  const { pathname } = useLocation();
  const entry = name === undefined ? undefined : LIFF_PAGES[name.toLowerCase()];
  const title = name === undefined ? 'เมนู' : (entry?.title ?? 'ไม่พบหน้านี้');
  const site = useAgent((s) => s.agentConfig?.name ?? 'Chok');
  useEffect(() => {
    document.title = `${title} | ${site}`;
  }, [title, site]);

  return (
    <div className="liff-page" data-testid="liff-page">
      <div className="liff-top">
        <Link to="/liff" className="liff-top__menu">
          เมนู
        </Link>
        <LineLink />
      </div>
      {name === undefined && (
        <section className="container">
          <h1 className="page-title">บริการผ่านไลน์</h1>
          <LiffMenu heading="เลือกบริการ" />
        </section>
      )}
      {name !== undefined && !entry && (
        <section className="container liff-unknown" data-testid="liff-unknown">
          <h1 className="page-title">ไม่พบหน้านี้</h1>
          <p>ไม่มีหน้า “{name}” ในเมนูไลน์ของเรา ลิงก์อาจพิมพ์ผิดหรือหน้านี้ถูกย้ายแล้ว กรุณาเลือกบริการจากรายการด้านล่าง</p>
          <LiffMenu heading="บริการที่มีให้ใช้งาน" />
        </section>
      )}
      {entry && (
        <Suspense fallback={<Loading />}>
          <Body entry={entry} path={pathname} />
        </Suspense>
      )}
    </div>
  );
}
