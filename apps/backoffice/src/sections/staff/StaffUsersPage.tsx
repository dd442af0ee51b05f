import * as api from '@chok/contract/routes/admin-staff';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { choiceFilter, DataTable, type RowOf, timeColumn } from '../../components/DataTable';
import { call, fieldErrors } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/query';
import { useSession } from '../../stores/session';
import { Enrolment, type EnrolmentData } from './Enrolment';
import { roleLabel, roleOptions } from './labels';

type Staff = RowOf<NonNullable<(typeof api.staffList)['endpoint']>>;

/** Staff accounts and roles (owner): create with the TOTP shown once, role, on/off, resets. */
export default function StaffUsersPage() {
  const client = useQueryClient();
  const me = useSession((s) => s.staff);
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<{ username: string; enrolment: EnrolmentData } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['api', api.staffList.path] });

  const changeRole = async (row: Staff, role: string) => {
    if (role === row.role) return;
    await confirm({
      title: 'เปลี่ยนบทบาท',
      message: `เปลี่ยนบทบาทของ ${row.username} จาก${roleLabel(row.role)}เป็น${roleLabel(role)} ผู้ใช้จะต้องเข้าสู่ระบบใหม่`,
      confirmLabel: 'เปลี่ยนบทบาท',
      action: () => call(api.staffSetRole, { id: row.id, role: role as Staff['role'] }),
      success: 'เปลี่ยนบทบาทแล้ว',
    });
    await refresh();
  };
  const toggle = async (row: Staff) => {
    await confirm({
      title: row.is_active ? 'ปิดการใช้งานบัญชี' : 'เปิดการใช้งานบัญชี',
      message: row.is_active
        ? `ปิดบัญชี ${row.username} และออกจากระบบทุกอุปกรณ์ทันที`
        : `เปิดบัญชี ${row.username} ให้เข้าสู่ระบบได้อีกครั้ง`,
      tone: row.is_active ? 'danger' : 'primary',
      confirmLabel: row.is_active ? 'ปิดบัญชี' : 'เปิดบัญชี',
      action: () => call(api.staffSetActive, { id: row.id, active: !row.is_active }),
      success: row.is_active ? 'ปิดบัญชีแล้ว' : 'เปิดบัญชีแล้ว',
    });
    await refresh();
  };
  const resetTotp = async (row: Staff) => {
    const answer = await confirm({
      title: 'รีเซ็ตรหัสยืนยันสองขั้นตอน',
      message: `สร้างรหัสลับใหม่ให้ ${row.username} รหัสเดิมจะใช้ไม่ได้และผู้ใช้จะออกจากระบบทุกอุปกรณ์`,
      tone: 'danger',
      confirmLabel: 'รีเซ็ต',
      action: () => call(api.staffResetTotp, { id: row.id }),
      success: 'สร้างรหัสลับใหม่แล้ว',
    });
    if (answer) {
      const r = answer.result as { staff: Staff; enrolment: EnrolmentData };
      setShown({ username: r.staff.username, enrolment: r.enrolment });
    }
    await refresh();
  };
  const resetPassword = async (row: Staff) => {
    await confirm({
      title: 'ตั้งรหัสผ่านใหม่',
      message: `ตั้งรหัสผ่านใหม่ให้ ${row.username} ผู้ใช้จะออกจากระบบทุกอุปกรณ์`,
      confirmLabel: 'บันทึก',
      fields: [{ name: 'password', label: 'รหัสผ่านใหม่ (อย่างน้อย 10 ตัวอักษร)', required: true }],
      action: (v) => call(api.staffResetPassword, { id: row.id, password: v.password ?? '' }),
      success: 'ตั้งรหัสผ่านใหม่แล้ว',
    });
    await refresh();
  };

  return (
    <>
      <h1>พนักงานและสิทธิ์</h1>
      {shown && <Enrolment {...shown} onDone={() => setShown(null)} />}
      {adding && !shown && (
        <CreateStaff
          onCancel={() => setAdding(false)}
          onCreated={(username, enrolment) => {
            setAdding(false);
            setShown({ username, enrolment });
            void refresh();
          }}
        />
      )}
      <DataTable
        route={api.staffList}
        caption="พนักงาน"
        rowKey={(r) => r.id}
        filters={[
          {
            name: 'role',
            label: 'บทบาท',
            type: 'select',
            options: [{ value: '', label: 'ทั้งหมด' }, ...roleOptions],
          },
          choiceFilter('active', 'สถานะ', { true: 'ใช้งาน', false: 'ปิดใช้งาน' }),
        ]}
        toolbar={
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            เพิ่มพนักงาน
          </button>
        }
        columns={[
          { key: 'username', header: 'ชื่อผู้ใช้' },
          {
            key: 'role',
            header: 'บทบาท',
            csv: (r) => roleLabel(r.role),
            cell: (r) => (
              <select
                aria-label={`บทบาทของ ${r.username}`}
                value={r.role}
                disabled={r.id === me?.id}
                onChange={(e) => void changeRole(r, e.target.value)}
              >
                {roleOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ),
          },
          {
            key: 'is_active',
            header: 'สถานะ',
            csv: (r) => (r.is_active ? 'ใช้งาน' : 'ปิดใช้งาน'),
            cell: (r) => (
              <span className={`badge ${r.is_active ? 'badge-ok' : 'badge-danger'}`}>
                {r.is_active ? 'ใช้งาน' : 'ปิดใช้งาน'}
              </span>
            ),
          },
          {
            key: 'last_login_at',
            header: 'เข้าสู่ระบบล่าสุด',
            cell: (r) => (r.last_login_at ? formatDateTime(r.last_login_at) : '—'),
          },
          { key: 'live_sessions', header: 'เซสชันที่ใช้อยู่', align: 'end' },
          timeColumn('created_at', 'สร้างเมื่อ'),
          {
            key: 'actions',
            header: 'จัดการ',
            csv: () => '',
            cell: (r) =>
              r.id === me?.id ? (
                <span className="hint">บัญชีของคุณ</span>
              ) : (
                <div className="row">
                  <button type="button" className="btn btn-small" onClick={() => void toggle(r)}>
                    {r.is_active ? 'ปิดบัญชี' : 'เปิดบัญชี'}
                  </button>
                  <button type="button" className="btn btn-small" onClick={() => void resetTotp(r)}>
                    รีเซ็ตรหัสยืนยัน
                  </button>
                  <button type="button" className="btn btn-small" onClick={() => void resetPassword(r)}>
                    ตั้งรหัสผ่านใหม่
                  </button>
                </div>
              ),
          },
        ]}
      />
    </>
  );
}

