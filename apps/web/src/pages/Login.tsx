import { useNavigate } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { LoginForm } from '../features/auth/LoginForm';

/** /login and /login_box (the iframe layout): the login form in its card. */
export default function Login() {
  const navigate = useNavigate();
  return (
    <AuthCard title="เข้าสู่ระบบ" subtitle="ยินดีต้อนรับกลับมา กรอกเบอร์โทรศัพท์และรหัสผ่านของคุณ">
      <LoginForm onDone={() => navigate('/', { replace: true })} />
    </AuthCard>
  );
}
