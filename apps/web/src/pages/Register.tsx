import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AuthCard, FormAlert } from '../components/AuthCard';
import { Field } from '../components/Field';
import { checkAccount, register, requestOtp } from '../features/auth/api';
import { useFormErrors } from '../features/auth/formErrors';
import { OtpField } from '../features/auth/OtpField';
import { useBanks } from '../features/content/api';
import { forgetReferral, rememberedReferral, rememberReferral } from '../lib/referral';

const FIELDS = [
  'phone',
  'otp',
  'password',
  'confirm',
  'bank_code',
  'account_no',
  'account_name',
  'line_id',
  'referral_code',
] as const;

type Form = Record<(typeof FIELDS)[number], string>;

/** The referral code of the link (`/register?ref=CODE`), or the one remembered from an earlier visit. */
function referralFromLink(params: URLSearchParams): string {
  const fromLink = params.get('ref') ?? params.get('referral_code');
  rememberReferral(fromLink);
  return fromLink ?? rememberedReferral() ?? '';
}

/** `redirectTo`: where a new member goes (the /liff page that shows the form stays where it is). */
export default function Register({ redirectTo = '/' }: { redirectTo?: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: banks } = useBanks();
  const errors = useFormErrors();
  const [busy, setBusy] = useState(false);
  const [accountWarning, setAccountWarning] = useState<string | null>(null);
  const [form, setForm] = useState<Form>(() => ({
    phone: '',
    otp: '',
    password: '',
    confirm: '',
    bank_code: '',
    account_no: '',
    account_name: '',
    line_id: '',
    referral_code: referralFromLink(params),
  }));
  const [linkCode] = useState(form.referral_code);
  const set = (name: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    errors.setField(name, null);
  };
  const digits = (name: keyof Form) => (e: { target: { value: string } }) =>
    set(name, e.target.value.replace(/\D/g, ''));

  async function checkPhone() {
    if (!/^0\d{9}$/.test(form.phone)) return;
    try {
      const r = await checkAccount({ phone: form.phone });
      if (r.phone_registered) errors.setField('phone', 'เบอร์โทรศัพท์นี้ถูกใช้สมัครสมาชิกแล้ว');
    } catch {
      // The submit answers with the same check.
    }
  }

  async function checkBankAccount() {
    setAccountWarning(null);
    if (!form.bank_code || !/^\d{10,15}$/.test(form.account_no)) return;
    try {
      const r = await checkAccount({ bank_code: form.bank_code, account_no: form.account_no });
      if (r.bank_account_registered) errors.setField('account_no', 'เลขบัญชีนี้ถูกใช้สมัครสมาชิกแล้ว');
      setAccountWarning(r.account_no_warning);
    } catch {
      // The submit answers with the same check.
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (form.password !== form.confirm) {
      errors.setField('confirm', 'รหัสผ่านทั้งสองช่องไม่ตรงกัน');
      return;
    }
    setBusy(true);
    try {
      await register({
        phone: form.phone,
        otp: form.otp,
        password: form.password,
        bank_code: form.bank_code,
        account_no: form.account_no,
        account_name: form.account_name.trim(),
        line_id: form.line_id.trim() || undefined,
        referral_code: form.referral_code.trim() || undefined,
      });
      forgetReferral();
      queryClient.clear();
      toast.success('สมัครสมาชิกสำเร็จ ยินดีต้อนรับ', { duration: 3000 });
      navigate(redirectTo, { replace: true });
    } catch (err) {
      errors.fromError(err, FIELDS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="สมัครสมาชิก" subtitle="สมัครง่าย ใช้เวลาไม่ถึง 1 นาที ยืนยันตัวตนด้วย OTP">
      <form className="form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form} />
        <fieldset className="form__group">
          <legend className="form__legend">1. ยืนยันเบอร์โทรศัพท์</legend>
          <Field
            label="เบอร์โทรศัพท์"
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="0812345678"
            maxLength={10}
            value={form.phone}
            onChange={digits('phone')}
            onBlur={checkPhone}
            error={errors.fields.phone}
          />
          <OtpField
            phone={form.phone}
            value={form.otp}
            onChange={(v) => set('otp', v)}
            error={errors.fields.otp}
            send={() => requestOtp(form.phone, 'register')}
            onSendError={(m) => errors.setField('phone', m)}
          />
        </fieldset>
        <fieldset className="form__group">
          <legend className="form__legend">2. ตั้งรหัสผ่าน</legend>
          <Field
            label="รหัสผ่าน"
            name="password"
            type="password"
            autoComplete="new-password"
            placeholder="อย่างน้อย 6 ตัวอักษร"
            value={form.password}
            onChange={(e) => set('password', e.target.value)}
            error={errors.fields.password}
          />
          <Field
            label="ยืนยันรหัสผ่าน"
            name="confirm"
            type="password"
            autoComplete="new-password"
            value={form.confirm}
            onChange={(e) => set('confirm', e.target.value)}
            error={errors.fields.confirm}
          />
        </fieldset>
        <fieldset className="form__group">
          <legend className="form__legend">3. บัญชีธนาคารสำหรับถอนเงิน</legend>
          <div className={`field${errors.fields.bank_code ? ' field--error' : ''}`}>
            <label className="field__label" htmlFor="bank_code">
              ธนาคาร
            </label>
            <select
              id="bank_code"
              name="bank_code"
              className="field__input"
              value={form.bank_code}
              onChange={(e) => set('bank_code', e.target.value)}
              onBlur={checkBankAccount}
              aria-invalid={errors.fields.bank_code ? true : undefined}
            >
              <option value="">เลือกธนาคาร</option>
              {banks?.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name} ({b.short})
                </option>
              ))}
            </select>
            {errors.fields.bank_code && (
              <p className="field__error" role="alert">
                {errors.fields.bank_code}
              </p>
            )}
          </div>
          <Field
            label="เลขบัญชี"
            name="account_no"
            inputMode="numeric"
            placeholder="ตัวเลขเท่านั้น"
            maxLength={15}
            value={form.account_no}
            onChange={digits('account_no')}
            onBlur={checkBankAccount}
            error={errors.fields.account_no}
            hint={accountWarning ?? undefined}
          />
          <Field
            label="ชื่อ-นามสกุล (ตรงกับบัญชีธนาคาร)"
            name="account_name"
            autoComplete="name"
            value={form.account_name}
            onChange={(e) => set('account_name', e.target.value)}
            error={errors.fields.account_name}
          />
        </fieldset>
        <fieldset className="form__group">
          <legend className="form__legend">4. ข้อมูลเพิ่มเติม (ไม่บังคับ)</legend>
          <Field
            label="LINE ID"
            name="line_id"
            value={form.line_id}
            onChange={(e) => set('line_id', e.target.value)}
            error={errors.fields.line_id}
          />
          <Field
            label="รหัสผู้แนะนำ"
            name="referral_code"
            value={form.referral_code}
            onChange={(e) => set('referral_code', e.target.value)}
            error={errors.fields.referral_code}
            hint={linkCode && form.referral_code === linkCode ? 'ได้รับรหัสจากลิงก์แนะนำเพื่อน' : undefined}
          />
        </fieldset>
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy}>
          {busy ? 'กำลังสมัครสมาชิก…' : 'ยืนยันการสมัครสมาชิก'}
        </button>
        <p className="form__switch">
          มีบัญชีอยู่แล้ว?{' '}
          <Link to="/login" className="link">
            เข้าสู่ระบบ
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
