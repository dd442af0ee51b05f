import * as adminLotto from '@chok/contract/routes/admin-lotto';
import * as lotto from '@chok/contract/routes/lotto';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { ApiError, call } from '../../lib/api';
import type { RoundDetail } from './labels';
import { type BetType, betTypeLabel } from './labels';
import { type RateChanges, RateTableForm } from './RateTableForm';

function describe(changes: RateChanges): string {
  return Object.entries(changes)
    .map(
      ([t, c]) =>
        `${betTypeLabel[t as BetType]}: ${Object.entries(c ?? {})
          .map(
            ([k, v]) =>
              `${k === 'rate' ? 'บาทละ' : k === 'enabled' ? 'เปิดรับ' : k === 'min' ? 'ขั้นต่ำ' : k === 'max' ? 'สูงสุด' : 'รับสูงสุดต่อเลข'} ${v === true ? 'เปิด' : v === false ? 'ปิด' : v}`,
          )
          .join(', ')}`,
    )
    .join(' · ');
}

/**
 * A round's own rates (docs/rules/lottery.md §3): set apart from its market's while it takes bets,
 * or reset to them. Bills already placed keep the rate they were accepted at.
 */
export function RatesPanel({ round: r }: { round: RoundDetail }) {
  const client = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [version, setVersion] = useState(0);
  const editable = r.status === 'scheduled' || r.status === 'open';
  const done = async () => {
    setErrors({});
    setVersion((v) => v + 1);
    await Promise.all([
      client.invalidateQueries({ queryKey: ['api', adminLotto.adminRound.path] }),
      client.invalidateQueries({ queryKey: ['api', lotto.adminRounds.path] }),
    ]);
  };
  const save = async (changes: RateChanges, reset = false) => {
    const answer = await confirm({
      title: reset ? 'ใช้อัตราจ่ายตามตลาด' : 'ตั้งอัตราจ่ายเฉพาะงวดนี้',
      message: reset
        ? 'คืนอัตราจ่ายของงวดนี้เป็นอัตราของตลาด โพยที่แทงไปแล้วจ่ายตามอัตราตอนที่แทง'
        : `${describe(changes)} — มีผลกับโพยที่แทงหลังจากนี้ โพยที่แทงไปแล้วจ่ายตามอัตราตอนที่แทง`,
      confirmLabel: 'บันทึก',
      fields: [{ name: 'reason', label: 'เหตุผล', type: 'textarea', required: true }],
      action: (v) =>
        call(adminLotto.adminRoundRates, {
          id: r.round_id,
          rates: reset ? {} : changes,
          reset_to_market: reset,
          reason: v.reason ?? '',
        }).catch((err) => {
          if (err instanceof ApiError) setErrors(err.fields ?? {});
          throw err;
        }),
      success: 'บันทึกอัตราจ่ายแล้ว',
    });
    if (answer) await done();
  };
  return (
    <section className="table-block" aria-labelledby="rates-title">
      <h2 id="rates-title">อัตราจ่ายของงวดนี้</h2>
      <p className="hint">
        {r.rate_overridden ? 'งวดนี้ใช้ราคาพิเศษ ต่างจากอัตราของตลาด' : 'งวดนี้ใช้อัตราจ่ายตามตลาด'}
        {editable ? '' : ' — งวดนี้ปิดรับแทงแล้ว เปลี่ยนอัตราจ่ายไม่ได้'}
      </p>
      <RateTableForm
        key={`${version}-${JSON.stringify(r.rates)}`}
        rates={r.rates}
        compare={r.market_rates}
        compareLabel="อัตราของตลาด"
        errors={errors}
        disabled={!editable}
        saveLabel="บันทึกอัตราจ่ายงวดนี้"
        onSave={(c) => void save(c)}
        extra={
          r.rate_overridden && editable ? (
            <button type="button" className="btn" onClick={() => void save({}, true)}>
              ใช้อัตราจ่ายตามตลาด
            </button>
          ) : null
        }
      />
    </section>
  );
}
