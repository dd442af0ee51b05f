import * as admin from '@chok/contract/routes/admin';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { loadStaffShell } from '../app/staff-shell';
import { ApiError, call, errorMessage } from '../lib/api';
import { useSession } from '../stores/session';

/**
 * Staff login in two steps: username and password, then the 6-digit code of the authenticator app.
 * The server checks all three at once (POST /api/admin/login), so a wrong password is told after
 * the code; the form then goes back to the first step.
 */
export function LoginPage() {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const userRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = 'เข้าสู่ระบบ — Chok หลังบ้าน';
    (step === 'code' ? codeRef : userRef).current?.focus();
  }, [step]);

  if (token) return <Navigate to={(location.state as { from?: string } | null)?.from ?? '/'} replace />;

  const first = (e: FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!username.trim()) missing.username = 'กรุณากรอกชื่อผู้ใช้';
    if (!password) missing.password = 'กรุณากรอกรหัสผ่าน';
    setErrors(missing);
    setMessage(null);
    if (Object.keys(missing).length === 0) {
      setStep('code');
      // The console after login, fetched while the code is typed.
      void loadStaffShell();
    }
  };

  const second = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^[0-9]{6}$/.test(totp)) {
      setErrors({ totp: 'รหัสยืนยันต้องเป็นตัวเลข 6 หลัก' });
      return;
    }
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      const res = await call(admin.staffLogin, { username: username.trim(), password, totp });
      useSession.getState().signIn(res.access_token, res.staff);
      navigate((location.state as { from?: string } | null)?.from ?? '/', { replace: true });
    } catch (err) {
      setBusy(false);
      setTotp('');
      const fields = err instanceof ApiError ? err.fields : {};
      setErrors(fields);
      setMessage(errorMessage(err));
      // A refusal of the name or password (or of the whole login) starts again from the first step.
      if (!fields.totp) {
        setPassword('');
        setStep('password');
      }
    }
  };

  return (
    <main className="login" id="main">
      <form className="login-card" onSubmit={step === 'password' ? first : second} noValidate>
        <h1>เข้าสู่ระบบหลังบ้าน</h1>
        <p className="hint">
          {step === 'password' ? 'ขั้นที่ 1 จาก 2: ชื่อผู้ใช้และรหัสผ่าน' : 'ขั้นที่ 2 จาก 2: รหัสยืนยันตัวตน'}
        </p>
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        {step === 'password' ? (
          <>
            <div className="field">
              <label htmlFor="login-username">ชื่อผู้ใช้</label>
              <input
                ref={userRef}
                id="login-username"
                name="username"
                autoComplete="username"
                value={username}
                aria-invalid={errors.username ? true : undefined}
                aria-describedby={errors.username ? 'login-username-error' : undefined}
                onChange={(e) => setUsername(e.target.value)}
              />
              {errors.username && (
                <p id="login-username-error" className="field-error">
                  {errors.username}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor="login-password">รหัสผ่าน</label>
              <input
                id="login-password"
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? 'login-password-error' : undefined}
                onChange={(e) => setPassword(e.target.value)}
              />
              {errors.password && (
                <p id="login-password-error" className="field-error">
                  {errors.password}
                </p>
              )}
            </div>
            <button type="submit" className="btn btn-primary">
              ถัดไป
            </button>
          </>
        ) : (
          <>
            <div className="field">
              <label htmlFor="login-totp">รหัสยืนยัน 6 หลักจากแอปยืนยันตัวตน</label>
              <input
                ref={codeRef}
                id="login-totp"
                name="totp"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={totp}
                aria-invalid={errors.totp ? true : undefined}
                aria-describedby={errors.totp ? 'login-totp-error' : undefined}
                onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))}
              />
              {errors.totp && (
                <p id="login-totp-error" className="field-error">
                  {errors.totp}
                </p>
              )}
            </div>
            <div className="row">
              <button type="button" className="btn" disabled={busy} onClick={() => setStep('password')}>
                ย้อนกลับ
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? 'กำลังเข้าสู่ระบบ…' : 'เข้าสู่ระบบ'}
              </button>
            </div>
          </>
        )}
      </form>
    </main>
  );
}
