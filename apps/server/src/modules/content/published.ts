import { findBank } from '@chok/contract/banks';
import { receivingAccounts } from './account-queries.ts';
import { checkAgentCode } from './agent.ts';
import type { ContentDeps } from './deps.ts';
import * as q from './published-queries.ts';

// What members read: the agent's active accounts and texts, in the operator's order.

export async function bankAccounts(d: ContentDeps) {
  const rows = await receivingAccounts(d.db, d.agentId, 'bank');
  return rows.map((r) => {
    const bank = findBank(r.bank_code);
    return { ...r, bank_short: bank?.short ?? r.bank_code, bank_name: bank?.name ?? r.bank_code };
  });
}

export function trueMoneyAccounts(d: ContentDeps) {
  return receivingAccounts(d.db, d.agentId, 'truemoney');
}

/**
 * Public reads cached 60 s (docs/rules/engagement.md §13): the switched-on rows are read at most once
 * a minute per process (an operator's edit drops the cache at once, on every process: the edit's
 * transaction announces it on PUBLIC_CHANGED_TOPIC), and each answer
 * keeps only the rows whose window holds at the server's time, so nothing is served outside its window.
 */
export const PUBLIC_CACHE_MS = 60_000;
/** In-process topic (a dot: no stream may ask for it) announcing an edit of what the public reads show. */
export const PUBLIC_CHANGED_TOPIC = 'content.public';
type Windowed = { start_at: Date | null; end_at: Date | null };
type Cache = Map<string, { until: number; rows: Promise<unknown[]> }>;
/** One cache per running content module (its deps object), never shared between apps. */
const caches = new WeakMap<ContentDeps, Cache>();

function cached<T>(d: ContentDeps, key: string, read: () => Promise<T[]>): Promise<T[]> {
  let cache = caches.get(d);
  if (!cache) {
    cache = new Map();
    caches.set(d, cache);
  }
  const now = d.clock.now().getTime();
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.rows as Promise<T[]>;
  const rows = read();
  cache.set(key, { until: now + PUBLIC_CACHE_MS, rows });
  rows.catch(() => cache.delete(key));
  return rows;
}

/**
 * Drops the public cache (after an operator's edit of notifications, banners or events), and tells
 * the caches built on these reads (the server renderer's) to drop theirs.
 */
export function dropPublicCache(d: ContentDeps): void {
  caches.get(d)?.clear();
  for (const listener of d.publicListeners) listener();
}

function inWindow<T extends Windowed>(rows: T[], now: Date) {
  const t = now.getTime();
  return rows
    .filter(
      (r) =>
        (r.start_at === null || r.start_at.getTime() <= t) && (r.end_at === null || r.end_at.getTime() > t),
    )
    .map((r) => ({
      ...r,
      start_at: r.start_at?.toISOString() ?? null,
      end_at: r.end_at?.toISOString() ?? null,
    }));
}

export async function notifications(d: ContentDeps, code?: string) {
  checkAgentCode(d, code);
  const rows = await cached(d, 'notification', () => q.notifications(d.db, d.agentId));
  return inWindow(rows, d.clock.now());
}

export async function banners(d: ContentDeps, code?: string) {
  checkAgentCode(d, code);
  const rows = await cached(d, 'banner', () => q.banners(d.db, d.agentId));
  return inWindow(rows, d.clock.now()).map(({ sort_order, ...b }) => ({ ...b, order: sort_order }));
}

export async function events(d: ContentDeps, code?: string) {
  checkAgentCode(d, code);
  const rows = await cached(d, 'event', () => q.events(d.db, d.agentId));
  // An event that leads to a poll links to its page (docs/rules/engagement.md §10).
  return inWindow(rows, d.clock.now()).map(({ start_at: _s, end_at: _e, ...e }) => ({
    ...e,
    link: e.poll_id === null ? e.link : `/poll/${e.poll_id}`,
  }));
}
