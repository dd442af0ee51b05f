import * as adminLotto from '@chok/contract/routes/admin-lotto';
import * as lotto from '@chok/contract/routes/lotto';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { call, type Data, errorMessage, fieldErrors } from '../../lib/api';
import { formatBaht, formatCount, formatDateTime } from '../../lib/format';
import { useApi } from '../../lib/query';
import type { RoundDetail } from './labels';
import { resultLine } from './labels';

/** The inputs of each market's official output (docs/rules/lottery.md §5), as the raw result's fields. */
const INPUTS: Record<string, { name: string; label: string; hint: string }[]> = {
  glo: [
    { name: 'first', label: 'รางวัลที่ 1', hint: '6 หลัก' },
    { name: 'front3.0', label: 'เลขหน้า 3 ตัว (ชุดที่ 1)', hint: '3 หลัก' },
    { name: 'front3.1', label: 'เลขหน้า 3 ตัว (ชุดที่ 2)', hint: '3 หลัก' },
    { name: 'back3.0', label: 'เลขท้าย 3 ตัว (ชุดที่ 1)', hint: '3 หลัก' },
    { name: 'back3.1', label: 'เลขท้าย 3 ตัว (ชุดที่ 2)', hint: '3 หลัก' },
    { name: 'last2', label: 'เลขท้าย 2 ตัว', hint: '2 หลัก' },
  ],
  baac7: [{ name: 'first', label: 'รางวัลที่ 1', hint: '7 หลัก' }],
  gsb2: [
    { name: 'draw1', label: 'ผลออกรอบแรก', hint: '3–7 หลัก' },
    { name: 'draw2', label: 'ผลออกรอบสอง', hint: '2–7 หลัก' },
  ],
  lao4: [{ name: 'number', label: 'เลขที่ออก', hint: '4 หลัก' }],
  hanoi: [
    { name: 'special', label: 'รางวัลพิเศษ', hint: '5 หลัก' },
    { name: 'first', label: 'รางวัลที่ 1', hint: '5 หลัก' },
  ],
  stock: [
    { name: 'close', label: 'ดัชนีปิด', hint: 'ทศนิยม 2 ตำแหน่ง เช่น 38,654.21' },
    { name: 'change', label: 'ค่าเปลี่ยนแปลง', hint: 'ทศนิยม 2 ตำแหน่ง เช่น -123.56' },
  ],
};

/** The form's values as the market's raw output: `front3.0` and `front3.1` become `front3: [..]`. */
function rawOf(values: Record<string, string>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const [name, index] = k.split('.');
    if (index === undefined) raw[name!] = v.trim();
    else {
      const list = (raw[name!] as string[] | undefined) ?? ['', ''];
      list[Number(index)] = v.trim();
      raw[name!] = list;
    }
  }
  return raw;
}

function valuesOf(raw: Record<string, unknown> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw ?? {})) {
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) out[`${k}.${i}`] = String(x);
    } else if (typeof v === 'string') out[k] = v;
  }
  return out;
}

type Preview = Data<typeof adminLotto.adminPreviewResult>;
type Outcome = {
  confirmation: 'applied' | 'awaiting' | 'review';
  settled_bills: number;
  paid: string;
  result_version: number;
};

/** What became of an entry (docs/rules/lottery.md §8): written and paid, waiting for a second side, or under review. */
function outcomeLine(x: Outcome): string {
  if (x.confirmation === 'awaiting')
    return 'บันทึกผลของคุณแล้ว รอเจ้าหน้าที่อีกคน หรือผลจากสำนักงานสลากฯ ยืนยันผลเดียวกัน ยังไม่จ่ายรางวัล';
  if (x.confirmation === 'review') return 'ผลที่บันทึกไม่ตรงกัน ส่งตรวจสอบแล้ว ยังไม่จ่ายรางวัล';
  return `ยืนยันผลตรงกัน บันทึกผลครั้งที่ ${x.result_version} แล้ว จ่ายรางวัล ${formatCount(x.settled_bills)} โพย รวม ${formatBaht(x.paid)} บาท`;
}

