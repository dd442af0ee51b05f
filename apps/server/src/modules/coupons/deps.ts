import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { RewardDeps } from '../rewards/service.ts';

/** What the coupon use cases need; built once in module.ts. */
export type CouponDeps = RewardDeps & { db: Db; clock: Clock };
