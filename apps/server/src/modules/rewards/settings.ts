import type { z } from 'zod';
import { appendAudit } from '../../platform/audit.ts';
import type { Executor, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { settingOf, writeSetting } from './setting-queries.ts';

/**
 * Per-feature settings (docs/rules/engagement.md: every number is a per-operator default). A feature
 * keeps one JSON value checked by its own schema; a stored value that no longer parses falls back to
 * the defaults rather than break the feature.
 */
export async function readSetting<T>(
  ex: Executor,
  feature: string,
  schema: z.ZodType<T>,
  defaults: T,
): Promise<T> {
  const stored = await settingOf(ex, feature);
  if (stored === undefined) return defaults;
  const parsed = schema.safeParse(stored);
  return parsed.success ? parsed.data : defaults;
}

/** Replaces a feature's settings (audited, with the value before). */
export async function saveSetting<T>(
  tx: Tx,
  feature: string,
  schema: z.ZodType<T>,
  value: unknown,
  staffId: number,
): Promise<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('REWARD_SETTING_INVALID', { reason: parsed.error.issues[0]?.message ?? '' });
  }
  const before = await settingOf(tx, feature);
  await writeSetting(tx, feature, parsed.data, staffId);
  await appendAudit(tx, {
    actorType: 'staff',
    actorId: staffId,
    action: 'reward_setting.update',
    entity: 'reward_setting',
    entityId: feature,
    before: before ?? null,
    after: parsed.data,
  });
  return parsed.data;
}
