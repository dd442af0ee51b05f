import * as reports from '@chok/contract/routes/admin-rewards';
import * as cashback from '@chok/contract/routes/cashback';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { choiceFilter, DataTable, timeColumn } from '../../components/DataTable';
import { Check } from '../../components/Field';
import { Loading } from '../../components/Loading';
import { CashbackPreview } from '../../components/Preview';
import { call, fieldErrors } from '../../lib/api';
import { useLoadedValues, useSettingsForm } from '../../lib/editor';
import { formatBaht, formatCount, formatDay } from '../../lib/format';
import { useSession } from '../../stores/session';
import { SettingsForm } from './SimpleTable';
import './rewards.css';

const kindLabels = { loss: 'คืนยอดเสีย คาสิโนและสล็อต', lotto: 'คืนยอดเสียหวย', commission: 'คืนยอดเทิร์น' } as const;
type Kind = keyof typeof kindLabels;
const statusLabels = {
  paid: 'จ่ายแล้ว',
  held: 'รอตรวจสอบ',
  rejected: 'ไม่อนุมัติ',
  withheld: 'งดจ่าย (พักการเล่น)',
} as const;
const byLabels = { member: 'สมาชิกกดรับ', job: 'ระบบจ่ายอัตโนมัติ', operator: 'เจ้าหน้าที่สั่งคำนวณใหม่' } as const;

type F = 'loss_rate' | 'lotto_rate' | 'loss_minimum' | 'commission_rate' | 'commission_minimum';

/** The settings form: loss cashback (casino, slot, lotto) and the turnover commission. */
function Settings({ canEdit }: { canEdit: boolean }) {
  const form = useSettingsForm(
    cashback.adminCashbackSettings,
    cashback.adminUpdateCashbackSettings,
    'บันทึกการตั้งค่าแล้ว',
    (s): Record<F, string> => ({
      loss_rate: s.loss.rate_percent,
      lotto_rate: s.loss.lotto_rate_percent,
      loss_minimum: s.loss.minimum,
      commission_rate: s.commission.rate_percent,
      commission_minimum: s.commission.minimum,
    }),
  );
  const { settings, save, values } = form;
  const [enabled, setEnabled] = useLoadedValues(settings.data, (s) => ({
    loss: s.loss.enabled,
    commission: s.commission.enabled,
  }));
  if (!values || !enabled) return <Loading error={settings.error} />;
  // The server names fields by their place in the body (loss.rate_percent …).
  const raw = fieldErrors(save.error);
  const errors: Record<string, string> = {
    loss_rate: raw['loss.rate_percent'] ?? '',
    lotto_rate: raw['loss.lotto_rate_percent'] ?? '',
    loss_minimum: raw['loss.minimum'] ?? '',
    commission_rate: raw['commission.rate_percent'] ?? '',
    commission_minimum: raw['commission.minimum'] ?? '',
  };
  const ask = {
    title: 'บันทึกการตั้งค่าคืนยอด',
    message: 'อัตราใหม่ใช้กับการกดรับและการคำนวณตั้งแต่ตอนนี้ วันที่จ่ายไปแล้วไม่เปลี่ยน',
    confirmLabel: 'บันทึก',
  };
  const submit = () => {
    save.mutate({
      loss: {
        enabled: enabled.loss,
        rate_percent: values.loss_rate,
        lotto_rate_percent: values.lotto_rate,
        minimum: values.loss_minimum,
      },
      commission: {
        enabled: enabled.commission,
        rate_percent: values.commission_rate,
        minimum: values.commission_minimum,
      },
    });
  };
  return (
    <SettingsForm
      form={{ ...form, values }}
      errors={errors}
      ask={ask}
      onSubmit={submit}
      title="การตั้งค่า"
      canEdit={canEdit}
      saveLabel="บันทึกการตั้งค่า"
      before={
        <>
          <Check
            label="เปิดคืนยอดเสีย"
            checked={enabled.loss}
            onChange={(loss) => setEnabled({ ...enabled, loss })}
          />
          <Check
            label="เปิดคืนยอดเทิร์น"
            checked={enabled.commission}
            onChange={(commission) => setEnabled({ ...enabled, commission })}
          />
        </>
      }
      fields={[
        { name: 'loss_rate', label: 'คืนยอดเสีย คาสิโนและสล็อต (%)' },
        { name: 'lotto_rate', label: 'คืนยอดเสียหวย (%)' },
        { name: 'loss_minimum', label: 'คืนยอดเสียขั้นต่ำ (บาท)' },
        { name: 'commission_rate', label: 'คืนยอดเทิร์น (%)' },
        { name: 'commission_minimum', label: 'คืนยอดเทิร์นขั้นต่ำ (บาท)' },
      ]}
    >
      <CashbackPreview
        c={{
          lossEnabled: enabled.loss,
          lossRate: values.loss_rate,
          lossMinimum: values.loss_minimum,
          commissionEnabled: enabled.commission,
          commissionRate: values.commission_rate,
          commissionMinimum: values.commission_minimum,
        }}
      />
    </SettingsForm>
  );
}

/**
 * Loss cashback, lotto loss cashback and turnover commission (docs/rules/engagement.md §3, §4): the
 * rates, what each day paid (and to whom), and a re-run of a past day for owner and finance.
 */
