import { useNavigate } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { RegisterForm } from '../features/auth/RegisterForm';

/**
 * /register and /register_box (the iframe layout): the registration form in its card. `redirectTo`:
 * where a new member goes (a /liff page shows the form in place).
 */
export default function Register({ redirectTo = '/' }: { redirectTo?: string }) {
  const navigate = useNavigate();
  return (
    <AuthCard title="สมัครสมาชิก" subtitle="สมัครง่าย ใช้เวลาไม่ถึง 1 นาที ยืนยันตัวตนด้วย OTP">
      <RegisterForm onDone={() => navigate(redirectTo, { replace: true })} />
    </AuthCard>
  );
}
