import { lazy, type MouseEvent, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { Drawer } from '../components/Drawer';
import { BellIcon, ChatIcon, CloseIcon, MenuIcon, UserIcon } from '../components/Icons';
import { Logo } from '../components/Logo';
import { MobileActionBar } from '../components/MobileActionBar';
import { mainNav } from '../components/navItems';
import { MemberMenu } from '../features/auth/MemberMenu';
import { useEvents } from '../features/content/api';
import { WalletChip } from '../features/wallet/WalletChip';
import { useAgent } from '../stores/agent';
import { useBreakpoints } from '../stores/breakpoints';
import { useLocalData } from '../stores/local';
import { useUi } from '../stores/ui';

const AuthDialogs = lazy(() => import('../features/auth/AuthDialogs'));

/**
 * The header's login and register: links to their pages (which also work before any script has
 * run), opened as dialogs instead on desktop (smUp, stores/breakpoints.ts).
 */
function AuthButton({
  dialog,
  to,
  className,
  children,
}: {
  dialog: 'loginOpen' | 'registerOpen';
  to: string;
  className: string;
  children: string;
}) {
  const set = useUi((s) => s.set);
  const open = (e: MouseEvent) => {
    if (!useBreakpoints.getState().isDesktop) return;
    e.preventDefault();
    set({ loginOpen: dialog === 'loginOpen', registerOpen: dialog === 'registerOpen' });
  };
  return (
    <Link to={to} className={className} onClick={open}>
      {children}
    </Link>
  );
}

function ContactButton({ className = 'btn btn--ghost btn--sm' }: { className?: string }) {
  const url = useAgent((s) => s.agentConfig?.info.line_contact_url);
  return (
    <a className={className} href={url ?? '#'} target="_blank" rel="noopener noreferrer">
      <ChatIcon size={16} /> ติดต่อเรา
    </a>
  );
}

/**
 * The site header of docs/rules/member-site.md §2: logo, wallet chip and menu for members, contact
 * for visitors.
 * `announcements`: the layout shows the notification and event dialogs, so the drawer offers them.
 */
export function Header({ announcements = false }: { announcements?: boolean }) {
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const drawerOpen = useUi((s) => s.drawerOpen);
  const authDialog = useUi((s) => s.loginOpen || s.registerOpen);
  const set = useUi((s) => s.set);
  const { data: events } = useEvents();

  return (
    <>
      <header className={`header${drawerOpen ? ' header--drawer-open' : ''}`}>
        <div className="container header__inner">
          <button
            type="button"
            className="icon-btn header__burger"
            aria-label="เปิดเมนูนำทาง"
            aria-expanded={drawerOpen}
            onClick={() => set({ drawerOpen: !drawerOpen })}
          >
            {drawerOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
          <Logo />
          <nav className="header__nav" aria-label="เมนูหลัก">
            {mainNav.map(({ to, label }) => (
              <NavLink key={to} to={to} end className="header__link">
                {label}
              </NavLink>
            ))}
          </nav>
          <div className="header__actions">
            {isLoggedIn ? (
              <>
                <WalletChip />
                <button
                  type="button"
                  className="icon-btn header__bell"
                  aria-label="ประกาศสำคัญ"
                  onClick={() => set({ notificationOpen: true })}
                >
                  <BellIcon />
                </button>
                <button
                  type="button"
                  className="icon-btn icon-btn--primary"
                  aria-label="เมนูสมาชิก"
                  onClick={() => set({ memberMenuOpen: true })}
                >
                  <UserIcon />
                </button>
              </>
            ) : (
              <>
                <ContactButton />
                <AuthButton
                  dialog="loginOpen"
                  to="/login"
                  className="btn btn--outline btn--sm header__desktop-only"
                >
                  เข้าสู่ระบบ
                </AuthButton>
                <AuthButton
                  dialog="registerOpen"
                  to="/register"
                  className="btn btn--primary btn--sm header__desktop-only"
                >
                  สมัครสมาชิก
                </AuthButton>
              </>
            )}
          </div>
        </div>
      </header>
      <Drawer announcements={announcements} hasEvents={(events?.length ?? 0) > 0} />
      <MobileActionBar />
      {isLoggedIn && <MemberMenu />}
      {!isLoggedIn && authDialog && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
    </>
  );
}
