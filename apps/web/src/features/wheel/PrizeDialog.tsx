import { Dialog } from '../../components/Dialog';
import type { WheelSpin } from './api';

interface Props {
  result: WheelSpin | null;
  claiming: boolean;
  onClaim: (spinId: number) => void;
  onClose: () => void;
}

/** The prize the wheel stopped at, with the claim button (an unclaimed prize is credited after 24 h). */
export function PrizeDialog({ result, claiming, onClaim, onClose }: Props) {
  const none = result?.prize.kind === 'none';
  return (
    <Dialog
      open={result !== null}
      onClose={onClose}
      title={none ? 'เสียใจด้วย' : 'ยินดีด้วย!'}
      width={380}
      testId="wheel-prize-dialog"
      className="wheel-prize"
      footer={
        result && (
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={claiming}
            onClick={() => onClaim(result.spin_id)}
          >
            {claiming ? 'กำลังบันทึก…' : none ? 'ตกลง' : 'รับรางวัล'}
          </button>
        )
      }
    >
      {result && (
        <div className="wheel-prize__body">
          <p className="wheel-prize__lead">{none ? 'รอบนี้ยังไม่ได้รางวัล' : 'คุณได้รับ'}</p>
          <p className="wheel-prize__label" data-testid="wheel-prize-label" data-index={result.prize_index}>
            {result.prize.label}
          </p>
          {!none && (
            <p className="wheel-prize__note">กดรับรางวัลได้เลย หากยังไม่กดรับ ระบบจะเติมให้อัตโนมัติภายใน 24 ชั่วโมง</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
