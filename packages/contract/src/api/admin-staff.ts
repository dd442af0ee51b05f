/**
 * Staff accounts and the audit log. Staff management is the owner's; every staff member changes their
 * own password. The audit log, which records every operator's actions, is read and verified by the owner
 * only (docs/decisions/0060-console-staff-audit-games.md).
 */
import { z } from 'zod';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { idParam, intId, isoDate, timestamp } from '../fields.ts';
import { staffRoles } from './admin.ts';
import { paged, pageQuery } from './admin-console.ts';

const tag = 'admin-staff';
const owner = ['owner'] as const;

export const staffRole = z.enum(staffRoles, { error: 'กรุณาเลือกบทบาท' });

export const staffUsername = z
  .string()
  .trim()
  .regex(/^[a-z0-9._-]{3,32}$/, {
    error: 'ชื่อผู้ใช้ต้องยาว 3–32 ตัวอักษร ใช้ได้เฉพาะตัวพิมพ์เล็กภาษาอังกฤษ ตัวเลข จุด ขีดกลาง และขีดล่าง',
  });

/** A staff password: 10–128 characters, not all spaces (the server also refuses common ones). */
export const staffPassword = z
  .string()
  .min(10, { error: 'รหัสผ่านต้องมีอย่างน้อย 10 ตัวอักษร' })
  .max(128, { error: 'รหัสผ่านต้องไม่เกิน 128 ตัวอักษร' })
  .refine((p) => p.trim() !== '', { error: 'รหัสผ่านต้องไม่เป็นช่องว่างทั้งหมด' });

export const staffAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  role: staffRole,
  is_active: z.boolean(),
  created_at: timestamp,
  locked_until: timestamp.nullable(),
  last_login_at: timestamp.nullable(),
  live_sessions: z.number().int(),
});

/** A TOTP enrolment, shown once: the otpauth:// URL, its QR code as SVG, and the secret for typing in. */
export const totpEnrolment = z.object({
  otpauth_url: z.string(),
  secret: z.string(),
  qr_svg: z.string().describe('an SVG document of the otpauth URL as a QR code'),
});

export const staffList = endpoint({
  method: 'GET',
  path: '/api/admin/staff',
  tag,
  auth: 'staff',
  roles: owner,
  summary: 'Staff accounts, by username, paged',
  query: z.object({
    ...pageQuery,
    role: staffRole.optional(),
    active: z.enum(['true', 'false']).optional(),
  }),
  data: paged(staffAccount),
});

export const staffCreate = endpoint({
  method: 'POST',
  path: '/api/admin/staff',
  tag,
  auth: 'staff',
  roles: owner,
  summary: 'Create a staff account; answers its TOTP enrolment once (audited)',
  body: z.object({ username: staffUsername, role: staffRole, password: staffPassword }),
  data: z.object({ staff: staffAccount, enrolment: totpEnrolment }),
});

export const staffSetRole = endpoint({
  method: 'PUT',
  path: '/api/admin/staff/:id/role',
  tag,
  auth: 'staff',
  roles: owner,
  summary: "Change a staff account's role; its sessions end (audited). The last active owner keeps the role",
  params: idParam,
  body: z.object({ role: staffRole }),
  data: staffAccount,
});

export const staffSetActive = endpoint({
  method: 'POST',
  path: '/api/admin/staff/:id/active',
  tag,
  auth: 'staff',
  roles: owner,
  summary:
    'Deactivate (its sessions end) or reactivate a staff account (audited). The last active owner stays active',
  params: idParam,
  body: z.object({ active: z.boolean({ error: 'กรุณาระบุสถานะ' }) }),
  data: staffAccount,
});

export const staffResetTotp = endpoint({
  method: 'POST',
  path: '/api/admin/staff/:id/totp',
  tag,
  auth: 'staff',
  roles: owner,
  summary:
    'Give a staff account a new TOTP secret (the old one stops working, sessions end); answers the enrolment once (audited)',
  params: idParam,
  data: z.object({ staff: staffAccount, enrolment: totpEnrolment }),
});

export const staffResetPassword = endpoint({
  method: 'POST',
  path: '/api/admin/staff/:id/password',
  tag,
  auth: 'staff',
  roles: owner,
  summary: "Set a staff account's password (its sessions end, its login lock clears; audited)",
  params: idParam,
  body: z.object({ password: staffPassword }),
  data: staffAccount,
});

export const staffChangeOwnPassword = endpoint({
  method: 'POST',
  path: '/api/admin/me/password',
  tag,
  auth: 'staff',
  roles: staffRoles,
  summary: 'Change your own password with the current one; your other sessions end (audited)',
  body: z.object({
    old_password: z.string().min(1, { error: 'กรุณากรอกรหัสผ่านเดิม' }).max(128),
    new_password: staffPassword,
  }),
  data: z.null(),
});

export const auditEntry = z.object({
  id: z.number().int(),
  created_at: timestamp,
  actor_type: z.enum(['staff', 'member', 'system']),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable().describe('the staff username or member phone, when known'),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});

const text = (max: number) => z.string().trim().min(1).max(max);

export const auditList = endpoint({
  method: 'GET',
  path: '/api/admin/audit',
  tag,
  auth: 'staff',
  roles: owner,
  summary:
    'The audit log, newest first, paged; filters: actor, action prefix, entity, entity id, days (Asia/Bangkok, inclusive)',
  query: z
    .object({
      ...pageQuery,
      actor_type: z.enum(['staff', 'member', 'system']).optional(),
      actor_id: intId.optional(),
      action: text(100).optional().describe('a prefix: "staff." matches staff.create, staff.role …'),
      entity: text(100).optional(),
      entity_id: text(100).optional(),
      from: isoDate.optional(),
      to: isoDate.optional(),
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, {
      error: 'วันที่เริ่มต้องไม่เกินวันที่สิ้นสุด',
      path: ['to'],
    }),
  data: paged(auditEntry),
});

export const auditVerify = endpoint({
  method: 'POST',
  path: '/api/admin/audit/verify',
  tag,
  auth: 'staff',
  roles: owner,
  summary:
    'Recompute the audit hash chain end to end: sha256(prev hash ‖ canonical record) per row; the first broken row if any',
  data: z.object({
    ok: z.boolean(),
    rows_checked: z.number().int(),
    last_id: z.number().int().nullable(),
    first_broken: z
      .object({
        id: z.number().int(),
        created_at: timestamp,
        action: z.string(),
        reason: z.enum(['hash', 'prev_hash']),
      })
      .nullable(),
    checked_at: timestamp,
  }),
});

export const adminStaffEndpoints: Endpoint[] = [
  staffList,
  staffCreate,
  staffSetRole,
  staffSetActive,
  staffResetTotp,
  staffResetPassword,
  staffChangeOwnPassword,
  auditList,
  auditVerify,
];
