import * as checkin from '@chok/contract/routes/checkin';
import { Check } from '../../components/Field';
import { Loading } from '../../components/Loading';
import { fieldErrors } from '../../lib/api';
import { useLoadedValues, useSettingsForm, withListError } from '../../lib/editor';
import { SettingsForm } from './SimpleTable';
import './rewards.css';

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
  const form = useSettingsForm(
    checkin.adminCheckinSettings,
    checkin.adminUpdateCheckinSettings,
    'บันทึกการตั้งค่าเช็คอินแล้ว',
    (s): Record<F, string> => ({
      min_deposit: s.min_deposit,
      points_per_stamp: String(s.points_per_stamp),
      milestones: milestonesText(s.milestones),
    }),
  );
  const { settings, save, values } = form;
  const [enabled, setEnabled] = useLoadedValues(settings.data, (s) => s.enabled);
  if (!values || enabled === null) return <Loading error={settings.error} />;
  const raw = fieldErrors(save.error);
  const errors = withListError(raw, 'milestones');

  const ask = {
    title: 'บันทึกการตั้งค่าเช็คอิน',
    message: 'ใช้กับการเช็คอินตั้งแต่ตอนนี้',
    confirmLabel: 'บันทึก',
  };
  const submit = () => {
    save.mutate({
      enabled,
      min_deposit: values.min_deposit,
      points_per_stamp: /^\d+$/.test(values.points_per_stamp)
        ? Number(values.points_per_stamp)
        : values.points_per_stamp,
      milestones: milestonesOf(values.milestones),
    } as never);
  };
  return (
    <>
      <h1>เช็คอินรายวัน</h1>
      <SettingsForm
        form={{ ...form, values }}
        errors={errors}
        formErrors={raw}
        ask={ask}
        onSubmit={submit}
        label="การตั้งค่าเช็คอิน"
        before={<Check label="เปิดเช็คอิน" checked={enabled} onChange={setEnabled} />}
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
    </>
  );
}
