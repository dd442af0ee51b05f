import type { ModuleSeed } from '../../seed/modules.ts';
import { categories, marketDefinitions } from './markets.ts';

/** Categories and markets: an operator always needs them, demo or not. Rounds come from the scheduler. */
export const lottoSeed: ModuleSeed = {
  name: 'lotto',
  async run(tx) {
    await tx
      .insertInto('lotto_category')
      .values([...categories])
      .onConflict((oc) => oc.doNothing())
      .execute();
    await tx
      .insertInto('lotto_market')
      .values(
        marketDefinitions.map((m, i) => ({
          code: m.code,
          name: m.name,
          category_id: m.category_id,
          derive_rule: m.derive_rule,
          schedule: JSON.stringify(m.schedule),
          rates: JSON.stringify(m.rates),
          yeekee: m.yeekee ? JSON.stringify(m.yeekee) : null,
          rule_text: m.rule_text,
          auto_refund_no_result: m.auto_refund_no_result ?? false,
          sealed_close: m.sealed_close ?? false,
          sort_order: i + 1,
        })),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  },
};
