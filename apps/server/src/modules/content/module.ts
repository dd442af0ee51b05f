import type { ModuleContext } from '../../platform/module.ts';
import { dropPublicCache, PUBLIC_CHANGED_TOPIC } from './published.ts';
import { contentRoutes } from './routes.ts';
import { type ContentService, createContentService } from './service.ts';

/** The operator's agent config, receiving accounts, notifications, banners, events and promotions text. */
export function contentModule(ctx: ModuleContext): ContentService {
  const d = {
    db: ctx.db,
    clock: ctx.clock,
    agentId: ctx.config.AGENT_ID,
    agentCode: ctx.config.AGENT_CODE,
    publicListeners: new Set<() => void>(),
    events: ctx.events,
  };
  // An operator's edit on any process (LISTEN/NOTIFY, on its commit) drops this process's caches.
  ctx.events.listen(PUBLIC_CHANGED_TOPIC, () => dropPublicCache(d));
  contentRoutes(ctx, d);
  return createContentService(d);
}
