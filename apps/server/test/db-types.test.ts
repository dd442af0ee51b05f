import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, inject, it } from 'vitest';
import { GENERATED_FILE, generateDatabaseTypes } from '../../../scripts/db-types.ts';
import { migrate } from '../src/platform/migrate.ts';
import { createDatabase } from './postgres.ts';

// The Kysely types are generated from the migrated schema (docs/decisions/0008): a migration without
// a regenerated file would leave the app typed against a schema that no longer exists.
it('the checked-in database types are what the migrations generate', async () => {
  const url = await createDatabase(inject('pgAdminUrl'), inject('pgTemplate'));
  await migrate(url);
  const generated = await generateDatabaseTypes(url);
  const checkedIn = await readFile(GENERATED_FILE, 'utf8');
  expect(
    checkedIn,
    `${path.relative(process.cwd(), GENERATED_FILE)} is stale: run npm run db:types and commit the result`,
  ).toBe(generated);
});
