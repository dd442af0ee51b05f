import * as wheel from '@chok/contract/routes/wheel';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, errorMessage } from '../../lib/api';
import { prefersReducedMotion } from '../../lib/motion';
import { useMinimumPending } from '../../lib/pending';
import { toast } from '../../lib/toast';
import {
  claimReward,
  refreshAfterReward,
  type SpinPayChoice,
  spin,
  type WheelConfig,
  type WheelSpin,
  wheelKeys,
} from './api';
import { nextRotation, restingRotation } from './geometry';
import { useWheelStore } from './store';

/**
 * A spin from the button to the prize dialog: the server draws and commits the spin, the wheel turns
 * to the index it answered (placed at once under prefers-reduced-motion), then the dialog offers the
 * claim. A claim refreshes the wheel, the wallets and the points.
 */
export function useSpinner(config: WheelConfig | undefined) {
  const qc = useQueryClient();
  const setPrize = useWheelStore((s) => s.setPrize);
  const [rotation, setRotation] = useState(0);
  const [turning, setTurning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<WheelSpin | null>(null);
  const [claiming, setClaiming] = useState<number | null>(null);
  // What the buttons show: a spin or a claim that answers quickly still reads as pending for 200 ms.
  const busyShown = useMinimumPending(busy);
  const claimingShown = useMinimumPending(claiming !== null);
  const pending = useRef<WheelSpin | null>(null);

  useEffect(() => () => setPrize(null), [setPrize]);

  const stopped = useCallback(() => {
    const r = pending.current;
    pending.current = null;
    setTurning(false);
    setBusy(false);
    if (!r) return;
    setResult(r);
    void qc.invalidateQueries({ queryKey: ['wheel'] });
  }, [qc]);

  const start = useCallback(
    async (pay: SpinPayChoice) => {
      if (busy || !config) return;
      setBusy(true);
      try {
        const r = await spin(pay);
        setPrize(r);
        // The prizes of the version this spin drew (an operator may have published a new one).
        let prizes = config.prizes;
        if (r.version !== config.setting.version) {
          const fresh = await qc.fetchQuery({
            queryKey: wheelKeys.config,
            queryFn: () => call(wheel.wheelConfigV2, {}),
            staleTime: 0,
          });
          prizes = fresh.prizes;
        }
        const at = Math.max(
          0,
          prizes.findIndex((p) => p.index === r.prize_index),
        );
        pending.current = r;
        if (prefersReducedMotion()) {
          setRotation(restingRotation(at, prizes.length));
          stopped();
        } else {
          setTurning(true);
          setRotation((current) => nextRotation(current, at, prizes.length));
        }
      } catch (err) {
        toast.error(errorMessage(err), { duration: 4000 });
        setBusy(false);
      }
    },
    [busy, config, qc, setPrize, stopped],
  );

  const claim = useCallback(
    async (spinId: number) => {
      setClaiming(spinId);
      try {
        const r = await claimReward(spinId);
        if (r.claim.held) toast.info('รางวัลของคุณรอเจ้าหน้าที่ตรวจสอบก่อนเข้ากระเป๋า', { duration: 5000 });
        else if (r.prize.kind === 'none') toast.info('บันทึกผลการหมุนแล้ว', { duration: 3000 });
        else toast.success(`ได้รับ${r.prize.label}เรียบร้อยแล้ว`, { duration: 4000 });
        if (result?.spin_id === spinId) {
          setResult(null);
          setPrize(null);
        }
        await refreshAfterReward(qc);
      } catch (err) {
        toast.error(errorMessage(err), { duration: 4000 });
      } finally {
        setClaiming(null);
      }
    },
    [qc, result, setPrize],
  );

  return {
    rotation,
    turning,
    busy: busyShown,
    result,
    closeResult: () => setResult(null),
    claiming: claimingShown,
    start,
    claim,
    stopped,
  };
}
