import * as affiliate from '@chok/contract/routes/affiliate';
import { useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../components/ConfirmDialog';
import { DataTable, timeColumn } from '../../components/DataTable';
import { Loading } from '../../components/Loading';
import { AffiliatePreview } from '../../components/Preview';
import { call, fieldErrors } from '../../lib/api';
import { useSettingsForm } from '../../lib/editor';
import { formatBaht, formatCount, formatDay } from '../../lib/format';
import { useSession } from '../../stores/session';
import { SettingsForm } from './SimpleTable';
import './rewards.css';

type F = 'level1_percent' | 'level2_percent' | 'min_redeem' | 'daily_limit';

/** The affiliate programme (docs/rules/engagement.md §11): rates, redeem limits and the daily runs. */
export default function AffiliatePage() {
  const role = useSession((s) => s.staff?.role);
  const canEdit = role === 'owner' || role === 'content';
  const form = useSettingsForm(
    affiliate.adminAffiliateSettings,
    affiliate.adminUpdateAffiliateSettings,
    'บันทึกอัตราค่าแนะนำแล้ว',
    (s): Record<F, string> => ({ ...s }),
  );
  const { settings, save, values } = form;
  const client = useQueryClient();

  const ask = {
    title: 'บันทึกอัตราค่าแนะนำ',
    message: 'อัตราใหม่ใช้กับวันที่ยังไม่คำนวณ วันที่คำนวณแล้วใช้อัตราเดิม',
    confirmLabel: 'บันทึก',
  };
  const submit = () => {
    if (values) save.mutate(values);
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
      {values ? (
        <SettingsForm
          form={{ ...form, values }}
          errors={errors}
          ask={ask}
          onSubmit={submit}
          title="อัตราและเงื่อนไขการถอน"
          canEdit={canEdit}
          fields={[
            { name: 'level1_percent', label: 'ชั้นที่ 1 (%)' },
            { name: 'level2_percent', label: 'ชั้นที่ 2 (%)' },
            { name: 'min_redeem', label: 'ถอนขั้นต่ำ (บาท)' },
            { name: 'daily_limit', label: 'ถอนได้สูงสุดต่อวัน (บาท)' },
          ]}
        >
          <AffiliatePreview
            a={{
              level1Percent: values.level1_percent,
              level2Percent: values.level2_percent,
              minRedeem: values.min_redeem,
              dailyLimit: values.daily_limit,
            }}
          />
        </SettingsForm>
      ) : (
        <Loading error={settings.error} />
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
            timeColumn('finished_at', 'เสร็จเมื่อ'),
          ]}
        />
      </section>
    </>
  );
}
