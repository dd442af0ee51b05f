import * as reports from '@chok/contract/api/admin-rewards';
import * as api from '@chok/contract/api/coupons';
import type { ModuleContext } from '../../platform/module.ts';
import * as admin from './admin.ts';
import type { CouponDeps } from './deps.ts';
import { couponHistory, redeemCoupon } from './redeem.ts';

/** The coupon endpoints: each contract endpoint → one use case. */
export function couponRoutes({ app, route }: ModuleContext, d: CouponDeps): void {
  route(app, api.redeemCoupon, async (c) => redeemCoupon(d, c.member.memberId, c.body.code));
  route(app, api.couponHistory, async (c) => couponHistory(d, c.member.memberId, c.query.limit));

  route(app, api.adminCouponCampaigns, async (c) =>
    admin.listCampaigns(d, c.query.page, c.query.page_size ?? c.query.per_page),
  );
  route(app, api.adminCreateCouponCampaign, async (c) => admin.createCampaign(d, c.body, c.staff.staffId));
  route(app, api.adminCreatePersonalCoupons, async (c) => admin.createPersonal(d, c.body, c.staff.staffId));
  route(app, api.adminCouponCodes, async (c) => admin.listCodes(d, c.params.id));
  route(app, api.adminDisableCouponCampaign, async (c) =>
    admin.disableCampaignById(d, c.params.id, c.staff.staffId),
  );
  route(app, api.adminDisableCouponCode, async (c) => admin.disableCodeById(d, c.params.id, c.staff.staffId));
  route(app, reports.adminCouponCodeSearch, async (c) => admin.searchCodeList(d, c.query));
  route(app, reports.adminCouponUses, async (c) => admin.useList(d, c.query));
}
