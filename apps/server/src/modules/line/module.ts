import type { ModuleContext } from '../../platform/module.ts';
import type { Connectors } from '../connectors/service.ts';
import { CONNECTOR, lineMessaging } from './messaging.ts';
import { testSend } from './notify.ts';
import { pruneLinePushes, sendLinePushes } from './push.ts';
import { lineRoutes } from './routes.ts';
import { channelIdOf, lineVerifier } from './verify.ts';

/**
 * The LINE side of the site: the LIFF app the pages initialise (LIFF_ID) and the LINE account a member
 * links (`member_line_link`), verified with LINE's verify endpoint (LINE_VERIFY_URL; tests point it at a
 * local stand-in); and the LINE messages a linked member opted into (docs/rules/connectors.md §5), sent
 * through the Messaging API (LINE_MESSAGING_API_URL) by the `line.push` job.
 */
export async function lineModule(ctx: ModuleContext, deps: { connectors: Connectors }): Promise<void> {
  const liffId = ctx.config.LIFF_ID ?? null;
  const verifier =
    liffId === null
      ? null
      : lineVerifier({ url: ctx.config.LINE_VERIFY_URL, channelId: channelIdOf(liffId) });
  const { connectors } = deps;
  const messaging = lineMessaging({ connectors, baseUrl: ctx.config.LINE_MESSAGING_API_URL });
  const n = { db: ctx.db, clock: ctx.clock, connectors, messaging };
  connectors.register({
    code: CONNECTOR,
    label: 'ไลน์ (ข้อความแจ้งเตือนสมาชิก)',
    kind: 'line',
    secrets: ['channel_access_token', 'channel_secret'],
    configured: async () =>
      (await connectors.secret(CONNECTOR, 'channel_access_token')) !== null &&
      (await connectors.secret(CONNECTOR, 'channel_secret')) !== null,
    testSend: ({ to }) => testSend(n, to),
  });
  await lineRoutes(ctx, { db: ctx.db, clock: ctx.clock, liffId, verifier }, n);
  // Every minute: a message waits at most about a minute, and a batch's retry falls due on its own time.
  await ctx.jobs.schedule('line.push', '* * * * *', async () => {
    await sendLinePushes({ db: ctx.db, clock: ctx.clock, messaging });
  });
  await ctx.jobs.schedule('line.prune', '29 4 * * *', async () => {
    await pruneLinePushes(ctx);
  });
}
