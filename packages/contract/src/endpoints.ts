import * as admin from './api/admin.ts';
import { adminConnectorsEndpoints } from './api/admin-connectors.ts';
import { adminConsoleEndpoints } from './api/admin-console.ts';
import { adminGamesEndpoints } from './api/admin-games.ts';
import { adminLottoEndpoints } from './api/admin-lotto.ts';
import { adminMembersEndpoints } from './api/admin-members.ts';
import { adminPaymentsEndpoints } from './api/admin-payments.ts';
import { adminProtectionEndpoints } from './api/admin-protection.ts';
import { adminReportsEndpoints } from './api/admin-reports.ts';
import { adminRewardsEndpoints } from './api/admin-rewards.ts';
import { adminStaffEndpoints } from './api/admin-staff.ts';
import { affiliateEndpoints } from './api/affiliate.ts';
import * as auth from './api/auth.ts';
import { cashbackEndpoints } from './api/cashback.ts';
import { checkinEndpoints } from './api/checkin.ts';
import * as content from './api/content.ts';
import { couponsEndpoints } from './api/coupons.ts';
import { gamesEndpoints } from './api/games.ts';
import { lineEndpoints } from './api/line.ts';
import { lottoEndpoints } from './api/lotto.ts';
import { paymentsEndpoints } from './api/payments.ts';
import { pointsEndpoints } from './api/points.ts';
import { pollsEndpoints } from './api/polls.ts';
import { promotionsEndpoints } from './api/promotions.ts';
import { protectionEndpoints } from './api/protection.ts';
import { questsEndpoints } from './api/quests.ts';
import { rewardsEndpoints } from './api/rewards.ts';
import { shopEndpoints } from './api/shop.ts';
import { soothEndpoints } from './api/sooth.ts';
import * as system from './api/system.ts';
import * as wallet from './api/wallet.ts';
import { wheelEndpoints } from './api/wheel.ts';
import type { Endpoint } from './endpoint.ts';

/** Every endpoint of the API, for the OpenAPI document and the route-coverage test. */
export const allEndpoints: Endpoint[] = [
  system.health,
  system.ready,
  system.metrics,
  system.openApiDocument,
  system.stream,
  auth.checkAccount,
  auth.requestOtp,
  auth.register,
  auth.login,
  auth.logout,
  auth.getUserInfo,
  auth.changePassword,
  auth.resetPassword,
  auth.resetPasswordV2,
  auth.updateSubBankAccount,
  auth.twilioSmsStatus,
  wallet.memberWallets,
  wallet.memberStatement,
  content.agentConfig,
  content.agentBankAccounts,
  content.agentTrueMoneyAccounts,
  content.validateAgent,
  content.notifications,
  content.banners,
  content.events,
  content.promotions,
  content.banks,
  admin.staffLogin,
  admin.staffLogout,
  admin.smsOutbox,
  admin.reconciliation,
  admin.withdrawalFreezes,
  admin.clearWithdrawalFreeze,
  admin.updateAgentConfig,
  admin.updateMemberBank,
  ...Object.values(admin.contentAdmin).flatMap((e) => [e.list, e.create, e.update]),
  ...adminStaffEndpoints,
  ...adminGamesEndpoints,
  ...adminConsoleEndpoints,
  ...adminConnectorsEndpoints,
  ...adminPaymentsEndpoints,
  ...lottoEndpoints,
  ...adminLottoEndpoints,
  ...gamesEndpoints,
  ...paymentsEndpoints,
  ...pointsEndpoints,
  ...rewardsEndpoints,
  ...wheelEndpoints,
  ...checkinEndpoints,
  ...questsEndpoints,
  ...shopEndpoints,
  ...promotionsEndpoints,
  ...couponsEndpoints,
  ...affiliateEndpoints,
  ...cashbackEndpoints,
  ...pollsEndpoints,
  ...lineEndpoints,
  ...soothEndpoints,
  ...adminMembersEndpoints,
  ...adminReportsEndpoints,
  ...adminRewardsEndpoints,
  ...protectionEndpoints,
  ...adminProtectionEndpoints,
];