export default function CashbackPage() {
  const role = useSession((s) => s.staff?.role);
  const [day, setDay] = useState<{ kind: Kind; day: string } | null>(null);
  const client = useQueryClient();

  const rerun = async () => {
    await confirm({
      title: 'คำนวณวันที่ผ่านมาใหม่',
      message: 'จ่ายให้สมาชิกที่ยังไม่ได้รับของวันนั้น สมาชิกที่ได้รับแล้วไม่ได้รับซ้ำ',
      confirmLabel: 'คำนวณและจ่าย',
      fields: [
        {
          name: 'kind',
          label: 'ประเภท (loss = คืนยอดเสีย, lotto = คืนยอดเสียหวย, commission = คืนยอดเทิร์น)',
          required: true,
          initial: 'loss',
        },
        { name: 'day', label: 'วันที่ (ปปปป-ดด-วว)', required: true, placeholder: '2026-11-26' },
      ],
      action: (v) => call(cashback.adminCashbackRerun, { kind: v.kind as Kind, day: v.day ?? '' }),
      success: (r) =>
        `จ่ายแล้ว ${formatCount(r.paid)} คน ${formatBaht(r.paid_amount)} บาท · รอตรวจสอบ ${formatCount(r.held)} คน · งดจ่ายช่วงพักการเล่น ${formatCount(r.withheld)} คน`,
    });
    await client.invalidateQueries({ queryKey: ['api', reports.adminCashbackDays.path] });
  };

  return (
    <>
      <h1>คืนยอดเสียและคืนยอดเทิร์น</h1>
      <Settings canEdit={role === 'owner' || role === 'content'} />
      <section className="page-block" aria-labelledby="cashback-days">
        <h2 id="cashback-days">การจ่ายรายวัน</h2>
        <DataTable
          route={reports.adminCashbackDays}
          caption="การจ่ายคืนยอดรายวัน"
          rowKey={(r) => `${r.kind}-${r.day}`}
          filters={[
            choiceFilter('kind', 'ประเภท', kindLabels),
            { name: 'from', label: 'ตั้งแต่วันที่', type: 'date' },
            { name: 'to', label: 'ถึงวันที่', type: 'date' },
          ]}
          toolbar={
            role === 'owner' || role === 'finance' ? (
              <button type="button" className="btn btn-primary" onClick={() => void rerun()}>
                คำนวณวันที่ผ่านมาใหม่
              </button>
            ) : undefined
          }
          columns={[
            { key: 'day', header: 'วันที่', cell: (r) => formatDay(r.day) },
            { key: 'kind', header: 'ประเภท', cell: (r) => kindLabels[r.kind] },
            { key: 'members', header: 'สมาชิก', align: 'end', cell: (r) => formatCount(r.members) },
            {
              key: 'paid_amount',
              header: 'จ่ายแล้ว (บาท)',
              align: 'end',
              cell: (r) => `${formatBaht(r.paid_amount)} (${formatCount(r.paid)})`,
            },
            {
              key: 'held_amount',
              header: 'รอตรวจสอบ (บาท)',
              align: 'end',
              cell: (r) => `${formatBaht(r.held_amount)} (${formatCount(r.held)})`,
            },
            {
              key: 'rejected_amount',
              header: 'ไม่อนุมัติ (บาท)',
              align: 'end',
              cell: (r) => `${formatBaht(r.rejected_amount)} (${formatCount(r.rejected)})`,
            },
            {
              key: 'withheld_amount',
              header: 'งดจ่าย ช่วงพักการเล่น (บาท)',
              align: 'end',
              cell: (r) => `${formatBaht(r.withheld_amount)} (${formatCount(r.withheld)})`,
            },
            {
              key: 'by',
              header: 'ผู้ทำรายการ',
              cell: (r) =>
                `สมาชิก ${formatCount(r.by_member)} · ระบบ ${formatCount(r.by_job)} · เจ้าหน้าที่ ${formatCount(r.by_operator)}`,
              csv: (r) => `${r.by_member}/${r.by_job}/${r.by_operator}`,
            },
            {
              key: 'detail',
              header: 'รายคน',
              csv: () => '',
              cell: (r) => (
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => setDay({ kind: r.kind, day: r.day })}
                >
                  ดูรายคน
                </button>
              ),
            },
          ]}
        />
      </section>
      {day && (
        <section className="page-block" aria-labelledby="cashback-payouts">
          <h2 id="cashback-payouts">
            {kindLabels[day.kind]} วันที่ {formatDay(day.day)}
          </h2>
          <DataTable
            key={`${day.kind}-${day.day}`}
            route={reports.adminCashbackPayouts}
            caption={`รายคน ${kindLabels[day.kind]} ${formatDay(day.day)}`}
            query={day}
            rowKey={(r) => r.id}
            columns={[
              { key: 'phone', header: 'สมาชิก' },
              { key: 'stake', header: 'ยอดเล่น', align: 'end', cell: (r) => formatBaht(r.stake) },
              { key: 'payout', header: 'ยอดได้', align: 'end', cell: (r) => formatBaht(r.payout) },
              { key: 'base', header: 'ฐานคำนวณ', align: 'end', cell: (r) => formatBaht(r.base) },
              { key: 'rate_percent', header: 'อัตรา (%)', align: 'end' },
              { key: 'amount', header: 'ยอดคืน', align: 'end', cell: (r) => formatBaht(r.amount) },
              { key: 'status', header: 'สถานะ', cell: (r) => statusLabels[r.status] },
              { key: 'paid_by', header: 'จ่ายโดย', cell: (r) => byLabels[r.paid_by] },
              timeColumn('created_at', 'เวลา'),
            ]}
          />
        </section>
      )}
    </>
  );
}
