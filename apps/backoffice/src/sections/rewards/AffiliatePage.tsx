import * as affiliate from '@chok/contract/routes/affiliate';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { AffiliatePreview } from '../../components/Preview';
import { call, fieldErrors } from '../../lib/api';
import { formatBaht, formatCount, formatDateTime, formatDay } from '../../lib/format';
import { useAction, useApi } from '../../lib/query';
import { useSession } from '../../stores/session';
import { Inputs } from './SimpleTable';
import './rewards.css';
import { FormError } from '../../components/Field';

type F = 'level1_percent' | 'level2_percent' | 'min_redeem' | 'daily_limit';

/** The affiliate programme (docs/rules/engagement.md §11): rates, redeem limits and the daily runs. */
export default function AffiliatePage() {
  const role = useSession((s) => s.staff?.role);
  const canEdit = role === 'owner' || role === 'content';
  const settings = useApi(affiliate.adminAffiliateSettings, {});
  const save = useAction(affiliate.adminUpdateAffiliateSettings, {
    success: 'บันทึกอัตราค่าแนะนำแล้ว',
    refresh: [affiliate.adminAffiliateSettings],
  });
  const [v, setV] = useState<Record<F, string> | null>(null);
  const id = useId();
  const client = useQueryClient();
  useEffect(() => {
    if (settings.data && !v) setV({ ...settings.data });
  }, [settings.data, v]);

  const submit = async () => {
    if (!v) return;
    const ok = await confirm({
      title: 'บันทึกอัตราค่าแนะนำ',
      message: 'อัตราใหม่ใช้กับวันที่ยังไม่คำนวณ วันที่คำนวณแล้วใช้อัตราเดิม',
      confirmLabel: 'บันทึก',
    });
    if (ok) save.mutate(v);
  };

  const rerun = async () => {
    await confirm({
      title: 'คำนวณค่าแนะนำของวันที่ผ่านมาใหม่',
      message: 'ผู้แนะนำที่ได้รับของวันนั้นแล้วจะไม่ได้รับซ้ำ',
      confirmLabel: 'คำนวณ',
      fields: [{ name: 'date', label: 'วันที่ (ปปปป-ดด-วว)', required: true, placeholder: '2026-11-26' }],
      action: (x) => call(affiliate.adminAffiliateRerun, { date: x.date ?? '' }),
      success: (r) => `คำนวณแล้ว ${formatCount(r.paid)} คน ${formatBaht(r.paid_amount)} บาท`,
    });
    await client.invalidateQueries({ queryKey: ['api', affiliate.adminAffiliateRuns.path] });
  };

  const errors = fieldErrors(save.error);
  return (
    <>
      <h1>ค่าแนะนำเพื่อน</h1>
      {v ? (
        <form
          className="card"
          aria-labelledby={`${id}-h`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <h2 id={`${id}-h`}>อัตราและเงื่อนไขการถอน</h2>
          <FormError error={save.error} fields={errors} />
          <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
            <Inputs
              idPrefix={id}
              values={v}
              set={(k, x) => setV({ ...v, [k]: x })}
              errors={errors}
              fields={[
                { name: 'level1_percent', label: 'ชั้นที่ 1 (%)' },
                { name: 'level2_percent', label: 'ชั้นที่ 2 (%)' },
                { name: 'min_redeem', label: 'ถอนขั้นต่ำ (บาท)' },
                { name: 'daily_limit', label: 'ถอนได้สูงสุดต่อวัน (บาท)' },
              ]}
            />
            <AffiliatePreview
              a={{
                level1Percent: v.level1_percent,
                level2Percent: v.level2_percent,
                minRedeem: v.min_redeem,
                dailyLimit: v.daily_limit,
              }}
            />
            {canEdit && (
              <button type="submit" className="btn btn-primary" disabled={save.isPending}>
                {save.isPending ? 'กำลังบันทึก…' : 'บันทึก'}
              </button>
            )}
          </fieldset>
        </form>
      ) : (
        <p className="loading">{settings.isError ? settings.error.message : 'กำลังโหลด…'}</p>
      )}
      <section className="page-block" aria-labelledby="affiliate-runs">
        <h2 id="affiliate-runs">การคำนวณรายวัน</h2>
        <DataTable
          route={affiliate.adminAffiliateRuns}
          caption="การคำนวณค่าแนะนำ"
          rowKey={(r) => r.id}
          toolbar={
            role === 'owner' || role === 'finance' ? (
              <button type="button" className="btn btn-primary" onClick={() => void rerun()}>
                คำนวณวันที่ผ่านมาใหม่
              </button>
            ) : undefined
          }
          columns={[
            { key: 'day', header: 'วันที่', cell: (r) => formatDay(r.day) },
            { key: 'by_staff', header: 'ผู้สั่ง', cell: (r) => (r.by_staff ? 'เจ้าหน้าที่' : 'ระบบ 01:30 น.') },
            { key: 'referrers', header: 'ผู้แนะนำ', align: 'end', cell: (r) => formatCount(r.referrers) },
            { key: 'paid', header: 'คำนวณรอบนี้', align: 'end', cell: (r) => formatCount(r.paid) },
            { key: 'repeated', header: 'เคยคำนวณแล้ว', align: 'end', cell: (r) => formatCount(r.repeated) },
            { key: 'paid_amount', header: 'ยอด (บาท)', align: 'end', cell: (r) => formatBaht(r.paid_amount) },
            {
              key: 'withheld_amount',
              header: 'งดจ่าย ช่วงพักการเล่น (บาท)',
              align: 'end',
              cell: (r) => `${formatBaht(r.withheld_amount)} (${formatCount(r.withheld)})`,
            },
            { key: 'finished_at', header: 'เสร็จเมื่อ', cell: (r) => formatDateTime(r.finished_at) },
          ]}
        />
      </section>
    </>
  );
}
