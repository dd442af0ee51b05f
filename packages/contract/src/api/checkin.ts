import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { baht, bahtAmount, isoDate, timestamp, wholeNumber } from '../fields.ts';

const tag = 'checkin';

/** A calendar month as YYYY-MM. */
export const calendarMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'เดือนต้องอยู่ในรูปแบบ ปปปป-ดด' })
  .refine((m) => Number(m.slice(0, 4)) >= 2000 && Number(m.slice(0, 4)) <= 2100, {
    error: 'ไม่มีเดือนนี้ในปฏิทินเช็คอิน',
  });

export const checkinDayStates = ['stamped', 'missed', 'open', 'locked'] as const;

const streak = z.object({
  length: z.number().int().describe('Consecutive stamped days (0 when broken; 1 … 30, then again from 1)'),
  start: isoDate.nullable().describe('The Bangkok date of streak day 1 in the current cycle'),
});

const milestone = z.object({
  day: z.number().int(),
  free_credit: baht,
});

const nextMilestone = milestone.extend({
  stamps_to_go: z.number().int().describe('Stamps still needed, counting the next one'),
});

/** The daily check-in's month calendar (docs/rules/engagement.md §5). */
export const checkinGet = endpoint({
  method: 'GET',
  path: '/api/checkin/get',
  tag,
  auth: 'member',
  summary:
    'The check-in calendar of a month (Bangkok): stamped days, today, the streak and the next milestone',
  query: z.object({
    month: calendarMonth.optional().describe('YYYY-MM; the current Bangkok month when left out'),
  }),
  data: z.object({
    month: z.string(),
    today: isoDate,
    server_time: timestamp,
    days: z.array(
      z.object({
        date: isoDate,
        day: z.number().int(),
        state: z
          .enum(checkinDayStates)
          .describe('stamped; missed (past, not stamped); open (today, not stamped yet); locked (future)'),
      }),
    ),
    stamped_today: z.boolean(),
    streak,
    next_milestone: nextMilestone.nullable(),
    milestones: z.array(milestone),
    points_per_stamp: z.number().int(),
    can_stamp: z.boolean(),
    blocked_reason: z
      .string()
      .nullable()
      .describe('Why today cannot be stamped, in Thai (null when it can, or when it was stamped already)'),
    deposit: z.object({
      required: baht.describe(
        'The smallest single confirmed deposit today that allows the stamp; 0.00 = none',
      ),
      met: z.boolean(),
      largest_today: baht.describe("The largest of today's confirmed deposits"),
    }),
  }),
});

/** Today's stamp: no body, the date is the server's (G3). A repeat answers the existing stamp. */
export const checkinStamp = endpoint({
  method: 'POST',
  path: '/api/checkin/stamp',
  tag,
  auth: 'member',
  memberWritesPerMinute: 10,
  summary:
    "Stamp today's check-in (once a Bangkok day, after a confirmed deposit; a repeat returns the stamp)",
  data: z.object({
    repeated: z.boolean().describe('Today was stamped already: nothing changed this time'),
    date: isoDate,
    streak,
    points: z.number().int().describe('Points the stamp gave'),
    milestone: milestone
      .extend({
        status: z.enum(['paid', 'held', 'rejected', 'withheld']).describe('held: waits for an operator (G5)'),
      })
      .nullable()
      .describe('The milestone this stamp reached'),
    next_milestone: nextMilestone.nullable(),
  }),
});

const settings = z.object({
  enabled: z.boolean(),
  min_deposit: baht.describe('A single confirmed deposit of at least this much today; 0.00 = no condition'),
  points_per_stamp: z.number().int(),
  cycle_days: z.number().int(),
  milestones: z.array(milestone),
});

export const adminCheckinSettings = endpoint({
  method: 'GET',
  path: '/api/admin/checkin/settings',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'content'],
  summary: 'The daily check-in settings',
  data: settings,
});

export const adminUpdateCheckinSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/checkin/settings',
  tag: 'admin',
  auth: 'staff',
  roles: ['owner', 'content'],
  summary: 'Change the daily check-in settings (audited)',
  body: z.object({
    enabled: z.boolean(),
    min_deposit: bahtAmount(),
    points_per_stamp: wholeNumber(0, 100_000),
    milestones: z
      .array(
        z.object({
          day: wholeNumber(1, 30, 'วันที่ได้รางวัลต้องอยู่ระหว่าง 1–30'),
          free_credit: bahtAmount(),
        }),
      )
      .max(30),
  }),
  data: settings,
});

export const checkinEndpoints = [checkinGet, checkinStamp, adminCheckinSettings, adminUpdateCheckinSettings];
