import { PaymentChannel, PaymentSubChannel } from '@chok/contract/api/payments';
import type { ModuleSeed } from '../../platform/module.ts';
import { promotionRefs, receivingAccounts } from '../content/service.ts';
import { ensureSandboxGateway } from './gateway.ts';

/**
 * Always: the three channels with the document's limits and their sub-channels. Only where the
 * environment allows the sandbox (demo data, or PAYMENT_SANDBOX=true): the sandbox gateway, switched
 * on; elsewhere it is switched off and has no row (docs/rules/payments.md §3.3 rule 4). Demo: a PromptPay ID on the
 * demo KBANK account (the worked example's 081-234-5678) and rules for the demo deposit promotions.
 */
export const paymentsSeed: ModuleSeed = {
  name: 'payments',
  async run(tx, { config, demo }) {
    await tx
      .insertInto('payment_channel')
      .values([
        {
          id: PaymentChannel.bank,
          name: 'โอนผ่านธนาคาร',
          min_satang: 100_00,
          max_satang: 200_000_00,
          sort_order: 2,
        },
        {
          id: PaymentChannel.trueMoney,
          name: 'ทรูมันนี่วอลเล็ท',
          min_satang: 100_00,
          max_satang: 30_000_00,
          sort_order: 3,
        },
        {
          id: PaymentChannel.promptPay,
          name: 'QR พร้อมเพย์',
          min_satang: 100_00,
          max_satang: 50_000_00,
          sort_order: 1,
        },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await tx
      .insertInto('payment_sub_channel')
      .values([
        { channel_id: PaymentChannel.bank, id: PaymentSubChannel.only, name: 'โอนผ่านธนาคาร' },
        { channel_id: PaymentChannel.trueMoney, id: PaymentSubChannel.only, name: 'ทรูมันนี่วอลเล็ท' },
        { channel_id: PaymentChannel.promptPay, id: PaymentSubChannel.promptPayId, name: 'QR พร้อมเพย์' },
        { channel_id: PaymentChannel.promptPay, id: PaymentSubChannel.gateway, name: 'QR ชำระผ่านเกตเวย์' },
      ])
      .onConflict((oc) => oc.columns(['channel_id', 'id']).doNothing())
      .execute();
    if (config.paymentSandbox) await ensureSandboxGateway(tx);
    await tx
      .updateTable('payment_setting')
      .set({ sandbox_enabled: config.paymentSandbox })
      .where('id', '=', 1)
      .execute();
    if (!demo) return;

    const banks = await receivingAccounts(tx, config.AGENT_ID, 'bank');
    const kbank = banks.find((b) => b.bank_code === '004');
    if (kbank) {
      await tx
        .insertInto('promptpay_account')
        .values({
          bank_account_id: kbank.id,
          proxy_type: 'phone',
          proxy_id: '0812345678',
          account_name: kbank.account_name,
        })
        .execute();
    }
    const promos = await promotionRefs(tx);
    const welcome = promos.find((p) => p.title.includes('สมาชิกใหม่'));
    const daily = promos.find((p) => p.title.includes('ฝากทั้งวัน'));
    if (welcome) {
      await tx
        .insertInto('promotion_rule')
        .values({
          promotion_id: welcome.id,
          kind: 'percent',
          value: 50,
          cap_satang: 500_00,
          min_deposit_satang: 100_00,
          turnover_multiplier: 5,
          eligibility: 'first_ever',
        })
        .execute();
    }
    if (daily) {
      await tx
        .insertInto('promotion_rule')
        .values({
          promotion_id: daily.id,
          kind: 'percent',
          value: 10,
          cap_satang: 1_000_00,
          min_deposit_satang: 300_00,
          turnover_multiplier: 3,
          eligibility: 'first_of_day',
        })
        .execute();
    }
  },
};
