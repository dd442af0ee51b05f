import * as wheel from '@chok/contract/routes/wheel';
import { useId, useState } from 'react';
import { DataTable, timeColumn } from '../../components/DataTable';
import { WheelPreview } from '../../components/Preview';
import { type Data, fieldErrors } from '../../lib/api';
import { wholeOr } from '../../lib/editor';
import { formatBaht, formatCount } from '../../lib/format';
import { useAction, useApi } from '../../lib/query';
import { SimpleTable } from './SimpleTable';
import './rewards.css';
import { SaveButton, SubmitForm } from '../../components/Field';

type Version = Data<typeof wheel.adminWheelVersions>[number];
type Prize = { kind: 'none' | 'points' | 'free_credit'; label: string; weight: string; value: string };
const kindLabels = { none: 'ไม่ได้รางวัล', points: 'แต้ม', free_credit: 'เครดิตฟรี' } as const;

const prizesOf = (v: Version | undefined): Prize[] =>
  v?.prizes.map((p) => ({
    kind: p.kind,
    label: p.label,
    weight: String(p.weight),
    value: p.kind === 'none' ? '' : p.amount,
  })) ?? [
    { kind: 'none', label: 'เสียใจด้วย', weight: '50', value: '' },
    { kind: 'points', label: '10 แต้ม', weight: '50', value: '10' },
  ];

