import { Dialog } from '../../components/Dialog';
import { useUi } from '../../stores/ui';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

/**
 * Login and register as dialogs, opened from the header on desktop (the `loginOpen` and
 * `registerOpen` flags); the same forms as /login and /register. After either, the member stays
 * on the page they were on.
 */
export default function AuthDialogs() {
  const loginOpen = useUi((s) => s.loginOpen);
  const registerOpen = useUi((s) => s.registerOpen);
  const set = useUi((s) => s.set);
  const close = () => set({ loginOpen: false, registerOpen: false });
  return (
    <>
      <Dialog open={loginOpen} onClose={close} title="เข้าสู่ระบบ" width={440} testId="login-dialog">
        <LoginForm
          onDone={close}
          place={{ close, switchTo: () => set({ loginOpen: false, registerOpen: true }) }}
        />
      </Dialog>
      <Dialog open={registerOpen} onClose={close} title="สมัครสมาชิก" width={560} testId="register-dialog">
        <RegisterForm
          onDone={close}
          place={{ close, switchTo: () => set({ registerOpen: false, loginOpen: true }) }}
        />
      </Dialog>
    </>
  );
}
