import type { ModuleContext } from '../../platform/module.ts';
import { contentRoutes } from './routes.ts';
import { type ContentService, createContentService } from './service.ts';

/** The operator's agent config, receiving accounts, notifications, banners, events and promotions text. */
export function contentModule(ctx: ModuleContext): ContentService {
  const { config: c } = ctx;
  const content = createContentService({
    db: ctx.db,
    clock: ctx.clock,
    agentId: c.AGENT_ID,
    agentCode: c.AGENT_CODE,
  });
  contentRoutes(ctx, content);
  return content;
}
