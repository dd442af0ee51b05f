import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { FormAlert } from '../components/AuthCard';
import { ConfirmDialog } from '../components/ConfirmDialog';
import {
  type PollChoice,
  type PollConfig,
  pollBaht,
  pollKeys,
  refreshAfterVote,
  submitVote,
  usePollConfig,
  usePollQuota,
  usePollStats,
} from '../features/polls/api';
import { ChoiceCard } from '../features/polls/ChoiceCard';
import { QuotaPanel } from '../features/polls/QuotaPanel';
import { WinnersList } from '../features/polls/WinnersList';
import { errorMessage } from '../lib/api';
import { countdown } from '../lib/countdown';
import { formatDateTime } from '../lib/dates';
import { useMinimumPending } from '../lib/pending';
import { useServerNow } from '../lib/server-clock';
import { toast } from '../lib/toast';
import { useLocalData } from '../stores/local';
import '../features/polls/polls.css';
import './member.css';
import { formatNumber } from '../lib/numbers';

type Poll = PollConfig['poll'];

/** Where the poll stands on the server clock: the countdown to close_at ticks on the server's time. */
function TimeBox({ poll, onPhase }: { poll: Poll; onPhase: () => void }) {
  const now = useServerNow(1000);
  const started = poll.phase === 'upcoming' && new Date(poll.open_at).getTime() <= now;
  const ended = poll.phase === 'open' && new Date(poll.close_at).getTime() <= now;
  const phase = started ? 'open' : ended ? 'closed' : poll.phase;
  // The moment voting opens or closes, the poll and the member's quota are read again.
  useEffect(() => {
    if (started || ended) onPhase();
  }, [started, ended, onPhase]);
  return (
    <div className="poll-time" data-testid="poll-time">
      {phase === 'upcoming' && (
        <>
          <span className="poll-time__label">เริ่มโหวตในอีก</span>
          <strong className="poll-time__clock">{countdown(poll.open_at, now)}</strong>
        </>
      )}
      {phase === 'open' && (
        <>
          <span className="poll-time__label">ปิดโหวตในอีก</span>
          <strong className="poll-time__clock" data-testid="poll-countdown">
            {countdown(poll.close_at, now)}
          </strong>
        </>
      )}
      {phase === 'closed' && <strong className="poll-time__label">ปิดโหวตแล้ว รอประกาศผล</strong>}
      {phase === 'resulted' && <strong className="poll-time__label">ประกาศผลแล้ว</strong>}
      <span className="poll-time__when">ปิดโหวต {formatDateTime(poll.close_at)} น.</span>
    </div>
  );
}

