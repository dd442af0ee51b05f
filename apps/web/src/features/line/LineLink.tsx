import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAction } from '../../lib/action';
import { errorMessage } from '../../lib/api';
import { useShareTarget } from '../../lib/share';
import { toast } from '../../lib/toast';
import { useLocalData } from '../../stores/local';
import { linkLine, useLineConfig } from './api';
import { type LiffSession, startLiff } from './liff';

/**
 * The LINE side of a /liff page: with a LIFF app configured it starts the LIFF SDK, offers LINE's
 * share picker to the page, and lets the member link their LINE account (the server verifies the ID
 * token with LINE). Without one it shows nothing: the page is a plain page with the normal login.
 */
export function LineLink() {
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const queryClient = useQueryClient();
  const { data: config } = useLineConfig(isLoggedIn);
  const liffId = config?.liff_id ?? null;
  const [liff, setLiff] = useState<LiffSession | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, run } = useAction();
  const setShareTarget = useShareTarget((s) => s.set);

  useEffect(() => {
    if (liffId === null) return;
    let live = true;
    startLiff(liffId).then(
      (s) => live && setLiff(s),
      () => live && setProblem('เชื่อมต่อไลน์ไม่สำเร็จ ใช้งานหน้านี้ได้ตามปกติ'),
    );
    return () => {
      live = false;
    };
  }, [liffId]);

  useEffect(() => {
    const share = liff?.share;
    if (!share) return;
    setShareTarget({ label: 'ส่งให้เพื่อนในไลน์', share });
    return () => setShareTarget(null);
  }, [liff, setShareTarget]);

  if (liffId === null || !isLoggedIn) return null;

  async function link() {
    if (!liff) return;
    if (!liff.loggedIn) {
      liff.login();
      return;
    }
    const token = liff.idToken();
    if (!token) {
      setProblem('ไม่พบข้อมูลยืนยันจากไลน์ กรุณาเปิดหน้านี้จากแอปไลน์');
      return;
    }
    setProblem(null);
    await run(
      async () => {
        await linkLine(token);
        toast.success('เชื่อมบัญชีไลน์เรียบร้อย', { duration: 3000 });
        await queryClient.invalidateQueries({ queryKey: ['line'] });
      },
      (err) => setProblem(errorMessage(err)),
    );
  }

  return (
    <div className="liff-line" data-testid="line-link">
      {config?.link ? (
        <p className="liff-line__linked">
          เชื่อมบัญชีไลน์แล้ว{config.link.display_name ? `: ${config.link.display_name}` : ''}
        </p>
      ) : (
        <button type="button" className="btn btn--outline btn--sm" onClick={link} disabled={!liff || pending}>
          {pending ? 'กำลังเชื่อม…' : 'เชื่อมบัญชีไลน์'}
        </button>
      )}
      {problem && (
        <p className="liff-line__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
