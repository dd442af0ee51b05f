import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../components/AuthCard';
import { Field, NewPasswordFields } from '../components/Field';
import { CopyIcon, UserIcon } from '../components/Icons';
import { changePassword, fetchUserInfo, updateSubBankAccount, userInfoKey } from '../features/auth/api';
import { LineNotify } from '../features/line/LineNotify';
import { useLobby } from '../features/lotto/api';
import { useAction } from '../lib/action';
import { formatDate } from '../lib/dates';
import { useFormErrors } from '../lib/form-errors';
import { formatBaht } from '../lib/money';
import { useMinimumPending } from '../lib/pending';
import { toast } from '../lib/toast';
import { useWallets } from '../lib/wallets';
import './member.css';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="info-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function ChangePasswordForm() {
  const errors = useFormErrors();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const { pending, run } = useAction();

  function submit(e: FormEvent) {
    e.preventDefault();
    errors.clear();
    if (newPassword !== confirm) {
      errors.setField('confirm', 'รหัสผ่านทั้งสองช่องไม่ตรงกัน');
      return;
    }
    void run(
      async () => {
        await changePassword({ old_password: oldPassword, new_password: newPassword });
        toast.success('เปลี่ยนรหัสผ่านเรียบร้อย', { duration: 3000 });
        setOld('');
        setNew('');
        setConfirm('');
      },
      (err) => errors.fromError(err, ['old_password', 'new_password']),
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <FormAlert message={errors.form} />
      <Field
        label="รหัสผ่านเดิม"
        type="password"
        autoComplete="current-password"
        value={oldPassword}
        onChange={(e) => setOld(e.target.value)}
        error={errors.fields.old_password}
      />
      <NewPasswordFields
        label="รหัสผ่านใหม่"
        password={newPassword}
        confirm={confirm}
        onChange={(field, value) => (field === 'password' ? setNew : setConfirm)(value)}
        errors={{ password: errors.fields.new_password, confirm: errors.fields.confirm }}
      />
      <button type="submit" className="btn btn--primary" disabled={pending}>
        เปลี่ยนรหัสผ่าน
      </button>
    </form>
  );
}

function TrueMoneyForm({ current }: { current: string | null }) {
  const queryClient = useQueryClient();
  const errors = useFormErrors();
  const [value, setValue] = useState(current ?? '');
  const { pending, run } = useAction();

  function submit(e: FormEvent) {
    e.preventDefault();
    errors.clear();
    void run(
      async () => {
        await updateSubBankAccount(value);
        await queryClient.invalidateQueries({ queryKey: userInfoKey });
        toast.success('บันทึกเบอร์ทรูมันนี่วอลเล็ทเรียบร้อย', { duration: 3000 });
      },
      (err) => errors.fromError(err, ['sub_bank_account']),
    );
  }

  return (
    <form className="form form--inline" onSubmit={submit} noValidate>
      <FormAlert message={errors.form} />
      <Field
        label="เบอร์ทรูมันนี่วอลเล็ท (สำหรับฝากผ่านวอลเล็ท)"
        inputMode="numeric"
        maxLength={10}
        value={value}
        onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
        error={errors.fields.sub_bank_account}
        addon={
          <button type="submit" className="btn btn--outline field__addon" disabled={pending}>
            บันทึก
          </button>
        }
      />
    </form>
  );
}

export default function Profile() {
  const { data: loaded, isLoading } = useQuery({ queryKey: userInfoKey, queryFn: fetchUserInfo });
  const loading = useMinimumPending(isLoading);
  const user = loading ? undefined : loaded;
  const { data: wallets } = useWallets();
  // The markets a member may follow on LINE (the lobby's, cached with the lottery pages').
  const { data: lobby } = useLobby();
  const markets = lobby?.categories.flatMap((c) => c.markets);
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  const referralLink = user ? `${origin}/register?ref=${user.referral_code}` : '';

  return (
    <div className="container member-page">
      <h1 className="page-title">ข้อมูลส่วนตัว</h1>
      <div className="page-grid">
        <section className="panel profile-hero">
          <span className="profile-hero__avatar">
            <UserIcon size={34} />
          </span>
          <div>
            <p className="profile-hero__name" data-testid="profile-name">
              {user?.name ?? (loading ? 'กำลังโหลด…' : '')}
            </p>
            <p className="profile-hero__meta">{user ? `สมาชิกตั้งแต่ ${formatDate(user.created_at)}` : ''}</p>
          </div>
          <ul className="wallet-list">
            {wallets?.map((w) => (
              <li key={w.id} className={`wallet-list__item${w.wallet_type_id === 1 ? ' is-main' : ''}`}>
                <span>{w.wallet_name}</span>
                <strong>{formatBaht(w.balance)} ฿</strong>
              </li>
            ))}
          </ul>
        </section>

        <section className="panel">
          <h2 className="panel__title">ข้อมูลบัญชี</h2>
          {user && (
            <dl className="info-list">
              <Row label="เบอร์โทรศัพท์" value={user.phone} testId="profile-phone" />
              <Row label="ชื่อ-นามสกุล" value={user.name} />
              <Row label="ธนาคาร" value={`${user.bank_name} (${user.bank_short})`} />
              <Row label="เลขบัญชี" value={user.account_no} testId="profile-account" />
              <Row label="LINE ID" value={user.line_id ?? '-'} />
              <Row label="รหัสแนะนำของคุณ" value={user.referral_code} />
            </dl>
          )}
          {user && (
            <div className="referral-box">
              <p className="referral-box__label">ลิงก์แนะนำเพื่อน</p>
              <div className="referral-box__row">
                <code className="referral-box__link">{referralLink}</code>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label="คัดลอกลิงก์แนะนำ"
                  onClick={() =>
                    navigator.clipboard
                      ?.writeText(referralLink)
                      .then(() => toast.success('คัดลอกลิงก์แล้ว', { duration: 3000 }))
                      .catch(() => toast.error('คัดลอกไม่สำเร็จ', { duration: 3000 }))
                  }
                >
                  <CopyIcon size={18} />
                </button>
              </div>
            </div>
          )}
        </section>

        <section className="panel">
          <h2 className="panel__title">ทรูมันนี่วอลเล็ท</h2>
          {user && <TrueMoneyForm current={user.sub_bank_account} />}
        </section>

        <section className="panel">
          <h2 className="panel__title">เปลี่ยนรหัสผ่าน</h2>
          <ChangePasswordForm />
        </section>

        <section className="panel" aria-labelledby="line-notify-title">
          <h2 className="panel__title" id="line-notify-title">
            การแจ้งเตือนทางไลน์
          </h2>
          <LineNotify markets={markets} />
        </section>

        <section className="panel" aria-labelledby="responsible-title">
          <h2 className="panel__title" id="responsible-title">
            เล่นอย่างรับผิดชอบ
          </h2>
          <p>ตั้งวงเงินฝากและวงเงินเสีย แจ้งเตือนเวลาเล่น พักการเล่น หรือระงับการเล่นด้วยตนเอง และดูประวัติบัญชี 12 เดือน</p>
          <Link to="/member/protection" className="btn btn--outline">
            ตั้งค่าการเล่นอย่างรับผิดชอบ
          </Link>
        </section>
      </div>
    </div>
  );
}
