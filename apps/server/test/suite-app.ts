import type { ProviderSimulator } from '../src/modules/games/simulator.ts';
import { systemClock } from '../src/platform/clock.ts';
import { addSimProvider } from './games-support.ts';
import { createTestApp, staffToken, type TestApp } from './helpers.ts';

type StaffName = Parameters<typeof staffToken>[1];
type SuiteOptions<S extends StaffName> = NonNullable<Parameters<typeof createTestApp>[0]> & {
  /** Seeded staff to sign in (with a code for the app's clock); each one's session comes back by name. */
  staff?: readonly S[];
};

/**
 * The set-up at the top of most API test files: the one app the file's tests share (createTestApp's
 * options) and a session for each staff member it names. Call it in beforeAll and close `t` in afterAll.
 */
export async function suiteApp<S extends StaffName = never>(
  opts: SuiteOptions<S> = {},
): Promise<{ t: TestApp } & Record<S, string>> {
  const { staff = [], ...appOpts } = opts;
  const t = await createTestApp(appOpts);
  const sessions = {} as Record<S, string>;
  for (const name of staff) sessions[name] = await staffToken(t, name, opts.clock ?? systemClock);
  return { ...sessions, t };
}

/** `suiteApp` with the signed game provider simulator (games-support.ts), on the app's clock. */
export async function simSuiteApp<S extends StaffName = never>(
  opts: SuiteOptions<S> = {},
): Promise<{ t: TestApp; sim: ProviderSimulator } & Record<S, string>> {
  const app = await suiteApp(opts);
  const clock = opts.clock ?? systemClock;
  return { ...app, sim: await addSimProvider(app.t, () => clock.now().getTime()) };
}
