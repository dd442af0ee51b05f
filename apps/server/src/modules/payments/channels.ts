import { PaymentChannel, PaymentSubChannel } from '@chok/contract/api/payments';
import { formatBaht } from '@chok/engine/money';
import type { Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { memberAccount, receivingTargets } from './accounts.ts';
import { enabledChannels, enabledSubChannels, paymentChannel } from './channel-queries.ts';
import type { PaymentsDeps } from './deps.ts';
import { loadSettings, offeredGateways } from './settings.ts';

const instructions: Record<number, string[]> = {
  [PaymentChannel.bank]: [
    'โอนจากบัญชีธนาคารที่ลงทะเบียนไว้เท่านั้น',
    'โอนให้ตรงยอด รวมเศษสตางค์ ระบบจะเติมเครดิตให้เมื่อยืนยันรายการ',
    'โอนภายใน 15 นาที หากเกินเวลากรุณาทำรายการใหม่',
  ],
  [PaymentChannel.trueMoney]: [
    'โอนจากเบอร์ทรูมันนี่วอลเล็ทที่ลงทะเบียนไว้เท่านั้น',
    'โอนให้ตรงยอด รวมเศษสตางค์',
    'โอนภายใน 15 นาที หากเกินเวลากรุณาทำรายการใหม่',
  ],
  [PaymentChannel.promptPay]: [
    'สแกน QR ด้วยแอปธนาคารของบัญชีที่ลงทะเบียนไว้',
    'ยอดใน QR ตรงกับยอดที่ต้องชำระแล้ว ไม่ต้องแก้ไขยอด',
    'QR ใช้ได้ 15 นาที และใช้ได้ครั้งเดียว',
  ],
};

/** Enabled channels whose sub-channels have a receiving account, with limits and instructions. */
export async function channelList(deps: PaymentsDeps, ex: Executor = deps.db) {
  const s = await loadSettings(ex);
  const channels = await enabledChannels(ex);
  const subs = await enabledSubChannels(ex);
  const offered = await offeredGateways(deps, s);
  const out = [];
  for (const c of channels) {
    const open = [];
    for (const sub of subs.filter((x) => x.channel_id === c.id)) {
      const targets = await receivingTargets(ex, deps.agentId, c.id, sub.id, offered);
      if (targets.length > 0) open.push({ sub_channel_id: sub.id, name: sub.name });
    }
    if (open.length === 0) continue;
    out.push({
      channel_id: c.id,
      name: c.name,
      enabled: c.enabled,
      min: formatBaht(c.min_satang),
      max: formatBaht(c.max_satang),
      sub_channels: open,
      instructions: instructions[c.id] ?? [],
    });
  }
  return out;
}

export async function channelInfo(deps: PaymentsDeps, memberId: number, channelId: number) {
  const s = await loadSettings(deps.db);
  const c = await paymentChannel(deps.db, channelId);
  if (!c?.enabled) throw new AppError('PAYMENT_CHANNEL_DISABLED');
  const subs =
    channelId === PaymentChannel.promptPay
      ? [PaymentSubChannel.promptPayId, PaymentSubChannel.gateway]
      : [PaymentSubChannel.only];
  const accounts = [];
  const offered = await offeredGateways(deps, s);
  for (const sub of subs) {
    for (const t of await receivingTargets(deps.db, deps.agentId, channelId, sub, offered))
      accounts.push(t.view);
  }
  return {
    channel_id: c.id,
    min: formatBaht(c.min_satang),
    max: formatBaht(c.max_satang),
    accounts,
    member_account: await memberAccount(deps.db, memberId),
  };
}
