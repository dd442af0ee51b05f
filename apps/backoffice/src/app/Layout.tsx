import type { StaffRole } from '@chok/contract/endpoint';
import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { formatCount } from '../lib/format';
import { useSession } from '../stores/session';
import { useTheme } from '../stores/theme';
import { menuFor, roleLabels } from './access';
import { logout, useIdleLogout } from './idle';
import { useWorkCounts } from './work';

/** Header counters: label, where the work is done, and the count's key. */
const COUNTERS = [
  { key: 'deposits', label: 'ฝากรอดำเนินการ', to: '/payments/deposits' },
  { key: 'withdrawals', label: 'ถอนรอดำเนินการ', to: '/payments/withdrawals' },
  { key: 'risk_holds', label: 'รางวัลรอตรวจ', to: '/rewards/holds' },
  { key: 'shop_orders', label: 'ออเดอร์รอส่ง', to: '/rewards/shop-orders' },
  { key: 'freezes', label: 'ระงับการถอน', to: '/payments/freezes' },
] as const;

function Counters({ role }: { role: StaffRole }) {
  const counts = useWorkCounts();
  if (!counts) return null;
  // A counter links to its queue when the role has that page (the sections list it).
  const pages = new Set(menuFor(role).flatMap((s) => s.pages.map((p) => `/${p.path}`)));
  const shown = COUNTERS.filter((c) => counts[c.key] !== null);
  return (
    <ul className="counters" aria-label="งานที่รอดำเนินการ">
      {shown.map((c) => {
        const n = counts[c.key] ?? 0;
        return (
          <li key={c.key}>
            {pages.has(c.to) ? (
              <NavLink
                to={c.to}
                className={n > 0 ? 'counter counter-active' : 'counter'}
                data-counter={c.key}
              >
                <span>{c.label}</span> <strong>{formatCount(n)}</strong>
              </NavLink>
            ) : (
              <span className={n > 0 ? 'counter counter-active' : 'counter'} data-counter={c.key}>
                <span>{c.label}</span> <strong>{formatCount(n)}</strong>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Menu({ role, onNavigate }: { role: StaffRole; onNavigate: () => void }) {
  return (
    <nav className="menu" aria-label="เมนูหลัก">
      <NavLink to="/" end onClick={onNavigate}>
        หน้าหลัก
      </NavLink>
      {menuFor(role).map(({ section, pages }) => (
        <div key={section.id} className="menu-group">
          <p className="menu-heading">{section.label}</p>
          {pages.map((p) => (
            <NavLink key={p.path} to={`/${p.path}`} onClick={onNavigate}>
              {p.label}
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}

/** The console's frame: header (counters, theme, staff, logout), the menu by role, the page. */
export function Layout() {
  const staff = useSession((s) => s.staff)!;
  const { theme, toggle } = useTheme();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useIdleLogout();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer on every navigation
  useEffect(() => setMenuOpen(false), [location.pathname]);
  return (
    <div className={menuOpen ? 'shell menu-open' : 'shell'}>
      <a className="skip-link" href="#main">
        ข้ามไปยังเนื้อหา
      </a>
      <header className="topbar">
        <button
          type="button"
          className="btn menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          เมนู
        </button>
        <span className="brand">Chok หลังบ้าน</span>
        <Counters role={staff.role} />
        <span className="spacer" />
        <button type="button" className="btn" onClick={toggle} title="เปลี่ยนธีมสี">
          {theme === 'dark' ? 'ธีมสว่าง' : 'ธีมมืด'}
        </button>
        <span className="who">
          {staff.username} <small>({roleLabels[staff.role]})</small>
        </span>
        <button type="button" className="btn" onClick={() => void logout()}>
          ออกจากระบบ
        </button>
      </header>
      <aside id="side-menu" className="sidebar">
        <Menu role={staff.role} onNavigate={() => setMenuOpen(false)} />
      </aside>
      <main id="main" className="content" tabIndex={-1}>
        <Suspense fallback={<p className="loading">กำลังโหลด…</p>}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
