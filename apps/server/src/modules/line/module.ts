import type { ModuleContext } from '../../platform/module.ts';
import { lineRoutes } from './routes.ts';
import { channelIdOf, lineVerifier } from './verify.ts';

/**
 * The LINE (LIFF) pages' server side: the LIFF app the pages initialise (LIFF_ID) and the LINE
 * account a member links (`member_line_link`), verified with LINE's verify endpoint
 * (LINE_VERIFY_URL; tests point it at a local stand-in).
 */
export function lineModule(ctx: ModuleContext): void {
  const liffId = ctx.config.LIFF_ID ?? null;
  const verifier =
    liffId === null
      ? null
      : lineVerifier({ url: ctx.config.LINE_VERIFY_URL, channelId: channelIdOf(liffId) });
  lineRoutes(ctx, { db: ctx.db, clock: ctx.clock, liffId, verifier });
}
