import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { idParam, timestamp, wholeNumber } from '../fields.ts';
import { protectionBlock, protectionChange, protectionLimit } from './protection.ts';

/**
 * Player protection as the operator sees it (docs/rules/protection.md §6): read only. What a member
 * chose — a limit, a time-out, a self-exclusion — is changed by the member alone; no endpoint lifts
 * a self-exclusion early.
 */
const adminTag = 'admin-protection';
const readers = ['owner', 'support', 'finance'] as const;

export const protectionStates = ['any', 'limits', 'reality_check', 'timeout', 'exclusion'] as const;

export const adminProtectionMembers = endpoint({
  method: 'GET',
  path: '/api/admin/protection/members',
  tag: adminTag,
  auth: 'staff',
  roles: readers,
  summary: 'Members who use a protection tool, newest change first, filtered by state',
  query: z.object({
    page: wholeNumber(1, 1_000_000).default(1),
    page_size: wholeNumber(1, 200).default(50),
    state: z.enum(protectionStates, { error: 'สถานะไม่ถูกต้อง' }).default('any'),
  }),
  data: z.object({
    items: z.array(
      z.object({
        member_id: z.number().int(),
        phone: z.string(),
        name: z.string(),
        block: protectionBlock.nullable(),
        limits_in_force: z.number().int().describe('How many of the six limits are set'),
        reality_check_minutes: z.number().int().nullable(),
        updated_at: timestamp,
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});

export const adminProtectionMember = endpoint({
  method: 'GET',
  path: '/api/admin/protection/members/:id',
  tag: adminTag,
  auth: 'staff',
  roles: readers,
  summary: "A member's limits, reality check, time-out or self-exclusion, and 12 months of changes",
  params: idParam,
  data: z.object({
    member_id: z.number().int(),
    limits: z.array(protectionLimit),
    reality_check_minutes: z.number().int().nullable(),
    block: protectionBlock.nullable(),
    changes: z.array(protectionChange),
    server_time: timestamp,
  }),
});

export const adminProtectionEndpoints = [adminProtectionMembers, adminProtectionMember];
