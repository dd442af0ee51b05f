import type { Executor } from '../../platform/db.ts';

export function enabledChannels(ex: Executor) {
  return ex
    .selectFrom('payment_channel')
    .selectAll()
    .where('enabled', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function enabledSubChannels(ex: Executor) {
  return ex
    .selectFrom('payment_sub_channel')
    .selectAll()
    .where('enabled', '=', true)
    .orderBy('channel_id')
    .orderBy('id')
    .execute();
}

export function paymentChannel(ex: Executor, channelId: number) {
  return ex.selectFrom('payment_channel').selectAll().where('id', '=', channelId).executeTakeFirst();
}
