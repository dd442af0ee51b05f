import * as affiliate from '@chok/contract/api/affiliate';
import * as cashback from '@chok/contract/api/cashback';
import * as checkin from '@chok/contract/api/checkin';
import * as coupons from '@chok/contract/api/coupons';
import * as games from '@chok/contract/api/games';
import * as lotto from '@chok/contract/api/lotto';
import * as payments from '@chok/contract/api/payments';
import * as polls from '@chok/contract/api/polls';
import * as quests from '@chok/contract/api/quests';
import * as shop from '@chok/contract/api/shop';
import * as wheel from '@chok/contract/api/wheel';
import type { Endpoint } from '@chok/contract/endpoint';
import type { MemberGate } from '../../platform/http.ts';
import { assertNotBlocked, blockInForce, loginRefusal } from './blocks.ts';
import type { ProtectionDeps } from './deps.ts';

/**
 * What a time-out or self-exclusion closes (docs/rules/protection.md §3.2, §4.2): new bets and game
 * launches, deposit requests and their promotions, and every reward a member claims. Withdrawals,
 * the statement, the member's own protection page and everything else stay open. Rounds already open
 * still settle: their wins are credited by the settling side, not by a member call.
 */
const closed: ReadonlySet<Endpoint> = new Set<Endpoint>([
  // play (a bill itself is refused by the bet guard, protection/sql/protection_count_loss.sql, inside
  // lotto_place_bill, which keeps a bill one statement: decision 0012; a yeekee shot by the shot
  // batch's own read, which carries the batch's members' blocks: lotto/yeekee.ts `judgeShots`)
  lotto.billValidate,
  games.gameLink,
  // a demo game too: a member who chose a break from play gets no game, play money included
  games.gameDemo,
  // money in, and the offers that come with it
  payments.generateQr,
  payments.depositPromotions,
  // rewards
  wheel.wheelSpinV2,
  wheel.wheelSpin,
  wheel.wheelReward,
  checkin.checkinStamp,
  quests.questRedeem,
  quests.eventQuest,
  shop.redemptionRedeem,
  coupons.redeemCoupon,
  affiliate.affiliateRedeem,
  cashback.lossClaim,
  cashback.lottoClaim,
  polls.pollSubmit,
]);

/**
 * The gate `route` asks before every member call: one primary-key read, for the closed endpoints
 * only. The login asks it too: a self-excluded member cannot log in at all, while a member in a
 * time-out can, to withdraw and read the account (docs/rules/protection.md §3.2, §4.2).
 */
export function protectionGate(d: ProtectionDeps): MemberGate {
  return {
    async check(memberId, e) {
      if (!closed.has(e)) return;
      await assertNotBlocked(d.db, memberId, d.clock.now());
    },
    async login(memberId, ex) {
      const refusal = loginRefusal(await blockInForce(ex ?? d.db, memberId, d.clock.now()));
      if (refusal) throw refusal;
    },
  };
}
