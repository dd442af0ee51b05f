/** The chip row of lottery categories shared by the lobby, results and rates pages. */
export function CategoryTabs({
  cats,
  current,
  onSelect,
}: {
  cats: readonly { id: string; name: string }[];
  current: string | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <div className="chip-row" role="tablist" aria-label="หมวดหวย">
      {cats.map((c) => (
        <button
          key={c.id}
          type="button"
          role="tab"
          aria-selected={current === c.id}
          className={`chip${current === c.id ? ' is-active' : ''}`}
          onClick={() => onSelect(c.id)}
        >
          {c.name}
        </button>
      ))}
    </div>
  );
}

/** The categories with "all" in front, for the pages that can show every category at once. */
export const withAll = <T extends { id: string; name: string }>(cats: readonly T[]) => [
  { id: 'all', name: 'ทั้งหมด' },
  ...cats,
];