/** The new version's form: settings and the prize table, prefilled from the current version. */
function NewVersion({ current }: { current: Version | undefined }) {
  const id = useId();
  const [settings, setSettings] = useState({
    free_spins_per_day: String(current?.free_spins_per_day ?? 1),
    points_per_extra_spin: String(current?.points_per_extra_spin ?? 100),
    extra_spins_per_day: String(current?.extra_spins_per_day ?? 5),
  });
  const [prizes, setPrizes] = useState<Prize[]>(() => prizesOf(current));
  const save = useAction(wheel.adminCreateWheelVersion, {
    success: (v) => `เผยแพร่วงล้อเวอร์ชัน ${v.version} แล้ว`,
    refresh: [wheel.adminWheelVersions],
  });
  const errors = fieldErrors(save.error);
  const total = prizes.reduce((s, p) => s + (Number(p.weight) || 0), 0);
  const setPrize = (i: number, patch: Partial<Prize>) =>
    setPrizes(prizes.map((p, j) => (j === i ? { ...p, ...patch } : p)));

  const ask = {
    title: 'เผยแพร่วงล้อเวอร์ชันใหม่',
    message: `รางวัล ${prizes.length} ช่อง สมาชิกหมุนด้วยเวอร์ชันนี้ตั้งแต่ตอนนี้ เวอร์ชันเดิมไม่เปลี่ยน`,
    confirmLabel: 'เผยแพร่',
  };
  const submit = () => {
    save.mutate({
      free_spins_per_day: wholeOr(settings.free_spins_per_day),
      points_per_extra_spin: wholeOr(settings.points_per_extra_spin),
      extra_spins_per_day: wholeOr(settings.extra_spins_per_day),
      prizes: prizes.map((p) =>
        p.kind === 'none'
          ? { kind: 'none', label: p.label, weight: wholeOr(p.weight) }
          : p.kind === 'points'
            ? { kind: 'points', label: p.label, weight: wholeOr(p.weight), points: wholeOr(p.value) }
            : { kind: 'free_credit', label: p.label, weight: wholeOr(p.weight), amount: p.value },
      ),
    } as never);
  };

  const err = (path: string) => errors[path];
  return (
    <SubmitForm
      ask={ask}
      className="card page-block"
      id={id}
      title="เผยแพร่เวอร์ชันใหม่"
      error={{ error: save.error, fields: errors }}
      onSubmit={submit}
    >
      <div className="form-grid">
        {(
          [
            ['free_spins_per_day', 'หมุนฟรีต่อวัน (ครั้ง)'],
            ['points_per_extra_spin', 'แต้มต่อการหมุนเพิ่ม'],
            ['extra_spins_per_day', 'หมุนเพิ่มได้ต่อวัน (ครั้ง)'],
          ] as const
        ).map(([k, label]) => (
          <div className="field" key={k}>
            <label htmlFor={`${id}-${k}`}>{label}</label>
            <input
              id={`${id}-${k}`}
              inputMode="numeric"
              value={settings[k]}
              onChange={(e) => setSettings({ ...settings, [k]: e.target.value })}
              aria-invalid={err(k) ? true : undefined}
            />
            {err(k) && <p className="field-error">{err(k)}</p>}
          </div>
        ))}
      </div>
      <div className="table-scroll">
        <table className="table">
          <caption className="visually-hidden">รางวัลของเวอร์ชันใหม่</caption>
          <thead>
            <tr>
              <th scope="col">ช่อง</th>
              <th scope="col">ชื่อรางวัล</th>
              <th scope="col">ชนิด</th>
              <th scope="col">แต้ม / บาท</th>
              <th scope="col">น้ำหนัก</th>
              <th scope="col">โอกาส</th>
              <th scope="col">ลบ</th>
            </tr>
          </thead>
          <tbody>
            {prizes.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a prize is its position on the wheel
              <tr key={i}>
                <td className="num">{i + 1}</td>
                <td>
                  <input
                    aria-label={`ชื่อรางวัลช่อง ${i + 1}`}
                    value={p.label}
                    onChange={(e) => setPrize(i, { label: e.target.value })}
                  />
                  {err(`prizes.${i}.label`) && <p className="field-error">{err(`prizes.${i}.label`)}</p>}
                </td>
                <td>
                  <select
                    aria-label={`ชนิดรางวัลช่อง ${i + 1}`}
                    value={p.kind}
                    onChange={(e) => setPrize(i, { kind: e.target.value as Prize['kind'] })}
                  >
                    {Object.entries(kindLabels).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    aria-label={`จำนวนรางวัลช่อง ${i + 1}`}
                    value={p.value}
                    disabled={p.kind === 'none'}
                    onChange={(e) => setPrize(i, { value: e.target.value })}
                  />
                  {(err(`prizes.${i}.points`) ?? err(`prizes.${i}.amount`)) && (
                    <p className="field-error">{err(`prizes.${i}.points`) ?? err(`prizes.${i}.amount`)}</p>
                  )}
                </td>
                <td>
                  <input
                    aria-label={`น้ำหนักช่อง ${i + 1}`}
                    inputMode="numeric"
                    value={p.weight}
                    onChange={(e) => setPrize(i, { weight: e.target.value })}
                  />
                  {err(`prizes.${i}.weight`) && <p className="field-error">{err(`prizes.${i}.weight`)}</p>}
                </td>
                <td className="num">
                  {total > 0 ? `${(((Number(p.weight) || 0) / total) * 100).toFixed(2)}%` : '-'}
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-small"
                    aria-label={`ลบ (ช่อง ${i + 1})`}
                    onClick={() => setPrizes(prizes.filter((_, j) => j !== i))}
                  >
                    ลบ
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {err('prizes') && <p className="field-error">{err('prizes')}</p>}
      <WheelPreview prizes={prizes} />
      <div className="row" style={{ marginTop: '0.75rem' }}>
        <button
          type="button"
          className="btn"
          onClick={() => setPrizes([...prizes, { kind: 'points', label: '', weight: '1', value: '' }])}
        >
          เพิ่มช่องรางวัล
        </button>
        <SaveButton saving={save.isPending} label="เผยแพร่เวอร์ชันใหม่" savingLabel="กำลังเผยแพร่…" />
      </div>
    </SubmitForm>
  );
}

/** The prize wheel (docs/rules/engagement.md §7): the current prizes and their chances, new versions, spins. */
export default function WheelPage() {
  const versions = useApi(wheel.adminWheelVersions, {});
  const current = versions.data?.find((v) => v.current);
  return (
    <>
      <h1>วงล้อรางวัล</h1>
      {current && (
        <p className="hint">
          เวอร์ชันปัจจุบัน {current.version} · หมุนฟรี {current.free_spins_per_day} ครั้ง/วัน · หมุนเพิ่ม{' '}
          {formatCount(current.points_per_extra_spin)} แต้ม (สูงสุด {current.extra_spins_per_day} ครั้ง/วัน) ·
          เครดิตฟรีเฉลี่ยต่อการหมุน {formatBaht(current.expected_free_credit)} บาท · แต้มเฉลี่ย{' '}
          {current.expected_points}
        </p>
      )}
      <SimpleTable
        caption="รางวัลของเวอร์ชันปัจจุบัน"
        rows={versions.data ? (current?.prizes ?? []) : undefined}
        error={versions.error}
        rowKey={(p) => p.index}
        columns={[
          { header: 'ช่อง', cell: (p) => p.index + 1, align: 'end' },
          { header: 'ชื่อรางวัล', cell: (p) => p.label },
          { header: 'ชนิด', cell: (p) => kindLabels[p.kind] },
          { header: 'จำนวน', cell: (p) => (p.kind === 'none' ? '-' : p.amount), align: 'end' },
          { header: 'น้ำหนัก', cell: (p) => formatCount(p.weight), align: 'end' },
          { header: 'โอกาส (%)', cell: (p) => p.chance, align: 'end' },
        ]}
      />
      {versions.data && <NewVersion key={current?.version ?? 0} current={current} />}
      <section className="page-block" aria-labelledby="wheel-spins">
        <h2 id="wheel-spins">การหมุนล่าสุด</h2>
        <DataTable
          route={wheel.adminWheelSpins}
          caption="การหมุนวงล้อ"
          rowKey={(s) => s.id}
          filters={[{ name: 'member_id', label: 'รหัสสมาชิก' }]}
          columns={[
            timeColumn('created_at', 'เวลา'),
            { key: 'phone', header: 'สมาชิก' },
            { key: 'version', header: 'เวอร์ชัน', align: 'end' },
            { key: 'prize_label', header: 'รางวัล' },
            { key: 'amount', header: 'จำนวน', align: 'end' },
            {
              key: 'paid_with',
              header: 'หมุนด้วย',
              cell: (s) => (s.paid_with === 'free' ? 'สิทธิ์ฟรี' : `${formatCount(s.points_spent)} แต้ม`),
            },
          ]}
        />
      </section>
    </>
  );
}
