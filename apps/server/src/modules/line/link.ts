import { appendAudit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction, isUniqueViolation } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { lockMember } from '../members/service.ts';
import { deleteLink, type LinkRow, linkOf, linkOfLineUser, saveLink } from './link-queries.ts';
import type { LineVerifier } from './verify.ts';

export interface LineDeps {
  db: Db;
  clock: Clock;
  /** The LIFF app (LIFF_ID); null: none configured. */
  liffId: string | null;
  /** Asks LINE about ID tokens; null without a LIFF app. */
  verifier: LineVerifier | null;
}

const linkView = (l: LinkRow) => ({ display_name: l.display_name, linked_at: l.linked_at.toISOString() });

/** `GET /api/line/config`: the LIFF app to initialise and the member's link. */
export async function lineConfig(d: LineDeps, memberId: number | null) {
  const link = memberId === null ? undefined : await linkOf(d.db, memberId);
  return { liff_id: d.liffId, link: link ? linkView(link) : null };
}

/** The audit record of a link: LINE's user id is kept out of the log, only its end. */
const auditView = (l: LinkRow) => ({
  line_user: `…${l.line_user_id.slice(-6)}`,
  display_name: l.display_name,
});

/**
 * `POST /api/line/link`: LINE verifies the ID token (lineVerifier); its user id is then linked to the
 * member, under the member lock. A LINE account linked to another member is refused.
 */
export async function linkLine(d: LineDeps, memberId: number, idToken: string) {
  if (!d.verifier) throw new AppError('LINE_NOT_CONFIGURED');
  const who = await d.verifier.verify(idToken);
  try {
    return await inTransaction(d.db, async (tx) => {
      await lockMember(tx, memberId);
      const taken = await linkOfLineUser(tx, who.userId);
      if (taken && taken.member_id !== memberId) throw new AppError('LINE_ALREADY_LINKED');
      const before = await linkOf(tx, memberId);
      const row = await saveLink(tx, {
        member_id: memberId,
        line_user_id: who.userId,
        display_name: who.displayName,
        linked_at: before?.line_user_id === who.userId ? before.linked_at : d.clock.now(),
      });
      await appendAudit(tx, {
        actorType: 'member',
        actorId: memberId,
        action: 'line.link',
        entity: 'member_line_link',
        entityId: memberId,
        before: before ? auditView(before) : null,
        after: auditView(row),
      });
      return linkView(row);
    });
  } catch (err) {
    // Two members linking one LINE account at the same moment: the second meets the unique key.
    if (isUniqueViolation(err)) throw new AppError('LINE_ALREADY_LINKED');
    throw err;
  }
}

/** `POST /api/line/unlink`. */
export async function unlinkLine(d: LineDeps, memberId: number) {
  return inTransaction(d.db, async (tx) => {
    await lockMember(tx, memberId);
    const gone = await deleteLink(tx, memberId);
    if (gone) {
      await appendAudit(tx, {
        actorType: 'member',
        actorId: memberId,
        action: 'line.unlink',
        entity: 'member_line_link',
        entityId: memberId,
        before: auditView(gone),
      });
    }
    return { unlinked: gone !== undefined };
  });
}
