import * as quests from '@chok/contract/routes/quests';
import { fromLocalInput, toLocalInput } from '../../components/Field';
import { QuestPreview } from '../../components/Preview';
import type { Data } from '../../lib/api';
import { useListEditor } from '../../lib/editor';
import { formatCount, formatDateTime } from '../../lib/format';
import { EditorForm, SimpleTable } from './SimpleTable';

type Quest = Data<typeof quests.adminQuests>[number];
const tasks = [
  { value: 'deposit', label: 'ฝากเงินครบ (บาท)' },
  { value: 'bet', label: 'ยอดเล่นครบ (บาท)' },
  { value: 'rounds', label: 'เล่นครบ (รอบ)' },
  { value: 'checkin', label: 'เช็คอินครบ (วัน)' },
];
const periods = [
  { value: 'daily', label: 'รายวัน' },
  { value: 'weekly', label: 'รายสัปดาห์' },
  { value: 'campaign', label: 'แคมเปญ (มีวันเริ่ม-สิ้นสุด)' },
];
const rewards = [
  { value: 'points', label: 'แต้ม' },
  { value: 'free_credit', label: 'เครดิตฟรี (บาท)' },
];
const label = (list: { value: string; label: string }[], v: string) =>
  list.find((x) => x.value === v)?.label ?? v;

type F =
  | 'title'
  | 'task'
  | 'target'
  | 'period'
  | 'starts_at'
  | 'ends_at'
  | 'event_id'
  | 'reward_kind'
  | 'reward_amount'
  | 'sort_order'
  | 'is_active';
const blank: Record<F, string> = {
  title: '',
  task: 'deposit',
  target: '',
  period: 'daily',
  starts_at: '',
  ends_at: '',
  event_id: '',
  reward_kind: 'points',
  reward_amount: '',
  sort_order: '0',
  is_active: 'true',
};
const valuesOf = (q: Quest): Record<F, string> => ({
  title: q.title,
  task: q.task,
  target: q.target,
  period: q.period,
  starts_at: toLocalInput(q.starts_at),
  ends_at: toLocalInput(q.ends_at),
  event_id: q.event_id === null ? '' : String(q.event_id),
  reward_kind: q.reward_kind,
  reward_amount: q.reward_amount,
  sort_order: String(q.sort_order),
  is_active: q.is_active ? 'true' : 'false',
});

/** Quests (docs/rules/engagement.md §6): the task, target, period and reward of each. */
export default function QuestsPage() {
  const editor = useListEditor(
    { list: quests.adminQuests, create: quests.adminCreateQuest, update: quests.adminUpdateQuest },
    { create: 'เพิ่มภารกิจแล้ว', update: 'บันทึกภารกิจแล้ว' },
    blank,
    valuesOf,
  );
  const { list, editing, values, pick } = editor;
  const ask = {
    title: editing ? 'บันทึกภารกิจ' : 'เพิ่มภารกิจ',
    message: editing ? 'รางวัลที่รับไปแล้วไม่เปลี่ยน' : `เพิ่ม "${values.title}"`,
    confirmLabel: 'บันทึก',
  };
  const submit = () => {
    const body = {
      title: values.title,
      task: values.task,
      target: values.target,
      period: values.period,
      starts_at: fromLocalInput(values.starts_at),
      ends_at: fromLocalInput(values.ends_at),
      event_id: values.event_id.trim() === '' ? null : values.event_id.trim(),
      reward_kind: values.reward_kind,
      reward_amount: values.reward_amount,
      sort_order: /^\d+$/.test(values.sort_order) ? Number(values.sort_order) : values.sort_order,
      is_active: values.is_active === 'true',
    };
    editor.send(body);
  };
  return (
    <>
      <h1>ภารกิจ</h1>
      <SimpleTable
        caption="ภารกิจ"
        rows={list.data}
        error={list.error}
        rowKey={(q) => q.id}
        columns={[
          { header: 'ลำดับ', cell: (q) => q.sort_order, align: 'end' },
          { header: 'ชื่อ', cell: (q) => q.title },
          { header: 'เงื่อนไข', cell: (q) => `${label(tasks, q.task)} ${q.target}` },
          {
            header: 'รอบ',
            cell: (q) =>
              q.period === 'campaign'
                ? `${formatDateTime(q.starts_at)} – ${formatDateTime(q.ends_at)}`
                : label(periods, q.period),
          },
          {
            header: 'รางวัล',
            cell: (q) => `${q.reward_amount} ${q.reward_kind === 'points' ? 'แต้ม' : 'บาท'}`,
          },
          { header: 'รับแล้ว', cell: (q) => formatCount(q.claims), align: 'end' },
          {
            header: 'สถานะ',
            cell: (q) => (
              <span className={`badge ${q.is_active ? 'badge-ok' : 'badge-warn'}`}>
                {q.is_active ? 'เปิด' : 'ปิด'}
              </span>
            ),
          },
          {
            header: 'จัดการ',
            cell: (q) => (
              <button type="button" className="btn btn-small" onClick={() => pick(q)}>
                แก้ไข
              </button>
            ),
          },
        ]}
      />
      <EditorForm
        editor={editor}
        ask={ask}
        onSubmit={submit}
        title={editing ? `แก้ไขภารกิจ #${editing.id}` : 'เพิ่มภารกิจใหม่'}
        saveLabel={editing ? 'บันทึกการแก้ไข' : 'เพิ่มภารกิจ'}
        fields={[
          { name: 'title', label: 'ชื่อภารกิจ' },
          { name: 'task', label: 'เงื่อนไข', options: tasks },
          { name: 'target', label: 'เป้าหมาย' },
          { name: 'period', label: 'รอบ', options: periods },
          { name: 'starts_at', label: 'เริ่ม (แคมเปญ, เวลาไทย)', type: 'datetime-local' },
          { name: 'ends_at', label: 'สิ้นสุด (แคมเปญ, เวลาไทย)', type: 'datetime-local' },
          { name: 'event_id', label: 'รหัสกิจกรรม (ไม่บังคับ)' },
          { name: 'reward_kind', label: 'รางวัล', options: rewards },
          { name: 'reward_amount', label: 'จำนวนรางวัล' },
          { name: 'sort_order', label: 'ลำดับ' },
          {
            name: 'is_active',
            label: 'สถานะ',
            options: [
              { value: 'true', label: 'เปิด' },
              { value: 'false', label: 'ปิด' },
            ],
          },
        ]}
      >
        <QuestPreview
          q={{
            title: values.title,
            task: values.task,
            target: values.target,
            period: values.period,
            endsAt: fromLocalInput(values.ends_at) ?? '',
            rewardKind: values.reward_kind,
            rewardAmount: values.reward_amount,
          }}
        />
      </EditorForm>
    </>
  );
}
