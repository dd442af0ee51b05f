import { Pager as PageBar } from '../../components/Pager';

/** The affiliate lists' pager: shows once a list runs past one page. */
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
  return <PageBar className="aff-pager" page={page} pages={pages} label={label} onPage={onPage} />;
}
