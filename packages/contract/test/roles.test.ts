import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BEGIN, END, README, rolesTable } from '../../../scripts/contract-roles.ts';
import type { Endpoint } from '../src/endpoint.ts';
import { allEndpoints } from '../src/endpoints.ts';

// The README's staff roles table is what the contract declares, and the server refuses every role a
// staff endpoint does not list (apps/server/src/platform/http.ts): a README that drifted would tell an
// operator a role may do what it may not, or hide what it may.
describe('README staff roles table (generated from the contract)', () => {
  it('README.md holds exactly what npm run contract:roles generates', async () => {
    const readme = await readFile(README, 'utf8');
    const from = readme.indexOf(BEGIN);
    const to = readme.indexOf(END);
    expect(from, 'README.md has no staff roles block').toBeGreaterThanOrEqual(0);
    expect(
      readme.slice(from, to + END.length),
      'the README roles table is stale: run npm run contract:roles and commit README.md',
    ).toBe(rolesTable());
  });

  it('every staff endpoint names its roles, and a change of roles changes the table', () => {
    for (const e of allEndpoints.filter((x) => x.auth === 'staff'))
      expect(e.roles?.length ?? 0, `${e.method} ${e.path}`).toBeGreaterThan(0);
    const one = allEndpoints.find((e) => e.auth === 'staff' && !e.roles?.includes('lotto')) as Endpoint;
    const widened = allEndpoints.map((e) =>
      e === one ? { ...e, roles: [...(e.roles ?? []), 'lotto' as const] } : e,
    );
    expect(rolesTable(widened)).not.toBe(rolesTable());
  });
});
