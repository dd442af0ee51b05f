import type { SelectQueryBuilder } from 'kysely';

/** Which rows of a list a page asks for (the console's and the member site's paged lists). */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * One page of a filtered query and how many rows the whole query holds. `rows` picks the page's
 * columns and its order; the count runs on the same filtered query, alongside it, so the two never
 * disagree on the filter.
 */
export async function pageOf<DB, TB extends keyof DB, R>(
  // biome-ignore lint/complexity/noBannedTypes: kysely's own type for a query that selects nothing yet
  q: SelectQueryBuilder<DB, TB, {}>,
  // biome-ignore lint/complexity/noBannedTypes: as above
  rows: (q: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<DB, TB, R>,
  page: PageWindow,
) {
  const [items, count] = await Promise.all([
    rows(q).limit(page.limit).offset(page.offset).execute(),
    // TypeScript does not resolve kysely's selection type over the generic DB and TB; the column is `n`.
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow() as Promise<{ n: string }>,
  ]);
  return { rows: items, total: Number(count.n) };
}