function CreateStaff(props: {
  onCancel: () => void;
  onCreated: (username: string, e: EnrolmentData) => void;
}) {
  const [form, setForm] = useState({ username: '', role: 'support', password: '' });
  const create = useAction(api.staffCreate, { success: (d) => `เพิ่มพนักงาน ${d.staff.username} แล้ว` });
  const errors = fieldErrors(create.error);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const answer = await confirm({
      title: 'เพิ่มพนักงาน',
      message: `เพิ่ม ${form.username} เป็น${roleLabel(form.role)}`,
      confirmLabel: 'เพิ่ม',
    });
    if (!answer) return;
    create.mutate(
      { username: form.username, role: form.role as 'support', password: form.password },
      { onSuccess: (d) => props.onCreated(d.staff.username, d.enrolment) },
    );
  };
  const field = (name: 'username' | 'password', label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`new-staff-${name}`}>{label}</label>
      <input
        id={`new-staff-${name}`}
        type={type}
        autoComplete={name === 'password' ? 'new-password' : 'off'}
        value={form[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `new-staff-${name}-error` : undefined}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        required
      />
      {errors[name] && (
        <p id={`new-staff-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <form className="card" onSubmit={(e) => void submit(e)} aria-labelledby="new-staff-title">
      <h2 id="new-staff-title">เพิ่มพนักงาน</h2>
      {field('username', 'ชื่อผู้ใช้ (ตัวพิมพ์เล็กภาษาอังกฤษ ตัวเลข จุด ขีด)')}
      <div className="field">
        <label htmlFor="new-staff-role">บทบาท</label>
        <select
          id="new-staff-role"
          value={form.role}
          onChange={(e) => setForm({ ...form, role: e.target.value })}
        >
          {roleOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {field('password', 'รหัสผ่านเริ่มต้น (อย่างน้อย 10 ตัวอักษร)', 'password')}
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          เพิ่มพนักงาน
        </button>
        <button type="button" className="btn" onClick={props.onCancel}>
          ยกเลิก
        </button>
      </div>
    </form>
  );
}
