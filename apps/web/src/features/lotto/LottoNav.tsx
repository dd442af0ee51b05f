import { NavLink } from 'react-router';

const LINKS = [
  { to: '/lotto/lobby', label: 'แทงหวย' },
  { to: '/lotto/bills', label: 'โพยของฉัน' },
  { to: '/lotto/results', label: 'ผลหวย' },
  { to: '/lotto/rates', label: 'อัตราจ่าย' },
] as const;

/** The lotto section's sub-navigation, shared by its pages. */
export function LottoNav() {
  return (
    <nav className="lotto-nav" aria-label="เมนูหวย">
      {LINKS.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          className={({ isActive }) => `lotto-nav__link${isActive ? ' is-active' : ''}`}
        >
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}
