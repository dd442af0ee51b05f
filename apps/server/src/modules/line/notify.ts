import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Connectors } from '../connectors/service.ts';
import { lockMember } from '../members/service.ts';
import { linkOf } from './link-queries.ts';
import { CONNECTOR, LINE_USER_ID, type LineMessaging, signatureValid } from './messaging.ts';
import { queueAnnouncement } from './push.ts';
import { isFollowing, NO_PREFS, type PrefRow, prefOf, recordFollow, savePref } from './push-queries.ts';
import { TEST_TEXT } from './texts.ts';

export interface NotifyDeps {
  db: Db;
  clock: Clock;
  connectors: Connectors;
  messaging: LineMessaging;
}

/** `GET /api/line/notify`. */
export async function notifySettings(d: NotifyDeps, memberId: number) {
  const link = await linkOf(d.db, memberId);
  const settings = (await prefOf(d.db, memberId)) ?? NO_PREFS;
  return {
    linked: link !== undefined,
    following: link ? await isFollowing(d.db, link.line_user_id) : true,
    settings,
  };
}

/** `PUT /api/line/notify`: the kinds a linked member wants; refused without a link. */
export async function saveNotifySettings(d: NotifyDeps, memberId: number, p: PrefRow) {
  const settings: PrefRow = { ...p, markets: [...new Set(p.markets)].sort((a, b) => a - b) };
  return inTransaction(d.db, async (tx) => {
    await lockMember(tx, memberId);
    if (!(await linkOf(tx, memberId))) throw new AppError('LINE_NOTIFY_NOT_LINKED');
    const before = (await prefOf(tx, memberId)) ?? NO_PREFS;
    await savePref(tx, memberId, settings, d.clock.now());
    await appendAudit(tx, {
      actorType: 'member',
      actorId: memberId,
      action: 'line.notify_settings',
      entity: 'line_notify_pref',
      entityId: memberId,
      before,
      after: settings,
    });
    return settings;
  });
}

/** `POST /api/admin/line/announcements`: queued to every member who opted in; the send job delivers. */
export async function announce(d: NotifyDeps, staffId: number, text: string) {
  return inTransaction(d.db, async (tx) => {
    const id = randomUUID();
    const queued = await queueAnnouncement(tx, { id, text, now: d.clock.now() });
    await appendAudit(tx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'line.announcement',
      entity: 'line_push',
      entityId: null,
      after: { text, queued },
    });
    return { queued };
  });
}

interface WebhookEvent {
  type?: unknown;
  webhookEventId?: unknown;
  timestamp?: unknown;
  source?: { type?: unknown; userId?: unknown };
}

/**
 * `POST /api/line/webhook` (https://developers.line.biz/en/reference/messaging-api/#webhooks): the
 * signature is checked on the raw bytes; each event's `webhookEventId` is recorded with its effect in one
 * transaction, so a redelivered event does nothing. `follow` and `unfollow` (a block) set whether the
 * user may be sent messages; other events are acknowledged and ignored. An empty `events` list is LINE's
 * "Verify" button in the LINE Developers Console.
 */
export async function receiveWebhook(d: NotifyDeps, raw: Buffer, headers: IncomingHttpHeaders) {
  const secret = await d.connectors.secret(CONNECTOR, 'channel_secret');
  const signature = headers['x-line-signature'];
  if (secret === null || !signatureValid(raw, Array.isArray(signature) ? signature[0] : signature, secret))
    throw new AppError('LINE_SIGNATURE_INVALID');
  let body: { events?: unknown };
  try {
    body = JSON.parse(raw.toString('utf8')) as { events?: unknown };
  } catch {
    throw new AppError('VALIDATION_FAILED');
  }
  const events = Array.isArray(body.events) ? (body.events as WebhookEvent[]) : [];
  await inTransaction(d.db, async (tx) => {
    for (const e of events) {
      if (typeof e?.webhookEventId !== 'string' || e.webhookEventId.length > 100) continue;
      if (e.type !== 'follow' && e.type !== 'unfollow') continue;
      const userId = e.source?.type === 'user' ? e.source.userId : undefined;
      if (typeof userId !== 'string' || !LINE_USER_ID.test(userId)) continue;
      if (!(await d.connectors.firstDelivery(tx, CONNECTOR, e.webhookEventId))) continue;
      const at =
        typeof e.timestamp === 'number' && Number.isFinite(e.timestamp)
          ? new Date(e.timestamp)
          : d.clock.now();
      await recordFollow(tx, userId, e.type === 'follow', at);
    }
  });
  return { received: true as const };
}

/** The console's test-send: a Thai test message pushed to the LINE user id the owner gives. */
export async function testSend(d: NotifyDeps, to: string | undefined): Promise<string> {
  if (!to || !LINE_USER_ID.test(to)) throw new AppError('LINE_USER_ID_INVALID');
  if (!(await d.messaging.configured())) throw new AppError('LINE_MESSAGES_NOT_CONFIGURED');
  const r = await d.messaging.send({ to: [to], text: TEST_TEXT, retryKey: randomUUID(), timeoutMs: 5_000 });
  if (r.kind === 'sent') return 'ส่งข้อความทดสอบทางไลน์แล้ว';
  throw new AppError('LINE_SEND_FAILED', {
    reason: r.status === null ? 'ไลน์ไม่ตอบกลับ' : `ไลน์ตอบรหัส ${r.status}`,
  });
}
