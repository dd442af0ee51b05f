import { z } from 'zod';
import { wholeNumber } from './fields.ts';

/**
 * The console's paging convention for operator lists: query `page` (1-based) and `page_size`
 * (at most 200), filters as further query fields; the answer `{ items, total, page, page_size }`.
 */
export const pageQuery = {
  page: wholeNumber(1, 1_000_000, 'หน้าไม่ถูกต้อง').default(1),
  page_size: wholeNumber(1, 200, 'จำนวนรายการต่อหน้าต้องอยู่ระหว่าง 1 ถึง 200').default(50),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}
