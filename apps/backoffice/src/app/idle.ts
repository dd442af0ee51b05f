import * as admin from '@chok/contract/routes/admin';
import * as adminConsole from '@chok/contract/routes/admin-console';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { call, endSession } from '../lib/api';
import { useApi } from '../lib/query';
import { useSession } from '../stores/session';

const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
const CHECK_EVERY_MS = 15_000;

/** Ends the session on the server (best effort) and here. */
export async function logout(message?: string): Promise<void> {
  const { token } = useSession.getState();
  if (token) await call(admin.staffLogout, {}).catch(() => undefined);
  endSession();
  if (message) toast.info(message);
}

/**
 * Idle logout: the console logs out after the staff idle time of the server (GET /api/admin/me,
 * docs/decisions/0005-sessions-and-staff.md) without a click or key press; the server would refuse
 * the token soon after anyway.
 */
export function useIdleLogout() {
  const token = useSession((s) => s.token);
  const me = useApi(adminConsole.staffMe, {}, { enabled: token !== null, staleTime: Infinity });
  useEffect(() => {
    if (me.data) useSession.getState().setIdleMinutes(me.data.idle_minutes);
  }, [me.data]);
  useEffect(() => {
    if (!token) return;
    let last = 0;
    const touch = () => {
      const now = Date.now();
      if (now - last > 5_000) {
        last = now;
        useSession.getState().touch();
      }
    };
    for (const e of ACTIVITY) window.addEventListener(e, touch, { passive: true });
    const timer = setInterval(() => {
      const { lastActivity, idleMinutes } = useSession.getState();
      if (Date.now() - lastActivity > idleMinutes * 60_000) {
        void logout('ออกจากระบบอัตโนมัติเนื่องจากไม่มีการใช้งาน');
      }
    }, CHECK_EVERY_MS);
    return () => {
      for (const e of ACTIVITY) window.removeEventListener(e, touch);
      clearInterval(timer);
    };
  }, [token]);
}
