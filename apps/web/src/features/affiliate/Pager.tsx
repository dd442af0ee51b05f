import { ChevronLeftIcon, ChevronRightIcon } from '../../components/Icons';

export function Pager({
  page,
  total,
  perPage,
  label,
  onPage,
}: {
  page: number;
  total: number;
  perPage: number;
  label: string;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav className="aff-pager" aria-label={label}>
      <button
        type="button"
        className="icon-btn"
        aria-label="หน้าก่อนหน้า"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeftIcon />
      </button>
      <span>
        หน้า {page} / {pages}
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
