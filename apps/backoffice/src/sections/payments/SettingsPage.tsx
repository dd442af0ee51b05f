import * as adminPayments from '@chok/contract/routes/admin-payments';
import * as payments from '@chok/contract/routes/payments';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { call, errorMessage, fieldErrors } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useApi } from '../../lib/query';
import { useSession } from '../../stores/session';

const FIELDS = [
  { name: 'second_approval', label: 'ยอดฝากที่ต้องอนุมัติสองคน (บาท)', money: true },
  { name: 'withdraw_min', label: 'ยอดถอนขั้นต่ำ (บาท)', money: true },
  { name: 'withdraw_daily_cap', label: 'วงเงินถอนต่อวันต่อสมาชิก (บาท)', money: true },
  { name: 'withdraw_review', label: 'ยอดถอนที่ต้องตรวจสอบก่อนจ่าย (บาท)', money: true },
  { name: 'deposit_expiry_minutes', label: 'รายการฝากหมดอายุใน (นาที)', money: false },
  { name: 'late_match_minutes', label: 'จับคู่รายการโอนล่าช้าได้ภายใน (นาที)', money: false },
] as const;
type Name = (typeof FIELDS)[number]['name'];

/**
 * Payment settings: limits and timings (owner edits, audited), the deposit channels and their
 * limits, the gateways, and the sandbox gateway switch (owner; never on where the environment
 * forbids it, as in production).
 */