const ENTRY_STATE: Record<string, string> = {
  open: 'รอยืนยัน',
  applied: 'ยืนยันตรงกันแล้ว',
  mismatch: 'ไม่ตรงกัน',
  superseded: 'ถูกแทนด้วยการบันทึกใหม่',
};
const FEED_STATUS: Record<string, string> = {
  waiting: 'รอเวลาออกรางวัล',
  not_yet: 'สำนักงานสลากฯ ยังไม่ประกาศผล จะลองใหม่อัตโนมัติ',
  error: 'ติดต่อสำนักงานสลากฯ ไม่สำเร็จ จะลองใหม่อัตโนมัติ',
  disagree: 'ผลจากสองแหล่งของสำนักงานสลากฯ ไม่ตรงกัน จะลองใหม่อัตโนมัติ',
  proposed: 'ได้รับผลแล้ว',
};

/**
 * The proposals of a round's result (docs/rules/lottery.md §8): the official feed's with its source and
 * time, your own, and another person's numbers only once you have entered yours.
 */
function Proposals({ round: r, onChange }: { round: RoundDetail; onChange: () => Promise<unknown> }) {
  const id = useId();
  const entries = useApi(adminLotto.adminResultEntries, { id: r.round_id }, { refetchInterval: 15_000 });
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const d = entries.data;
  if (!d) return null;
  const fetchNow = async () => {
    setBusy(true);
    setMessage('');
    try {
      const x = await call(adminLotto.adminFetchOfficialResult, { id: r.round_id });
      setMessage(
        x.outcome === 'proposed'
          ? x.confirmation === 'applied'
            ? 'ได้รับผลจากสำนักงานสลากฯ ตรงกับผลที่บันทึกไว้ ออกผลและจ่ายรางวัลแล้ว'
            : x.confirmation === 'review'
              ? 'ได้รับผลจากสำนักงานสลากฯ แต่ไม่ตรงกับผลที่บันทึกไว้ ส่งตรวจสอบแล้ว'
              : 'ได้รับผลจากสำนักงานสลากฯ แล้ว รอเจ้าหน้าที่ยืนยัน'
          : x.outcome === 'done'
            ? 'งวดนี้มีผลแล้ว'
            : (FEED_STATUS[x.outcome] ?? ''),
      );
      await Promise.all([entries.refetch(), onChange()]);
    } catch (err) {
      setMessage(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="table-block" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>ผลที่บันทึกและผลจากแหล่งทางการ</h2>
      <p className="hint">
        ผลจะออกและจ่ายรางวัลเมื่อมีสองฝ่ายบันทึกตรงกัน: ผลจากสำนักงานสลากฯ กับเจ้าหน้าที่หนึ่งคน หรือเจ้าหน้าที่สองคน
        (คนเดียวบันทึกซ้ำไม่นับเป็นสองฝ่าย)
      </p>
      {d.review && (
        <p className="form-error" role="alert">
          ผลที่บันทึกไม่ตรงกันเมื่อ {formatDateTime(d.review_at)} ยังไม่จ่ายรางวัล กรุณาตรวจสอบผลทางการ
          แล้วให้เจ้าหน้าที่สองคนบันทึกผลที่ถูกต้องให้ตรงกัน
        </p>
      )}
      {d.feed && (
        <p>
          ผลจากสำนักงานสลากกินแบ่งรัฐบาล:{' '}
          {d.feed.configured ? (
            <>
              {d.feed.last_status ? FEED_STATUS[d.feed.last_status] : 'ยังไม่ได้ดึงผล'}
              {d.feed.attempts > 0 && ` (ดึงแล้ว ${formatCount(d.feed.attempts)} ครั้ง)`}
              {d.feed.next_at &&
                d.feed.last_status !== 'proposed' &&
                ` ครั้งถัดไป ${formatDateTime(d.feed.next_at)}`}{' '}
              {r.result_version === 0 && d.feed.last_status !== 'proposed' && (
                <button
                  type="button"
                  className="btn"
                  disabled={busy || new Date(d.draw_at) > new Date(d.server_now)}
                  onClick={() => void fetchNow()}
                >
                  ดึงผลตอนนี้
                </button>
              )}
            </>
          ) : (
            'ยังไม่ได้ตั้งค่าการดึงผลอัตโนมัติ'
          )}
        </p>
      )}
      {message && (
        <p className="hint" role="status">
          {message}
        </p>
      )}
      {d.entries.length === 0 ? (
        <p className="hint">ยังไม่มีผู้บันทึกผลงวดนี้</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">ผลที่บันทึกของงวดนี้</caption>
            <thead>
              <tr>
                <th scope="col">ผู้บันทึก</th>
                <th scope="col">ผล</th>
                <th scope="col">ครั้งที่</th>
                <th scope="col">สถานะ</th>
                <th scope="col">เวลา</th>
              </tr>
            </thead>
            <tbody>
              {d.entries.map((e) => (
                <tr key={e.id}>
                  <td>
                    {e.source === 'feed'
                      ? `ผลทางการจากสำนักงานสลากกินแบ่งรัฐบาล${e.feed_source?.includes(' + ') ? ' (ตรงกันสองแหล่ง)' : ''}`
                      : e.mine
                        ? `คุณ (${e.staff ?? ''})`
                        : (e.staff ?? '')}
                  </td>
                  <td className="digits">
                    {e.result ? resultLine(e.result) : 'ซ่อนไว้จนกว่าคุณจะบันทึกผลของคุณ'}
                    {e.reason && <span className="hint"> เหตุผล: {e.reason}</span>}
                  </td>
                  <td>{e.target_version}</td>
                  <td>{ENTRY_STATE[e.state]}</td>
                  <td>{formatDateTime(e.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * Result entry: the operator types the market's official output, sees the numbers it derives and
 * what the round pays before saving; the entry is written only when a second side agrees (§8); a saved
 * result is corrected with a reason, by two people too (§8.3).
 */
export function ResultPanel({ round: r }: { round: RoundDetail }) {
  const id = useId();
  const client = useQueryClient();
  const inputs = INPUTS[r.derive_rule];
  const [values, setValues] = useState<Record<string, string>>(() => valuesOf(r.result_raw));
  const [preview, setPreview] = useState<Preview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const hasResult = r.status === 'resulted' || r.status === 'settled';
  // A result is taken from the round's draw time on (docs/rules/lottery.md §8).
  const drawn = new Date(r.expected_result_at) <= new Date(r.server_now);
  const canEnter = drawn && (r.status === 'closed' || r.status === 'open' || hasResult);

  if (!inputs)
    return (
      <section className="table-block">
        <p>ผลหวยยี่กีคำนวณจากการยิงเลขเมื่อปิดรอบ ดูรายการยิงเลขได้ที่หน้า "หวยยี่กี"</p>
        <p>ผลรางวัล: {resultLine(r.result)}</p>
      </section>
    );

  const check = async () => {
    setBusy(true);
    setErrors({});
    setFormError('');
    try {
      setPreview(await call(adminLotto.adminPreviewResult, { id: r.round_id, raw: rawOf(values) }));
    } catch (err) {
      setPreview(null);
      const fields = fieldErrors(err);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^raw\./, ''), v])));
      setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['api', adminLotto.adminRound.path] }),
      client.invalidateQueries({ queryKey: ['api', lotto.adminRounds.path] }),
      client.invalidateQueries({ queryKey: ['api', adminLotto.adminResultEntries.path] }),
    ]);

  const save = async () => {
    if (!preview) return;
    const answer = hasResult
      ? await confirm({
          title: 'แก้ไขผลรางวัล',
          message: `เสนอแก้ผลจาก ${resultLine(r.result)} เป็น ${resultLine(preview.result)} เมื่อเจ้าหน้าที่อีกคนบันทึกการแก้ไขเดียวกัน ระบบจะเรียกคืนรางวัลที่จ่ายไป ${formatBaht(preview.paid_now)} บาท และจ่ายใหม่ตามผลที่แก้ไข ${formatBaht(preview.would_pay)} บาท`,
          tone: 'danger',
          confirmLabel: 'บันทึกการแก้ไขผล',
          fields: [{ name: 'reason', label: 'เหตุผลที่แก้ไข', type: 'textarea', required: true }],
          action: (v) =>
            call(adminLotto.adminCorrectResult, {
              id: r.round_id,
              raw: rawOf(values),
              reason: v.reason ?? '',
              expected_version: r.result_version,
            }),
          success: outcomeLine,
        })
      : await confirm({
          title: 'บันทึกผลรางวัล',
          message: `บันทึกผล ${resultLine(preview.result)} (ถูกรางวัล ${formatCount(preview.winning_bills)} โพย รวม ${formatBaht(preview.would_pay)} บาท) ผลจะออกและจ่ายรางวัลเมื่อเจ้าหน้าที่อีกคน หรือผลจากสำนักงานสลากฯ ตรงกับผลนี้`,
          confirmLabel: 'บันทึกผลของฉัน',
          action: () => call(lotto.adminEnterResult, { id: r.round_id, raw: rawOf(values) }),
          success: outcomeLine,
        });
    if (answer) {
      setPreview(null);
      await refresh();
    }
  };

  return (
    <>
      <Proposals round={r} onChange={refresh} />
      <section className="table-block" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>
          {hasResult ? `แก้ไขผลรางวัล (ผลปัจจุบันครั้งที่ ${r.result_version})` : 'บันทึกผลรางวัล'}
        </h2>
        {hasResult && <p>ผลปัจจุบัน: {resultLine(r.result)}</p>}
        {!canEnter && (
          <p className="hint">บันทึกผลได้เมื่อถึงเวลาออกรางวัล {formatDateTime(r.expected_result_at)}</p>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void check();
          }}
        >
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          <div className="filters">
            {inputs.map((f) => (
              <div className="field" key={f.name}>
                <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
                <input
                  id={`${id}-${f.name}`}
                  name={f.name}
                  inputMode={r.derive_rule === 'stock' ? 'decimal' : 'numeric'}
                  autoComplete="off"
                  value={values[f.name] ?? ''}
                  aria-invalid={errors[f.name.split('.')[0]!] ? true : undefined}
                  aria-describedby={`${id}-${f.name}-hint`}
                  onChange={(e) => {
                    setValues({ ...values, [f.name]: e.target.value });
                    setPreview(null);
                  }}
                />
                <span className="hint" id={`${id}-${f.name}-hint`}>
                  {errors[f.name.split('.')[0]!] ?? f.hint}
                </span>
              </div>
            ))}
          </div>
          <button type="submit" className="btn" disabled={busy || !canEnter}>
            ตรวจผล
          </button>
        </form>
        {preview && (
          <div className="result-preview" aria-live="polite">
            <h3>เลขที่ได้จากผลนี้</h3>
            <table className="table">
              <caption className="visually-hidden">เลขที่ถูกรางวัลแต่ละประเภท</caption>
              <thead>
                <tr>
                  <th scope="col">ประเภท</th>
                  <th scope="col">เลขที่ถูกรางวัล</th>
                </tr>
              </thead>
              <tbody>
                {preview.winning.map((w) => (
                  <tr key={w.bet_type}>
                    <td>{w.label}</td>
                    <td className="digits">{w.numbers.join(', ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>
              ถูกรางวัล {formatCount(preview.winning_items)} รายการ จาก {formatCount(preview.winning_bills)} โพย
              ยอดจ่าย <strong>{formatBaht(preview.would_pay)}</strong> บาท
              {hasResult && <> (จ่ายไปแล้วตามผลเดิม {formatBaht(preview.paid_now)} บาท)</>}
            </p>
            {preview.same_as_current ? (
              <p className="hint">ผลนี้ตรงกับผลปัจจุบัน ไม่ต้องแก้ไข</p>
            ) : (
              <button
                type="button"
                className={hasResult ? 'btn btn-danger' : 'btn btn-primary'}
                onClick={() => void save()}
              >
                {hasResult ? 'แก้ไขผลรางวัล' : 'บันทึกผลรางวัล'}
              </button>
            )}
          </div>
        )}
      </section>
    </>
  );
}
