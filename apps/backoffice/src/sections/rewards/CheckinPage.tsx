import * as checkin from '@chok/contract/routes/checkin';
import { useEffect, useId, useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { fieldErrors } from '../../lib/api';
import { useAction, useApi } from '../../lib/query';
import { Inputs } from './SimpleTable';
import './rewards.css';
import { FormError } from '../../components/Field';

type F = 'min_deposit' | 'points_per_stamp' | 'milestones';

/** "7=20.00, 14=50.00" ⇄ milestones (stamp day → free credit). */
const milestonesText = (m: readonly { day: number; free_credit: string }[]) =>
  m.map((x) => `${x.day}=${x.free_credit}`).join(', ');
function milestonesOf(text: string) {
  return text
    .split(/[,\n]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [day = '', credit = ''] = s.split('=').map((x) => x.trim());
      return { day: /^\d+$/.test(day) ? Number(day) : day, free_credit: credit };
    });
}

/** The daily check-in (docs/rules/engagement.md §5): the deposit condition, points and milestones. */
export default function CheckinPage() {
  const settings = useApi(checkin.adminCheckinSettings, {});
  const save = useAction(checkin.adminUpdateCheckinSettings, {
    success: 'บันทึกการตั้งค่าเช็คอินแล้ว',
    refresh: [checkin.adminCheckinSettings],
  });
  const [v, setV] = useState<Record<F, string> | null>(null);
  const [enabled, setEnabled] = useState(true);
  const id = useId();
  useEffect(() => {
    const s = settings.data;
    if (!s || v) return;
    setV({
      min_deposit: s.min_deposit,
      points_per_stamp: String(s.points_per_stamp),
      milestones: milestonesText(s.milestones),
    });
    setEnabled(s.enabled);
  }, [settings.data, v]);
  if (!v) return <p className="loading">{settings.isError ? settings.error.message : 'กำลังโหลด…'}</p>;
  const raw = fieldErrors(save.error);
  const errors: Record<string, string> = { ...raw };
  const milestoneError = Object.entries(raw).find(([k]) => k.startsWith('milestones'));
  if (milestoneError) errors.milestones = milestoneError[1];

  const submit = async () => {
    const ok = await confirm({
      title: 'บันทึกการตั้งค่าเช็คอิน',
      message: 'ใช้กับการเช็คอินตั้งแต่ตอนนี้',
      confirmLabel: 'บันทึก',
    });
    if (!ok) return;
    save.mutate({
      enabled,
      min_deposit: v.min_deposit,
      points_per_stamp: /^\d+$/.test(v.points_per_stamp) ? Number(v.points_per_stamp) : v.points_per_stamp,
      milestones: milestonesOf(v.milestones),
    } as never);
  };
  return (
    <>
      <h1>เช็คอินรายวัน</h1>
      <form
        className="card"
        aria-label="การตั้งค่าเช็คอิน"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormError error={save.error} fields={raw} />
        <div className="field">
          <label className="check">
            <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />{' '}
            เปิดเช็คอิน
          </label>
        </div>
        <Inputs
          idPrefix={id}
          values={v}
          set={(k, x) => setV({ ...v, [k]: x })}
          errors={errors}
          fields={[
            { name: 'min_deposit', label: 'ยอดฝากขั้นต่ำของวัน (บาท, 0.00 = ไม่มีเงื่อนไข)' },
            { name: 'points_per_stamp', label: 'แต้มต่อการเช็คอิน' },
            {
              name: 'milestones',
              label: 'รางวัลตามจำนวนวัน (วัน=เครดิตฟรี)',
              hint: `เช่น 7=20.00, 14=50.00 · รอบละ ${settings.data?.cycle_days ?? 30} วัน`,
              textarea: true,
            },
          ]}
        />
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'กำลังบันทึก…' : 'บันทึก'}
        </button>
      </form>
    </>
  );
}