export default function SettingsPage() {
  const role = useSession((s) => s.staff?.role);
  const owner = role === 'owner';
  const client = useQueryClient();
  const page = useApi(adminPayments.adminPaymentSettings, {});
  const [draft, setDraft] = useState<Record<Name, string> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const s = page.data?.settings;

  useEffect(() => {
    if (!s) return;
    setDraft(
      Object.fromEntries(
        FIELDS.map((f) => [f.name, f.money ? String(Number(s[f.name])) : String(s[f.name])]),
      ) as Record<Name, string>,
    );
  }, [s]);

  const refresh = () =>
    client.invalidateQueries({ queryKey: ['api', adminPayments.adminPaymentSettings.path] });

  type Channel = { id: number; name: string; enabled: boolean; min: string; max: string };
  const editChannel = (c: Channel) =>
    confirm({
      title: `ยอดฝากของช่องทาง ${c.name}`,
      message: 'สมาชิกที่สร้างรายการฝากหลังจากนี้จะถูกตรวจกับยอดใหม่',
      confirmLabel: 'บันทึก',
      fields: [
        {
          name: 'min',
          label: 'ยอดฝากขั้นต่ำ (บาท)',
          inputMode: 'numeric',
          initial: String(Number(c.min)),
          required: true,
        },
        {
          name: 'max',
          label: 'ยอดฝากสูงสุด (บาท)',
          inputMode: 'numeric',
          initial: String(Number(c.max)),
          required: true,
        },
      ],
      action: (v) =>
        call(adminPayments.updatePaymentChannel, { id: c.id, min: Number(v.min), max: Number(v.max) }),
      success: 'บันทึกยอดฝากของช่องทางแล้ว',
    }).then(refresh);
  const switchChannel = (c: Channel) =>
    confirm({
      title: c.enabled ? `ปิดช่องทาง ${c.name}` : `เปิดช่องทาง ${c.name}`,
      message: c.enabled
        ? 'สมาชิกจะสร้างรายการฝากผ่านช่องทางนี้ไม่ได้จนกว่าจะเปิดอีกครั้ง รายการที่สร้างไว้แล้วยังยืนยันได้ตามปกติ'
        : 'สมาชิกจะสร้างรายการฝากผ่านช่องทางนี้ได้อีกครั้ง',
      tone: c.enabled ? 'danger' : 'primary',
      confirmLabel: c.enabled ? 'ปิดช่องทาง' : 'เปิดช่องทาง',
      action: () => call(adminPayments.updatePaymentChannel, { id: c.id, enabled: !c.enabled }),
      success: c.enabled ? 'ปิดช่องทางแล้ว' : 'เปิดช่องทางแล้ว',
    }).then(refresh);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft || !s) return;
    const changed = Object.fromEntries(
      FIELDS.filter((f) => Number(draft[f.name]) !== Number(s[f.name])).map((f) => [
        f.name,
        Number(draft[f.name]),
      ]),
    );
    if (Object.keys(changed).length === 0) return;
    setErrors({});
    await confirm({
      title: 'บันทึกการตั้งค่าการเงิน',
      message: (
        <ul>
          {FIELDS.filter((f) => f.name in changed).map((f) => (
            <li key={f.name}>
              {f.label}: {f.money ? formatBaht(s[f.name]) : s[f.name]} →{' '}
              {f.money ? formatBaht(changed[f.name]!) : changed[f.name]}
            </li>
          ))}
        </ul>
      ),
      confirmLabel: 'บันทึก',
      action: async () => {
        try {
          return await call(adminPayments.updatePaymentSettings, changed);
        } catch (err) {
          setErrors(fieldErrors(err));
          throw err;
        }
      },
      success: 'บันทึกการตั้งค่าแล้ว',
    });
    await refresh();
  };

  const toggleSandbox = async (enabled: boolean) => {
    await confirm({
      title: enabled ? 'เปิดเกตเวย์ทดสอบ' : 'ปิดเกตเวย์ทดสอบ',
      message: enabled
        ? 'สมาชิกจะชำระผ่านเกตเวย์ทดสอบได้ (ใช้เฉพาะระบบทดลองเท่านั้น)'
        : 'สมาชิกจะชำระผ่านเกตเวย์ทดสอบไม่ได้อีก',
      tone: enabled ? 'danger' : 'primary',
      confirmLabel: enabled ? 'เปิด' : 'ปิด',
      action: () => call(payments.setSandbox, { enabled }),
      success: enabled ? 'เปิดเกตเวย์ทดสอบแล้ว' : 'ปิดเกตเวย์ทดสอบแล้ว',
    });
    await refresh();
  };

  if (!page.data || !draft || !s)
    return <p className="loading">{page.isError ? errorMessage(page.error) : 'กำลังโหลด…'}</p>;
  const { channels, gateways, sandbox } = page.data;
  return (
    <>
      <h1>ตั้งค่าการเงิน</h1>
      <form className="table-block" onSubmit={save} aria-labelledby="limits-title">
        <h2 id="limits-title">วงเงินและเวลา</h2>
        {!owner && <p className="hint">เฉพาะเจ้าของเท่านั้นที่แก้ไขได้</p>}
        <div className="cards">
          {FIELDS.map((f) => (
            <div className="field" key={f.name}>
              <label htmlFor={`setting-${f.name}`}>{f.label}</label>
              <input
                id={`setting-${f.name}`}
                inputMode="numeric"
                value={draft[f.name]}
                readOnly={!owner}
                aria-invalid={errors[f.name] ? true : undefined}
                aria-describedby={errors[f.name] ? `setting-${f.name}-error` : undefined}
                onChange={(e) => setDraft({ ...draft, [f.name]: e.target.value.replace(/[^\d]/g, '') })}
              />
              {errors[f.name] && (
                <p id={`setting-${f.name}-error`} className="field-error">
                  {errors[f.name]}
                </p>
              )}
            </div>
          ))}
        </div>
        <div className="row">
          <span className="hint">แก้ไขล่าสุด {formatDateTime(s.updated_at)}</span>
          <span className="spacer" />
          {owner && (
            <button type="submit" className="btn btn-primary">
              บันทึก
            </button>
          )}
        </div>
      </form>

      <section className="table-block" aria-labelledby="channels-title">
        <h2 id="channels-title">ช่องทางฝาก</h2>
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">ช่องทาง</th>
                <th scope="col" className="num">
                  ขั้นต่ำ
                </th>
                <th scope="col" className="num">
                  สูงสุด
                </th>
                <th scope="col">สถานะ</th>
                {owner && <th scope="col">ดำเนินการ</th>}
              </tr>
            </thead>
            <tbody>
              {channels.map((c) => (
                <tr key={c.id}>
                  <td>{c.name}</td>
                  <td className="num">{formatBaht(c.min)}</td>
                  <td className="num">{formatBaht(c.max)}</td>
                  <td>
                    <span className={c.enabled ? 'badge badge-ok' : 'badge badge-danger'}>
                      {c.enabled ? 'เปิด' : 'ปิด'}
                    </span>
                  </td>
                  {owner && (
                    <td>
                      <div className="row">
                        <button type="button" className="btn" onClick={() => void editChannel(c)}>
                          แก้ไขยอด
                        </button>
                        <button
                          type="button"
                          className={c.enabled ? 'btn btn-danger' : 'btn'}
                          onClick={() => void switchChannel(c)}
                        >
                          {c.enabled ? 'ปิดช่องทาง' : 'เปิดช่องทาง'}
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="table-block" aria-labelledby="gateways-title">
        <h2 id="gateways-title">เกตเวย์ชำระเงิน</h2>
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">ชื่อ</th>
                <th scope="col">รหัส</th>
                <th scope="col">สถานะ</th>
              </tr>
            </thead>
            <tbody>
              {gateways.map((g) => (
                <tr key={g.id}>
                  <td>{g.name}</td>
                  <td>{g.code}</td>
                  <td>
                    <span className={g.is_active ? 'badge badge-ok' : 'badge badge-danger'}>
                      {g.is_active ? 'เปิด' : 'ปิด'}
                    </span>
                  </td>
                </tr>
              ))}
              {gateways.length === 0 && (
                <tr>
                  <td colSpan={3} className="empty">
                    ยังไม่มีเกตเวย์
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
        <div className="row">
          <span>
            เกตเวย์ทดสอบ: <strong>{sandbox.enabled ? 'เปิดอยู่' : 'ปิดอยู่'}</strong>
            {!sandbox.allowed && <span className="hint"> (ระบบนี้ไม่อนุญาตให้เปิด)</span>}
          </span>
          <span className="spacer" />
          {owner && (sandbox.enabled || sandbox.allowed) && (
            <button type="button" className="btn" onClick={() => void toggleSandbox(!sandbox.enabled)}>
              {sandbox.enabled ? 'ปิดเกตเวย์ทดสอบ' : 'เปิดเกตเวย์ทดสอบ'}
            </button>
          )}
        </div>
      </section>
    </>
  );
}
