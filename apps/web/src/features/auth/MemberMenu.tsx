import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { ChevronRightIcon, LogoutIcon, UserIcon } from '../../components/Icons';
import { memberMenu } from '../../components/navItems';
import { toast } from '../../lib/toast';
import { useLocalData } from '../../stores/local';
import { useUi } from '../../stores/ui';
import { fetchUserInfo, logout, userInfoKey } from './api';

export const LOGOUT_CONFIRM = {
  title: 'หมายเหตุ',
  text: 'คุณแน่ใจหรือไม่ว่าต้องการออกจากระบบ?',
  confirm: 'ใช่แล้ว',
  cancel: 'ยังอยู่กับเรา',
  done: 'ออกจากระบบเรียบร้อย',
};

/** The member menu (width 480, persistent); it closes after any choice. */
export function MemberMenu() {
  const open = useUi((s) => s.memberMenuOpen);
  const set = useUi((s) => s.set);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const stored = useLocalData((s) => s.userInfo);
  const { data: user } = useQuery({
    queryKey: userInfoKey,
    queryFn: fetchUserInfo,
    enabled: open,
    placeholderData: stored ?? undefined,
  });

  const close = () => set({ memberMenuOpen: false });
  const go = (to: string) => {
    close();
    navigate(to);
  };

  async function confirmLogout() {
    setConfirming(false);
    await logout();
    queryClient.clear();
    navigate('/');
    toast.success(LOGOUT_CONFIRM.done, { duration: 3000 });
  }

  return (
    <>
      <Dialog open={open} onClose={close} title="เมนูสมาชิก" width={480} persistent testId="member-menu">
        <div className="member-card">
          <span className="member-card__avatar">
            <UserIcon size={26} />
          </span>
          <div>
            <p className="member-card__name">{user?.name ?? 'สมาชิก'}</p>
            <p className="member-card__phone">{user?.phone ?? '\u00a0'}</p>
          </div>
        </div>
        <ul className="menu-grid">
          {memberMenu.map(({ to, label, Icon }) => (
            <li key={to + label}>
              <button type="button" className="menu-grid__item" onClick={() => go(to)}>
                <span className="menu-grid__icon">
                  <Icon size={22} />
                </span>
                <span className="menu-grid__label">{label}</span>
                <ChevronRightIcon size={16} className="menu-grid__chevron" />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn--outline btn--block menu-logout"
          onClick={() => {
            close();
            setConfirming(true);
          }}
        >
          <LogoutIcon size={18} /> ออกจากระบบ
        </button>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={LOGOUT_CONFIRM.title}
        text={LOGOUT_CONFIRM.text}
        confirmText={LOGOUT_CONFIRM.confirm}
        cancelText={LOGOUT_CONFIRM.cancel}
        onConfirm={confirmLogout}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
