import * as polls from '@chok/contract/routes/polls';
import { useId, useState } from 'react';
import { confirm } from '../../components/ConfirmDialog';
import { fromLocalInput, SaveButton, SubmitForm } from '../../components/Field';
import { Loading } from '../../components/Loading';
import { PollPreview } from '../../components/Preview';
import { call, type Data, fieldErrors } from '../../lib/api';
import { orNull, wholeOr, withListError } from '../../lib/editor';
import { formatCount, formatDateTime } from '../../lib/format';
import { useAction, useApi } from '../../lib/query';
import { Inputs } from './SimpleTable';
import './rewards.css';

type Poll = Data<typeof polls.adminPolls>[number];
const statusLabels = { draft: 'ฉบับร่าง', open: 'เผยแพร่แล้ว', closed: 'ปิดโหวต' } as const;
const phaseLabels = {
  upcoming: 'ยังไม่เริ่ม',
  open: 'กำลังโหวต',
  closed: 'หมดเวลาโหวต',
  resulted: 'ประกาศผลแล้ว',
} as const;

type F =
  | 'question'
  | 'description'
  | 'image'
  | 'open_at'
  | 'close_at'
  | 'base_votes'
  | 'baht_per_vote'
  | 'max_votes'
  | 'reward_per_vote'
  | 'choices';
const blank: Record<F, string> = {
  question: '',
  description: '',
  image: '',
  open_at: '',
  close_at: '',
  base_votes: '1',
  baht_per_vote: '1000.00',
  max_votes: '10',
  reward_per_vote: '20.00',
  choices: '',
};

