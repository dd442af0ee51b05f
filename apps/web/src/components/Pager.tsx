import type { ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from './Icons';

/**
 * Page n of m with a previous and a next button (statement, bills, orders, payouts, the affiliate's
 * lists); the caller decides when it shows. `className` names the bar (`pager` in member.css) and,
 * with `__text`, its text; `children` follow the page numbers (a total, say).
 */
export function Pager({
  page,
  pages,
  label,
  onPage,
  className = 'pager',
  children,
}: {
  page: number;
  pages: number;
  label: string;
  onPage: (page: number) => void;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <nav className={className} aria-label={label}>
      <button
        type="button"
        className="icon-btn"
        aria-label="หน้าก่อนหน้า"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeftIcon />
      </button>
      <span className={`${className}__text`}>
        หน้า {page} / {pages}
        {children}
      </span>
      <button
        type="button"
        className="icon-btn"
        aria-label="หน้าถัดไป"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
