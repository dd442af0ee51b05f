import { MAIN_WALLET_TYPE } from '@chok/contract/api/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { CloseIcon, WalletIcon } from '../../components/Icons';
import { errorMessage } from '../../lib/api';
import { formatBaht, parseBaht } from '../../lib/money';
import { useMinimumPending } from '../../lib/pending';
import { toast } from '../../lib/toast';
import { walletsKey } from '../../lib/wallets';
import { useAgent } from '../../stores/agent';
import { useBreakpoints } from '../../stores/breakpoints';
import { useLocalData } from '../../stores/local';
import { useUi } from '../../stores/ui';
import { fetchDemoLink, fetchGameLink, fetchGameWallets, type GameWallet } from './api';
import { closeGame, useLauncher } from './launcher-store';
import './launcher.css';

const ENTRY_TOAST = 'กำลังนำท่านเข้าสู่เกม';
/** docs/rules/member-site.md §7: `is_mobile` is true for the xs and sm breakpoints. */
const isMobile = () => useBreakpoints.getState().isMobile;

function FullscreenIcon({ exit }: { exit: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {exit ? (
        <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" strokeLinecap="round" strokeLinejoin="round" />
      )}
    </svg>
  );
}

/**
 * Game selected → wallet chosen → link fetched → iframe shown (docs/rules/member-site.md §4). One
 * eligible wallet is chosen automatically; more ask "กรุณาเลือกกระเป๋าเงิน". Demo games skip the wallet.
 */
export default function LauncherSheet() {
  const selected = useUi((s) => s.selectedGame);
  const { link, setLink, setWallet } = useLauncher();
  const queryClient = useQueryClient();
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const [wallets, setWallets] = useState<GameWallet[] | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const sheet = useRef<HTMLDivElement>(null);
  const started = useRef<string | null>(null);
  const loading = useMinimumPending(Boolean(selected) && !link && !wallets);

  function finish() {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    closeGame();
    if (isLoggedIn) void queryClient.invalidateQueries({ queryKey: walletsKey });
  }

  async function enter(wallet: GameWallet) {
    if (!selected) return;
    setWallet(wallet.id);
    setWallets(null);
    toast(ENTRY_TOAST, { duration: 1000 });
    try {
      const r = await fetchGameLink({
        wallet_id: wallet.id,
        game_id: selected.game_id,
        provider_id: selected.provider_id,
        sub_provider_id: selected.sub_provider_id,
        is_mobile: isMobile(),
        source: selected.source,
      });
      setLink(r.link);
    } catch (err) {
      setAlert(errorMessage(err));
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per selected game
  useEffect(() => {
    if (!selected) return;
    const key = `${selected.provider_id}:${selected.game_id}:${selected.is_demo}`;
    if (started.current === key) return;
    started.current = key;
    void (async () => {
      if (selected.is_demo) {
        toast(ENTRY_TOAST, { duration: 1000 });
        try {
          const r = await fetchDemoLink({
            game_id: selected.game_id,
            provider_id: selected.provider_id,
            is_mobile: isMobile(),
            source: selected.source,
            agent_code: useAgent.getState().agentConfig?.agent_code,
          });
          setLink(r.link);
        } catch (err) {
          toast.error(errorMessage(err), { duration: 3000 });
          finish();
        }
        return;
      }
      try {
        const list = await fetchGameWallets({
          game_id: selected.game_id,
          provider_id: selected.provider_id,
          sub_provider_id: selected.sub_provider_id,
        });
        const eligible = list.filter(
          (w) => w.wallet_type_id === MAIN_WALLET_TYPE || parseBaht(w.balance) > 0,
        );
        if (eligible.length === 1) await enter(eligible[0]!);
        else setWallets(eligible);
      } catch (err) {
        toast.error(errorMessage(err), { duration: 3000 });
        finish();
      }
    })();
  }, [selected]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === sheet.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  function toggleFullscreen() {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void sheet.current?.requestFullscreen?.().catch(() => setFullscreen((f) => !f));
  }

  if (!selected) return null;
  return (
    <div
      className="launcher"
      role="dialog"
      aria-modal="true"
      aria-label={selected.name}
      data-testid="game-launcher"
    >
      <div ref={sheet} className={`launcher__sheet${fullscreen ? ' is-fullscreen' : ''}`}>
        <header className="launcher__bar">
          <div className="launcher__title">
            <span className="launcher__name">{selected.name}</span>
            {selected.is_demo && <span className="launcher__badge">ทดลองเล่น</span>}
          </div>
          <button
            type="button"
            className="icon-btn launcher__btn"
            onClick={toggleFullscreen}
            aria-label={fullscreen ? 'ออกจากเต็มจอ' : 'เต็มจอ'}
          >
            <FullscreenIcon exit={fullscreen} />
          </button>
          <button
            type="button"
            className="icon-btn launcher__btn launcher__close"
            onClick={finish}
            aria-label="ปิดเกม"
          >
            <CloseIcon />
          </button>
        </header>
        <div className="launcher__body">
          {!loading && link ? (
            <iframe
              className="launcher__frame"
              src={link}
              title={selected.name}
              allow="fullscreen; autoplay"
            />
          ) : !loading && wallets ? (
            <section className="wallet-pick" aria-labelledby="wallet-pick-title">
              <h2 id="wallet-pick-title" className="wallet-pick__title">
                กรุณาเลือกกระเป๋าเงิน
              </h2>
              <ul className="wallet-pick__list">
                {wallets.map((w) => (
                  <li key={w.id}>
                    <button
                      type="button"
                      className={`wallet-card wallet-card--t${w.wallet_type_id}`}
                      onClick={() => enter(w)}
                    >
                      <span className="wallet-card__icon">
                        <WalletIcon size={22} />
                      </span>
                      <span className="wallet-card__name">{w.wallet_name}</span>
                      <span className="wallet-card__balance">คงเหลือ {formatBaht(w.balance)} บาท</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <div className="launcher__loading" aria-busy="true">
              <span className="launcher__spinner" />
              <span>{ENTRY_TOAST}</span>
            </div>
          )}
        </div>
      </div>
      <Dialog
        open={alert !== null}
        onClose={() => {
          setAlert(null);
          finish();
        }}
        title="พบบางอย่างผิดปกติ"
        width={400}
        persistent
        testId="game-alert"
        footer={
          <button
            type="button"
            className="btn btn--primary btn--block"
            onClick={() => {
              setAlert(null);
              finish();
            }}
          >
            ตกลง
          </button>
        }
      >
        <p className="confirm-text">{alert}</p>
      </Dialog>
    </div>
  );
}
