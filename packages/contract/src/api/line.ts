import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { timestamp } from '../fields.ts';

const tag = 'line';

/**
 * The LINE (LIFF) pages: `/liff/{name}` serves member pages inside LINE's in-app browser. With a LIFF
 * app configured (LIFF_ID) a member may link their LINE account; the server asks LINE's verify
 * endpoint about the ID token and keeps only what LINE answers, never profile fields the browser sent.
 */
const link = z.object({
  display_name: z.string().nullable().describe('The LINE display name LINE vouched for'),
  linked_at: timestamp,
});

export const lineConfig = endpoint({
  method: 'GET',
  path: '/api/line/config',
  tag,
  auth: 'optional',
  summary: "The LIFF app to initialise (null: none, the pages work as plain pages) and the member's link",
  data: z.object({
    liff_id: z.string().nullable(),
    link: link.nullable().describe('The logged-in member’s linked LINE account, if any'),
  }),
});

export const lineLink = endpoint({
  method: 'POST',
  path: '/api/line/link',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary:
    "Link the member's LINE account: the ID token (liff.getIDToken()) is verified with LINE; its user id is stored",
  body: z.object({
    id_token: z
      .string()
      .min(1, { error: 'ไม่พบข้อมูลยืนยันจากไลน์ กรุณาเปิดหน้านี้จากแอปไลน์' })
      .max(4096, { error: 'ข้อมูลยืนยันจากไลน์ไม่ถูกต้อง' }),
  }),
  data: link,
});

export const lineUnlink = endpoint({
  method: 'POST',
  path: '/api/line/unlink',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary: "Remove the member's LINE link",
  data: z.object({ unlinked: z.boolean().describe('False: there was no link') }),
});

export const lineEndpoints = [lineConfig, lineLink, lineUnlink];
