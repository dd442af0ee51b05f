/**
 * Every action the server writes to the audit log has a Thai name in the console
 * (packages/contract/src/audit-actions.ts): read from the server's sources, every `action: '…'` of
 * the files that write audit records, and the shop's `shop_order.<move>` keys.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditActionLabel, auditActionLabels } from '@chok/contract/audit-actions';
import { GOODS_ORDER_MOVES } from '@chok/engine/engagement/shop';
import { describe, expect, it } from 'vitest';

const serverSrc = fileURLToPath(new URL('../../server/src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The audit keys written in the server's sources: literals on `action` lines of audit-writing files. */
function writtenKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of sources(serverSrc)) {
    const text = readFileSync(file, 'utf8');
    if (!/appendAudit|AuditAction/.test(text)) continue;
    for (const line of text.split('\n')) {
      if (!/\baction\b/.test(line)) continue;
      for (const m of line.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) keys.add(m[1]!);
      for (const m of line.matchAll(/`([a-z_]+)\.\$\{/g))
        if (m[1] === 'shop_order')
          for (const move of Object.keys(GOODS_ORDER_MOVES)) keys.add(`shop_order.${move}`);
        else keys.add(`${m[1]}.*`);
    }
  }
  return keys;
}

const labels = auditActionLabels as Record<string, string>;

describe('audit action labels', () => {
  it('every key the server writes has a Thai label', () => {
    const keys = writtenKeys();
    expect(keys.size).toBeGreaterThan(60);
    expect([...keys].filter((k) => !(k in labels))).toEqual([]);
  });

  it('labels are Thai words, not the key', () => {
    for (const [key, label] of Object.entries(labels)) {
      expect(label, key).toMatch(/[\u0E00-\u0E7F]/);
      expect(label).not.toContain(key);
    }
    expect(auditActionLabel('payments.withdrawal_paid')).toBe('จ่ายถอนเงิน');
  });

  it('every label is still written by the server (no label for a key that is gone)', () => {
    const keys = writtenKeys();
    expect(Object.keys(labels).filter((k) => !keys.has(k))).toEqual([]);
  });
});
