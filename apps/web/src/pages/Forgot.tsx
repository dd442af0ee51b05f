import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthCard, FormAlert } from '../components/AuthCard';
import { NewPasswordFields, PhoneField } from '../components/Field';
import { resetPassword, resetPasswordV2 } from '../features/auth/api';
import { OtpField } from '../features/auth/OtpField';
import { useAction } from '../lib/action';
import { useFormErrors } from '../lib/form-errors';
import { toast } from '../lib/toast';

const FIELDS = ['phone', 'otp', 'password', 'confirm'] as const;

/** Forgotten password: an OTP to the registered phone, then a new password (revokes all sessions). */
export default function Forgot() {
  const navigate = useNavigate();
  const errors = useFormErrors();
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { pending, run } = useAction();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== confirm) {
      errors.setField('confirm', 'รหัสผ่านทั้งสองช่องไม่ตรงกัน');
      return;
    }
    void run(
      async () => {
        await resetPasswordV2({ phone, otp, password });
        toast.success('ตั้งรหัสผ่านใหม่เรียบร้อย กรุณาเข้าสู่ระบบ', { duration: 3000 });
        navigate('/login', { replace: true });
      },
      (err) => errors.fromError(err, FIELDS),
    );
  }

  return (
    <AuthCard title="ลืมรหัสผ่าน" subtitle="รับรหัส OTP ทาง SMS เพื่อยืนยันตัวตนและตั้งรหัสผ่านใหม่">
      <form className="form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form} />
        <PhoneField
          label="เบอร์โทรศัพท์ที่สมัครไว้"
          autoComplete="tel-national"
          value={phone}
          onDigits={(v) => {
            setPhone(v);
            errors.setField('phone', null);
          }}
          error={errors.fields.phone}
        />
        <OtpField
          phone={phone}
          value={otp}
          onChange={setOtp}
          error={errors.fields.otp}
          send={() => resetPassword(phone)}
          onSendError={(m) => errors.setField('phone', m)}
        />
        <NewPasswordFields
          label="รหัสผ่านใหม่"
          named
          placeholder="อย่างน้อย 6 ตัวอักษร"
          password={password}
          confirm={confirm}
          onChange={(field, value) => (field === 'password' ? setPassword : setConfirm)(value)}
          errors={errors.fields}
        />
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={pending}>
          ตั้งรหัสผ่านใหม่
        </button>
        <p className="form__switch">
          จำรหัสผ่านได้แล้ว?{' '}
          <Link to="/login" className="link">
            เข้าสู่ระบบ
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
