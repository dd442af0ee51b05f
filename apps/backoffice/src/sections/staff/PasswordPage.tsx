import * as api from '@chok/contract/routes/admin-staff';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../lib/api';
import { useAction } from '../../lib/query';

/** Every role: change the own password with the current one (other sessions end). */
export default function PasswordPage() {
  const [form, setForm] = useState({ old_password: '', new_password: '', again: '' });
  const [mismatch, setMismatch] = useState(false);
  const change = useAction(api.staffChangeOwnPassword, {
    success: 'เปลี่ยนรหัสผ่านแล้ว อุปกรณ์อื่นที่เข้าสู่ระบบไว้จะต้องเข้าสู่ระบบใหม่',
  });
  const errors: Record<string, string> = {
    ...fieldErrors(change.error),
    ...(mismatch ? { again: 'รหัสผ่านใหม่ทั้งสองช่องไม่ตรงกัน' } : {}),
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.new_password !== form.again) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate(
      { old_password: form.old_password, new_password: form.new_password },
      { onSuccess: () => setForm({ old_password: '', new_password: '', again: '' }) },
    );
  };
  const field = (name: keyof typeof form, label: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`pw-${name}`}>{label}</label>
      <input
        id={`pw-${name}`}
        type="password"
        autoComplete={autoComplete}
        value={form[name]}
        required
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `pw-${name}-error` : undefined}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {errors[name] && (
        <p id={`pw-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <>
      <h1>เปลี่ยนรหัสผ่าน</h1>
      <form className="card narrow" onSubmit={submit} aria-label="เปลี่ยนรหัสผ่าน">
        {field('old_password', 'รหัสผ่านปัจจุบัน', 'current-password')}
        {field('new_password', 'รหัสผ่านใหม่ (อย่างน้อย 10 ตัวอักษร)', 'new-password')}
        {field('again', 'ยืนยันรหัสผ่านใหม่', 'new-password')}
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          เปลี่ยนรหัสผ่าน
        </button>
      </form>
    </>
  );
}
