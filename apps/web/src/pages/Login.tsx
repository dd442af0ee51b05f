import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AuthCard, FormAlert } from '../components/AuthCard';
import { Field } from '../components/Field';
import { login } from '../features/auth/api';
import { useFormErrors } from '../features/auth/formErrors';

const FIELDS = ['phone', 'password'] as const;

/** `redirectTo`: where the member goes after logging in (a /liff page shows the form in place). */
export default function Login({ redirectTo = '/' }: { redirectTo?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errors = useFormErrors();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    errors.clear();
    setBusy(true);
    try {
      await login({ phone: phone.trim(), password });
      queryClient.clear();
      toast.success('เข้าสู่ระบบสำเร็จ', { duration: 3000 });
      navigate(redirectTo, { replace: true });
    } catch (err) {
      errors.fromError(err, FIELDS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="เข้าสู่ระบบ" subtitle="ยินดีต้อนรับกลับมา กรอกเบอร์โทรศัพท์และรหัสผ่านของคุณ">
      <form className="form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form} />
        <Field
          label="เบอร์โทรศัพท์"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          placeholder="0812345678"
          maxLength={10}
          value={phone}
          onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
          error={errors.fields.phone}
        />
        <Field
          label="รหัสผ่าน"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.fields.password}
        />
        <div className="form__row-end">
          <Link to="/forgot" className="link">
            ลืมรหัสผ่าน?
          </Link>
        </div>
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy}>
          {busy ? 'กำลังเข้าสู่ระบบ…' : 'เข้าสู่ระบบ'}
        </button>
        <p className="form__switch">
          ยังไม่มีบัญชี?{' '}
          <Link to="/register" className="link">
            สมัครสมาชิก
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
