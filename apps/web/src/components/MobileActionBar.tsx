import { Link } from 'react-router';
import { useLocalData } from '../stores/local';
import { DepositIcon, LoginIcon, UserIcon, WithdrawIcon } from './Icons';

/** The phone's bottom buttons: log in and register for visitors, deposit and withdraw for members. */
export function MobileActionBar() {
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  return (
    <div className="mobile-bar" data-testid="mobile-bar">
      {isLoggedIn ? (
        <>
          <Link to="/member/deposit" className="btn btn--primary mobile-bar__btn">
            <DepositIcon size={18} /> ฝากเงิน
          </Link>
          <Link to="/member/withdraw" className="btn btn--outline mobile-bar__btn">
            <WithdrawIcon size={18} /> ถอนเงิน
          </Link>
        </>
      ) : (
        <>
          <Link to="/login" className="btn btn--outline mobile-bar__btn">
            <LoginIcon size={18} /> เข้าสู่ระบบ
          </Link>
          <Link to="/register" className="btn btn--primary mobile-bar__btn">
            <UserIcon size={18} /> สมัครสมาชิก
          </Link>
        </>
      )}
    </div>
  );
}
