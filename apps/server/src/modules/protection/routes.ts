import * as admin from '@chok/contract/api/admin-protection';
import * as api from '@chok/contract/api/protection';
import type { ModuleContext } from '../../platform/module.ts';
import { adminList, adminMember } from './admin.ts';
import { startBlock } from './blocks.ts';
import type { ProtectionDeps } from './deps.ts';
import { history } from './history.ts';
import { setLimit } from './limits.ts';
import { currentState, realityCheck, setRealityCheckMinutes } from './reality.ts';

export function protectionRoutes({ app, route }: ModuleContext, d: ProtectionDeps): void {
  route(app, api.protectionGet, async (c) => currentState(d, c.member.memberId));
  route(app, api.protectionSetLimit, async (c) => setLimit(d, c.member.memberId, c.body));
  route(app, api.protectionSetRealityCheck, async (c) =>
    setRealityCheckMinutes(d, c.member.memberId, c.body.minutes),
  );
  route(app, api.protectionRealityCheck, async (c) => realityCheck(d, c.member));
  route(app, api.protectionTimeout, async (c) =>
    startBlock(d, c.member.memberId, 'timeout', c.body.duration),
  );
  route(app, api.protectionExclude, async (c) =>
    startBlock(d, c.member.memberId, 'exclusion', c.body.duration),
  );
  route(app, api.protectionHistory, async (c) => history(d, c.member.memberId));
  route(app, admin.adminProtectionMembers, async (c) => adminList(d, c.query));
  route(app, admin.adminProtectionMember, async (c) => adminMember(d, c.params.id));
}
