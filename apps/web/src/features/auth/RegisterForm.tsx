import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/AuthCard';
import { Field, NewPasswordFields, PhoneField } from '../../components/Field';
import { useAction } from '../../lib/action';
import { useBanks } from '../../lib/banks';
import { useFormErrors } from '../../lib/form-errors';
import { forgetReferral, rememberedReferral, rememberReferral } from '../../lib/referral';
import { toast } from '../../lib/toast';
import { type FormPlace, SwitchLink } from './AuthSwitch';
import { checkAccount, register, requestOtp } from './api';
import { OtpField } from './OtpField';

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

/**
 * The registration form, in its page (/register, /register_box) and in the header's dialog on
 * desktop. `onDone` runs after a successful registration (the member is then logged in).
 */
export function RegisterForm({ onDone, place }: { onDone: () => void; place?: FormPlace }) {
  const [params] = useSearchParams();
  const bankSelectId = useId();
  const queryClient = useQueryClient();
  const { data: banks } = useBanks();
  const errors = useFormErrors();
  const { pending, run } = useAction();
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

  function submit(e: FormEvent) {
    e.preventDefault();
    if (form.password !== form.confirm) {
      errors.setField('confirm', 'รหัสผ่านทั้งสองช่องไม่ตรงกัน');
      return;
    }
    void run(
      async () => {
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
        onDone();
      },
      (err) => errors.fromError(err, FIELDS),
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <FormAlert message={errors.form} />
      <fieldset className="form__group">
        <legend className="form__legend">1. ยืนยันเบอร์โทรศัพท์</legend>
        <PhoneField
          autoComplete="tel-national"
          value={form.phone}
          onDigits={(v) => set('phone', v)}
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
        <NewPasswordFields
          label="รหัสผ่าน"
          named
          placeholder="อย่างน้อย 6 ตัวอักษร"
          password={form.password}
          confirm={form.confirm}
          onChange={set}
          errors={errors.fields}
        />
      </fieldset>
      <fieldset className="form__group">
        <legend className="form__legend">3. บัญชีธนาคารสำหรับถอนเงิน</legend>
        <div className={`field${errors.fields.bank_code ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor={bankSelectId}>
            ธนาคาร
          </label>
          <select
            id={bankSelectId}
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
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={pending}>
        {pending ? 'กำลังสมัครสมาชิก…' : 'ยืนยันการสมัครสมาชิก'}
      </button>
      <p className="form__switch">
        มีบัญชีอยู่แล้ว?{' '}
        <SwitchLink to="/login" place={place}>
          เข้าสู่ระบบ
        </SwitchLink>
      </p>
    </form>
  );
}
