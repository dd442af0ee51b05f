import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useAgent } from '../stores/agent';
import { useBreakpoints } from '../stores/breakpoints';
import { useLocalData } from '../stores/local';
import { useUi } from '../stores/ui';
import { BellIcon, ChatIcon, ChestIcon, LoginIcon, ReceiptIcon, UserIcon } from './Icons';
import { mainNav } from './navItems';

/**
 * The mobile navigation drawer; the header sits above it (layer 1100) while it is open. On a phone
 * it is also the way back to the announcements and events, and to the chat contact where the
 * floating buttons are hidden (lotto pages). `announcements`: offer the announcements, and the events
 * when `hasEvents`.
 */
export function Drawer({ announcements, hasEvents }: { announcements: boolean; hasEvents: boolean }) {
  const open = useUi((s) => s.drawerOpen);
  const set = useUi((s) => s.set);
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const chatUrl = useAgent((s) => s.agentConfig?.info.line_contact_url);
  const { pathname } = useLocation();

  useEffect(() => {
    if (pathname) set({ drawerOpen: false });
  }, [pathname, set]);

  // The drawer is the phone's navigation: on a wider screen the header shows it.
  const isMobile = useBreakpoints((s) => s.isMobile);
  useEffect(() => {
    if (!isMobile) set({ drawerOpen: false });
  }, [isMobile, set]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') set({ drawerOpen: false });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, set]);

  return (
    <>
      <div
        className={`drawer-scrim${open ? ' is-open' : ''}`}
        aria-hidden="true"
        onClick={() => set({ drawerOpen: false })}
      />
      <nav
        className={`drawer${open ? ' is-open' : ''}`}
        aria-label="เมนูนำทาง"
        inert={!open}
        data-testid="drawer"
      >
        <ul className="drawer__list">
          {mainNav.map(({ to, label, Icon }) => (
            <li key={to}>
              <NavLink to={to} end className="drawer__link">
                <Icon size={20} />
                {label}
              </NavLink>
            </li>
          ))}
          {isLoggedIn ? (
            <>
              <li>
                <NavLink to="/member/profile" className="drawer__link">
                  <UserIcon size={20} />
                  ข้อมูลส่วนตัว
                </NavLink>
              </li>
              <li>
                <NavLink to="/member/statement" className="drawer__link">
                  <ReceiptIcon size={20} />
                  ประวัติการเงิน
                </NavLink>
              </li>
            </>
          ) : (
            <>
              <li>
                <NavLink to="/login" className="drawer__link">
                  <LoginIcon size={20} />
                  เข้าสู่ระบบ
                </NavLink>
              </li>
              <li>
                <NavLink to="/register" className="drawer__link">
                  <UserIcon size={20} />
                  สมัครสมาชิก
                </NavLink>
              </li>
            </>
          )}
          {announcements && (
            <li>
              <button
                type="button"
                className="drawer__link"
                onClick={() => set({ drawerOpen: false, notificationOpen: true })}
              >
                <BellIcon size={20} />
                ประกาศสำคัญ
              </button>
            </li>
          )}
          {announcements && hasEvents && (
            <li>
              <button
                type="button"
                className="drawer__link"
                onClick={() => set({ drawerOpen: false, eventOpen: true })}
              >
                <ChestIcon size={20} />
                กิจกรรม
              </button>
            </li>
          )}
          {chatUrl && (
            <li>
              <a className="drawer__link" href={chatUrl} target="_blank" rel="noopener noreferrer">
                <ChatIcon size={20} />
                แชทกับเจ้าหน้าที่
              </a>
            </li>
          )}
        </ul>
      </nav>
    </>
  );
}
