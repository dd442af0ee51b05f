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

/**
 * LINE messages (docs/rules/connectors.md §5): the kinds of push a linked member opted into. Every kind is
 * off until turned on; `show_balance` lets messages of money moved carry the balance after it.
 */
export const lineNotifySettings = z.object({
  deposit: z.boolean().describe('A deposit was credited'),
  withdrawal: z.boolean().describe('A withdrawal was paid'),
  bill: z.boolean().describe('A lottery bill was settled (won or lost, with the amount)'),
  results: z.boolean().describe('The results of the markets in `markets`'),
  announcements: z.boolean().describe("The operator's important announcements"),
  show_balance: z.boolean().describe('Messages of money moved may carry the balance after it'),
  markets: z
    .array(z.number().int().positive())
    .max(50, { error: 'เลือกตลาดหวยที่ติดตามได้ไม่เกิน 50 ตลาด' })
    .describe('Lottery market ids whose results the member follows'),
});

export const lineNotify = endpoint({
  method: 'GET',
  path: '/api/line/notify',
  tag,
  auth: 'member',
  summary: "The member's LINE message settings, and whether LINE may deliver them (linked, following)",
  data: z.object({
    linked: z.boolean(),
    following: z
      .boolean()
      .describe('False: LINE told us the member blocked or unfollowed the official account'),
    settings: lineNotifySettings,
  }),
});

export const lineSaveNotify = endpoint({
  method: 'PUT',
  path: '/api/line/notify',
  tag,
  auth: 'member',
  memberWritesPerMinute: 20,
  summary: 'Save which LINE messages the member wants (a linked LINE account is required)',
  body: lineNotifySettings,
  data: lineNotifySettings,
});

export const lineWebhook = endpoint({
  method: 'POST',
  path: '/api/line/webhook',
  tag,
  auth: 'none',
  summary:
    'Added: the LINE Messaging API webhook (X-Line-Signature verified on the raw bytes; follow/unfollow, deduped by webhookEventId)',
  body: z.object({}).loose(),
  data: z.object({ received: z.literal(true) }),
});

export const lineAnnounce = endpoint({
  method: 'POST',
  path: '/api/admin/line/announcements',
  tag,
  auth: 'staff',
  roles: ['owner', 'content'],
  summary: 'Queue an important announcement to every linked member who opted into announcements on LINE',
  body: z.object({
    text: z
      .string()
      .trim()
      .min(1, { error: 'กรุณาพิมพ์ข้อความประกาศ' })
      .max(1000, { error: 'ข้อความประกาศยาวได้ไม่เกิน 1,000 ตัวอักษร' }),
  }),
  data: z.object({ queued: z.number().int().describe('Members the announcement was queued for') }),
});

export const lineEndpoints = [
  lineConfig,
  lineLink,
  lineUnlink,
  lineNotify,
  lineSaveNotify,
  lineWebhook,
  lineAnnounce,
];