/** One poll's votes per choice as bars, its state and the operator's next step. */
function PollCard({ poll, refresh }: { poll: Poll; refresh: () => void }) {
  const max = Math.max(1, ...poll.choices.map((c) => c.votes));
  const act = (
    title: string,
    message: string,
    run: () => Promise<unknown>,
    success: string,
    danger = false,
  ) =>
    confirm({
      title,
      message,
      confirmLabel: title,
      tone: danger ? 'danger' : 'primary',
      action: run,
      success,
    }).then(refresh);
  const voteOver = poll.phase === 'closed' || poll.status === 'closed';
  return (
    <article className="card" aria-labelledby={`poll-${poll.id}`}>
      <h2 id={`poll-${poll.id}`}>
        #{poll.id} {poll.question}
      </h2>
      <p className="hint">
        {statusLabels[poll.status]} · {phaseLabels[poll.phase]} · {formatDateTime(poll.open_at)} –{' '}
        {formatDateTime(poll.close_at)}
      </p>
      <p>
        ผู้โหวต {formatCount(poll.voters)} คน · {formatCount(poll.total_votes)} โหวต
        {poll.result_choice_id !== null &&
          ` · ผู้ชนะ ${formatCount(poll.winners)} คน (จ่ายแล้ว ${formatCount(poll.winners_paid)})`}
      </p>
      <ul style={{ listStyle: 'none', padding: 0 }} aria-label={`ผลโหวตของโพล ${poll.id}`}>
        {poll.choices.map((c) => (
          <li key={c.id} style={{ marginBottom: 6 }}>
            <span
              className="bar"
              style={{ width: `${Math.max(4, (c.votes / max) * 160)}px` }}
              aria-hidden="true"
            />
            {c.label}: {formatCount(c.votes)} โหวต ({formatCount(c.voters)} คน)
            {poll.result_choice_id === c.id && <span className="badge badge-ok"> ผู้ชนะ</span>}
            {voteOver && poll.result_choice_id === null && (
              <button
                type="button"
                className="btn btn-small"
                style={{ marginLeft: 8 }}
                onClick={() =>
                  void act(
                    'ประกาศผล',
                    `ประกาศ "${c.label}" เป็นผลของโพล และจ่ายเครดิตฟรีให้ผู้ที่โหวตถูก`,
                    () => call(polls.adminSetPollResult, { id: poll.id, choice_id: c.id }),
                    'ประกาศผลและจ่ายรางวัลแล้ว',
                  )
                }
              >
                ประกาศให้ชนะ
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="row">
        {poll.status === 'draft' && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() =>
              void act(
                'เผยแพร่โพล',
                'สมาชิกจะเห็นโพลนี้และโหวตได้ตามช่วงเวลา',
                () => call(polls.adminOpenPoll, { id: poll.id }),
                'เผยแพร่โพลแล้ว',
              )
            }
          >
            เผยแพร่
          </button>
        )}
        {poll.status === 'open' && poll.phase !== 'resulted' && (
          <button
            type="button"
            className="btn btn-danger"
            onClick={() =>
              void act(
                'ปิดโหวต',
                'ปิดรับโหวตตอนนี้',
                () => call(polls.adminClosePoll, { id: poll.id }),
                'ปิดโหวตแล้ว',
                true,
              )
            }
          >
            ปิดโหวตตอนนี้
          </button>
        )}
      </div>
    </article>
  );
}

/** Polls (docs/rules/engagement.md §10): drafts, publishing, votes per choice, the result and its payouts. */
export default function PollsPage() {
  const list = useApi(polls.adminPolls, {});
  const [v, setV] = useState(blank);
  const id = useId();
  const create = useAction(polls.adminCreatePoll, {
    success: 'สร้างโพลฉบับร่างแล้ว',
    refresh: [polls.adminPolls],
  });
  const errors = fieldErrors(create.error);
  const shown = withListError(errors, 'choices');

  const ask = {
    title: 'สร้างโพล',
    message: 'สร้างเป็นฉบับร่าง สมาชิกจะเห็นเมื่อกดเผยแพร่',
    confirmLabel: 'สร้างโพล',
  };
  const submit = () => {
    create.mutate(
      {
        question: v.question,
        description: v.description,
        image: orNull(v.image),
        open_at: fromLocalInput(v.open_at) ?? '',
        close_at: fromLocalInput(v.close_at) ?? '',
        base_votes: wholeOr(v.base_votes),
        baht_per_vote: v.baht_per_vote,
        max_votes: wholeOr(v.max_votes),
        reward_per_vote: v.reward_per_vote,
        choices: v.choices
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean)
          .map((label) => ({ label, image: null })),
      } as never,
      { onSuccess: () => setV(blank) },
    );
  };

  return (
    <>
      <h1>โพล</h1>
      <div className="cards" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(360px, 1fr))' }}>
        {list.data?.map((p) => (
          <PollCard key={p.id} poll={p} refresh={() => void list.refetch()} />
        ))}
      </div>
      {list.data && list.data.length === 0 && <p className="empty">ยังไม่มีโพล</p>}
      {!list.data && <Loading error={list.error} />}
      <SubmitForm
        ask={ask}
        className="card page-block"
        id={id}
        title="สร้างโพลใหม่"
        error={{ error: create.error, fields: errors }}
        onSubmit={submit}
      >
        <Inputs
          idPrefix={id}
          values={v}
          onChange={setV}
          errors={shown}
          fields={[
            { name: 'question', label: 'คำถาม' },
            { name: 'open_at', label: 'เปิดโหวต (เวลาไทย)', type: 'datetime-local' },
            { name: 'close_at', label: 'ปิดโหวต (เวลาไทย)', type: 'datetime-local' },
            { name: 'base_votes', label: 'สิทธิ์โหวตพื้นฐาน' },
            { name: 'baht_per_vote', label: 'ยอดฝากต่อสิทธิ์เพิ่ม (บาท)' },
            { name: 'max_votes', label: 'สิทธิ์สูงสุดต่อคน' },
            { name: 'reward_per_vote', label: 'รางวัลต่อโหวตที่ถูก (บาท)' },
            { name: 'image', label: 'ที่อยู่รูปภาพ (ไม่บังคับ)' },
            { name: 'description', label: 'รายละเอียด', textarea: true },
            { name: 'choices', label: 'ตัวเลือก (บรรทัดละหนึ่งตัวเลือก)', textarea: true },
          ]}
        />
        <PollPreview
          p={{
            question: v.question,
            description: v.description,
            image: v.image,
            closeAt: fromLocalInput(v.close_at) ?? '',
            baseVotes: v.base_votes,
            bahtPerVote: v.baht_per_vote,
            maxVotes: v.max_votes,
            rewardPerVote: v.reward_per_vote,
            choices: v.choices
              .split('\n')
              .map((s) => s.trim())
              .filter(Boolean),
          }}
        />
        <SaveButton saving={create.isPending} label="สร้างโพลฉบับร่าง" savingLabel="กำลังสร้าง…" />
      </SubmitForm>
    </>
  );
}
