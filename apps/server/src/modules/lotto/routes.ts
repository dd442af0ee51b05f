import * as adminApi from '@chok/contract/api/admin-lotto';
import * as api from '@chok/contract/api/lotto';
import { AppError } from '../../platform/errors.ts';
import { parse } from '../../platform/http.ts';
import type { ModuleContext } from '../../platform/module.ts';
import { editMarket, listMarkets } from './admin-markets.ts';
import {
  adminRoundDetail,
  correctResult,
  listRounds,
  numberLimitList,
  openRoundFor,
  overrideRoundRates,
  previewResult,
  roundExposure,
} from './admin-rounds.ts';
import { yeekeeRoundList, yeekeeShotList } from './admin-yeekee.ts';
import { billDetail, cancelBill, createBill, listBills, lottoWallets, validateBill } from './bills.ts';
import type { LottoDeps } from './deps.ts';
import { fetchOfficialNow } from './glo-results.ts';
import { proposeResult, resultEntries } from './result-entries.ts';
import { closeRoundNow, reopenRound, setNumberLimit } from './round-admin.ts';
import {
  dayResults,
  lobby,
  marketRates,
  openRounds,
  roundDetail,
  roundLimits,
  roundRates,
  roundResult,
  roundRule,
} from './rounds.ts';
import { cancelRound } from './settlement.ts';
import { deleteTemplate, listTemplates, saveTemplate } from './templates.ts';
import { type Shooter, yeekeeList, yeekeeRounds } from './yeekee.ts';

/** The lottery's HTTP endpoints, each one use-case call. */
export function lottoRoutes({ app, route }: ModuleContext, d: LottoDeps, shooter: Shooter): void {
  // The lobby alone answers with `status: 0` (docs/rules/lottery.md §10, docs/rules/member-site.md §7);
  // `error: 0` rides along for generic clients.
  app.route({
    method: api.lobby.method,
    url: api.lobby.path,
    handler: async (req) => {
      const query = parse(api.lobby.query!, req.query ?? {}, 'query');
      if (query.agent_id !== undefined && query.agent_id !== d.config.AGENT_ID)
        throw new AppError('AGENT_MISMATCH');
      return { status: 0, error: 0, message: '', data: await lobby(d) };
    },
  });
  route(app, api.rounds, async (c) => openRounds(d, c.query.category_id));
  route(app, api.round, async (c) => roundDetail(d, c.query.round_id));
  route(app, api.rule, async (c) => roundRule(d, c.query.round_id));
  route(app, api.roundRate, async (c) => roundRates(d, c.query.round_id));
  route(app, api.rates, async (c) => marketRates(d, c.query.category_id));
  route(app, api.limit, async (c) => roundLimits(d, c.query.round_id));
  route(app, api.result, async (c) => roundResult(d, c.query.round_id));
  route(app, api.results, async (c) => dayResults(d, c.query.date));
  route(app, api.yeekeeList, async (c) => yeekeeList(d, c.maybeMember?.memberId ?? null, c.query.round_id));
  route(app, api.yeekeeLists, async (c) => yeekeeRounds(d, c.query.round_id));
  route(app, api.shootNumber, async (c) =>
    shooter.shoot(c.member.memberId, c.ip, c.body.round_id, c.body.number),
  );
  route(app, api.billValidate, async (c) => validateBill(d, c.member.memberId, c.body));
  route(app, api.billCreate, async (c) => createBill(d, c.member.memberId, c.body, c.idempotencyKey));
  route(app, api.billCancel, async (c) => cancelBill(d, c.member.memberId, c.body.bill_id));
  route(app, api.billList, async (c) => listBills(d, c.member.memberId, c.query));
  route(app, api.billDetail, async (c) => billDetail(d, c.member.memberId, c.query.bill_id));
  route(app, api.lottoWallets, async (c) => lottoWallets(d, c.member.memberId));

  route(app, api.adminRounds, async (c) => listRounds(d, { ...c.query, marketId: c.query.market_id }));
  route(app, api.adminEnterResult, async (c) =>
    proposeResult(d, c.params.id, c.body.raw, { reason: c.body.reason }, { staffId: c.staff.staffId }),
  );
  route(app, api.adminCancelRound, async (c) =>
    cancelRound(d, c.params.id, c.body.reason, { type: 'staff', id: c.staff.staffId }),
  );
  route(app, api.adminCloseRound, async (c) => closeRoundNow(d, c.params.id, c.body.reason, c.staff));
  route(app, api.adminNumberLimit, async (c) => setNumberLimit(d, c.params.id, c.body, c.staff.staffId));

  // The console's lottery section (packages/contract/src/api/admin-lotto.ts).
  route(app, adminApi.adminMarkets, async (c) => listMarkets(d, c.query));
  route(app, adminApi.adminUpdateMarket, async (c) => editMarket(d, c.params.id, c.body, c.staff));
  route(app, adminApi.adminRound, async (c) => adminRoundDetail(d, c.params.id));
  route(app, adminApi.adminOpenRound, async (c) => openRoundFor(d, c.body, c.staff.staffId));
  route(app, adminApi.adminPreviewResult, async (c) => previewResult(d, c.params.id, c.body.raw));
  route(app, adminApi.adminCorrectResult, async (c) =>
    correctResult(d, c.params.id, c.body, c.staff.staffId),
  );
  route(app, adminApi.adminRoundRates, async (c) =>
    overrideRoundRates(d, c.params.id, c.body, c.staff.staffId),
  );
  route(app, adminApi.adminNumberLimits, async (c) => numberLimitList(d, c.params.id));
  route(app, adminApi.adminExposure, async (c) => roundExposure(d, c.params.id, c.query));
  route(app, adminApi.adminYeekeeRounds, async (c) => yeekeeRoundList(d, c.query));
  route(app, adminApi.adminYeekeeShots, async (c) => yeekeeShotList(d, c.params.id, c.query));
  route(app, adminApi.adminResultEntries, async (c) => resultEntries(d, c.params.id, c.staff.staffId));
  route(app, adminApi.adminFetchOfficialResult, async (c) => fetchOfficialNow(d, c.params.id));
  route(app, adminApi.adminReopenRound, async (c) =>
    reopenRound(d, c.params.id, c.body.reason, c.staff.staffId),
  );
  route(app, adminApi.adminTemplates, async (c) => listTemplates(d, c.query.market_id));
  route(app, adminApi.adminSaveTemplate, async (c) => saveTemplate(d, c.body, c.staff.staffId));
  route(app, adminApi.adminDeleteTemplate, async (c) => deleteTemplate(d, c.params.id, c.staff.staffId));
}
