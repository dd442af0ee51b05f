import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../components/AuthCard';
import { Field, PhoneField } from '../../components/Field';
import { useAction } from '../../lib/action';
import { useFormErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { type FormPlace, SwitchLink } from './AuthSwitch';
import { login } from './api';

const FIELDS = ['phone', 'password'] as const;

/**
 * The login form, in its page (/login, /login_box) and in the header's dialog on desktop.
 * `onDone` runs after a successful login.
 */
export function LoginForm({ onDone, place }: { onDone: () => void; place?: FormPlace }) {
  const queryClient = useQueryClient();
  const errors = useFormErrors();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const { pending, run } = useAction();

  function submit(e: FormEvent) {
    e.preventDefault();
    errors.clear();
    void run(
      async () => {
        await login({ phone: phone.trim(), password });
        queryClient.clear();
        toast.success('เข้าสู่ระบบสำเร็จ', { duration: 3000 });
        onDone();
      },
      (err) => errors.fromError(err, FIELDS),
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <FormAlert message={errors.form} />
      <PhoneField autoComplete="username" value={phone} onDigits={setPhone} error={errors.fields.phone} />
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
        <Link to="/forgot" className="link" onClick={place?.close}>
          ลืมรหัสผ่าน?
        </Link>
      </div>
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={pending}>
        {pending ? 'กำลังเข้าสู่ระบบ…' : 'เข้าสู่ระบบ'}
      </button>
      <p className="form__switch">
        ยังไม่มีบัญชี?{' '}
        <SwitchLink to="/register" place={place}>
          สมัครสมาชิก
        </SwitchLink>
      </p>
    </form>
  );
}