function PollView({ config }: { config: PollConfig }) {
  const { poll, choices } = config;
  const queryClient = useQueryClient();
  const isLoggedIn = useLocalData((s) => s.isLoggedIn);
  const { data: quota } = usePollQuota(poll.id, isLoggedIn);
  const voted = (quota?.used ?? 0) > 0;
  const over = poll.phase === 'closed' || poll.phase === 'resulted';
  const { data: stats } = usePollStats(poll.id, voted || over);
  const [busy, setBusy] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PollChoice | null>(null);
  const onPhase = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: pollKeys.all }),
    [queryClient],
  );

  async function vote(choice: PollChoice) {
    setConfirming(null);
    setBusy(choice.id);
    setFormError(null);
    try {
      const r = await submitVote(poll.id, choice.id);
      toast.success(`โหวตสำเร็จ เหลือ ${r.remaining} สิทธิ์`, { duration: 3000 });
    } catch (err) {
      setFormError(errorMessage(err));
    } finally {
      setBusy(null);
      await refreshAfterVote(queryClient, poll.id);
    }
  }

  const myChoice = quota?.choice_id ?? null;
  const canVote = isLoggedIn && quota?.can_vote === true;
  const actionFor = (c: PollChoice) => {
    if (!canVote) return null;
    if (myChoice === null) return 'โหวต';
    return c.id === myChoice ? `โหวตเพิ่ม (เหลือ ${quota?.remaining ?? 0} สิทธิ์)` : null;
  };
  const countOf = (c: PollChoice) => stats?.choices.find((s) => s.choice_id === c.id) ?? null;

  return (
    <div className="container member-page poll-page">
      <h1 className="page-title">{poll.question}</h1>
      <section className="panel poll-head" aria-label="รายละเอียดโพล">
        {poll.image && <img className="poll-head__image" src={poll.image} alt="" />}
        <div className="poll-head__body">
          {poll.description && <p className="poll-head__text">{poll.description}</p>}
          <TimeBox poll={poll} onPhase={onPhase} />
        </div>
      </section>

      {isLoggedIn && quota && (
        <QuotaPanel quota={quota} choiceLabel={choices.find((c) => c.id === myChoice)?.label ?? null} />
      )}
      {!isLoggedIn && !over && (
        <section className="panel poll-login">
          <p>เข้าสู่ระบบเพื่อร่วมโหวตและลุ้นรับเครดิตฟรี</p>
          <Link to="/login" className="btn btn--primary btn--sm">
            เข้าสู่ระบบ
          </Link>
        </section>
      )}

      <section className="panel" aria-labelledby="poll-choices-title">
        <h2 id="poll-choices-title" className="panel__title">
          ตัวเลือก
          {stats && (
            <span className="poll-total" data-testid="poll-total">
              {' '}
              · โหวตแล้ว {formatNumber(stats.total_votes)} สิทธิ์
            </span>
          )}
        </h2>
        <FormAlert message={formError} />
        <ul className="poll-choices">
          {choices.map((c) => (
            <ChoiceCard
              key={c.id}
              choice={c}
              count={stats ? countOf(c) : null}
              mine={c.id === myChoice}
              winner={c.id === poll.result_choice_id}
              action={actionFor(c)}
              busy={busy === c.id}
              onVote={() => (myChoice === null ? setConfirming(c) : void vote(c))}
            />
          ))}
        </ul>
        {stats && !over && (
          <p className="poll-note">ผลโหวตอัปเดตทุก 1 นาที (ล่าสุด {formatDateTime(stats.cached_at)} น.)</p>
        )}
      </section>

      {poll.phase === 'resulted' && <WinnersList pollId={poll.id} />}

      <section className="panel" aria-labelledby="poll-rules-title">
        <h2 id="poll-rules-title" className="panel__title">
          กติกา
        </h2>
        <ul className="rule-list rule-list--roomy">
          <li>
            สมาชิกทุกคนได้ {poll.rules.base_votes} สิทธิ์ ฝากครบทุก {pollBaht(poll.rules.baht_per_vote)}{' '}
            บาทระหว่างเปิดโพลรับเพิ่ม 1 สิทธิ์ สูงสุด {poll.rules.max_votes} สิทธิ์
          </li>
          <li>ทุกสิทธิ์ไปที่ตัวเลือกแรกที่คุณเลือก เปลี่ยนตัวเลือกภายหลังไม่ได้</li>
          <li>ปิดโหวตตามเวลาที่กำหนด โหวตหลังปิดจะไม่ถูกนับ</li>
          <li>
            ทายถูกรับเครดิตฟรี {pollBaht(poll.rules.reward_per_vote)} บาทต่อสิทธิ์ (ต้องทำยอดเทิร์น 5
            เท่าก่อนย้ายเข้ากระเป๋าหลัก)
          </li>
        </ul>
      </section>

      <ConfirmDialog
        open={confirming !== null}
        title="ยืนยันตัวเลือก"
        text={`เลือก "${confirming?.label ?? ''}" ใช่ไหม? ทุกสิทธิ์โหวตของคุณในโพลนี้จะไปที่ตัวเลือกนี้ และเปลี่ยนภายหลังไม่ได้`}
        confirmText="ยืนยันโหวต"
        cancelText="ยกเลิก"
        onConfirm={() => confirming && void vote(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

/** /poll/{id}: a poll (docs/rules/engagement.md §10); /poll alone shows the current one. */
export default function Poll() {
  const { id } = useParams();
  const valid = id === undefined || /^[1-9]\d{0,9}$/.test(id);
  const { data, isLoading, isError, error } = usePollConfig(valid && id !== undefined ? Number(id) : null);
  const loading = useMinimumPending(valid && !isError && (isLoading || !data));
  if (!loading && (!valid || isError)) {
    return (
      <div className="container member-page poll-page">
        <h1 className="page-title">โพลกิจกรรม</h1>
        <FormAlert message={valid ? (error?.message ?? null) : 'ไม่พบโพลนี้'} />
        <Link to="/" className="btn btn--outline btn--sm poll-back">
          กลับสู่หน้าแรก
        </Link>
      </div>
    );
  }
  if (loading || !data) {
    return (
      <div className="container member-page poll-page">
        <h1 className="page-title">โพลกิจกรรม</h1>
        <p className="empty-text">กำลังโหลด…</p>
      </div>
    );
  }
  return <PollView config={data} />;
}
