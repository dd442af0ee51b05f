import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/platform/paths.ts';
import { ensureDebianTool } from './debian.ts';

/**
 * The alerting rules in the repository (ops/prometheus, docs/operations.md "Metrics and alerts") are
 * checked and unit-tested by Prometheus's own `promtool`, from Debian's `prometheus` package, installed
 * with apt-get when missing (as root, or with password-less sudo) as the browser tests install Chromium.
 * That the rules and the dashboard use only exported metrics is apps/server/test/metrics.test.ts's.
 */
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';
const RULES_DIR = path.resolve(SERVER_ROOT, '../../ops/prometheus');

const ensurePromtool = () => ensureDebianTool(PROMTOOL, 'prometheus');

/** Runs promtool in the rules' folder; answers its exit code and output. */
function promtool(args: string[]): { code: number; output: string } {
  try {
    const output = execFileSync(PROMTOOL, args, { cwd: RULES_DIR, encoding: 'utf8', stdio: 'pipe' });
    return { code: 0, output };
  } catch (err) {
    const e = err as { status?: number; stdout?: string; stderr?: string };
    return { code: e.status ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('ops/prometheus', () => {
  beforeAll(() => {
    ensurePromtool();
  });

  it('promtool check rules: the alerting rules are valid', () => {
    const r = promtool(['check', 'rules', 'alerts.yml']);
    expect(r.output).toContain('SUCCESS');
    expect(r.code, r.output).toBe(0);
  });

  it('promtool test rules: each alert fires on what it is about and not on a healthy server', () => {
    const r = promtool(['test', 'rules', 'alerts.test.yml']);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain('SUCCESS');
  });
});
