import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../components/AuthCard';
import { type Quest, questKeys, redeemQuest, useQuests } from '../../features/quests/api';
import { QuestCard } from '../../features/quests/QuestCard';
import { errorMessage } from '../../lib/api';
import { useMinimumPending } from '../../lib/pending';
import { formatPoints, refreshRewards, usePoints } from '../../lib/points';
import { toast } from '../../lib/toast';
import '../member.css';
import './quests.css';

const GROUPS: [Quest['period'], string][] = [
  ['daily', 'ภารกิจรายวัน'],
  ['weekly', 'ภารกิจรายสัปดาห์'],
  ['campaign', 'ภารกิจกิจกรรม'],
];

export default function Quests() {
  const queryClient = useQueryClient();
  const { data: loaded, isLoading, isError, error } = useQuests();
  const loading = useMinimumPending(isLoading);
  const quests = loading ? undefined : loaded;
  const { data: points } = usePoints();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function claim(q: Quest) {
    setBusyId(q.id);
    setFormError(null);
    try {
      const r = await redeemQuest(q.id);
      if (r.quest.status === 'held') toast.info('รางวัลอยู่ระหว่างรอตรวจสอบจากเจ้าหน้าที่', { duration: 3000 });
      else toast.success(`รับรางวัลแล้ว: ${r.quest.reward.label}`, { duration: 3000 });
    } catch (err) {
      setFormError(errorMessage(err));
    } finally {
      setBusyId(null);
      void queryClient.invalidateQueries({ queryKey: questKeys.list });
      void refreshRewards(queryClient);
    }
  }

  return (
    <div className="container member-page quests-page">
      <div className="quests-page__head">
        <h1 className="page-title">ภารกิจ</h1>
        <p className="points-chip" data-testid="member-points">
          แต้มสะสม <strong>{points === undefined ? '–' : formatPoints(points.point)}</strong>
        </p>
      </div>
      <p className="quests-page__intro">ทำภารกิจให้ครบตามเป้าหมายในแต่ละรอบ แล้วกดรับรางวัลเป็นแต้มหรือเครดิตฟรี</p>
      {loading && <p className="empty-text">กำลังโหลด…</p>}
      {!loading && isError && <FormAlert message={error.message} />}
      <FormAlert message={formError} />
      {quests && quests.length === 0 && <p className="empty-text">ยังไม่มีภารกิจในขณะนี้</p>}
      {quests &&
        GROUPS.map(([period, title]) => {
          const mine = quests.filter((q) => q.period === period);
          if (mine.length === 0) return null;
          return (
            <section key={period} className="panel quest-group" aria-labelledby={`quests-${period}`}>
              <h2 className="panel__title" id={`quests-${period}`}>
                {title}
              </h2>
              <ul className="quest-list">
                {mine.map((q) => (
                  <QuestCard key={q.id} quest={q} busy={busyId === q.id} onClaim={() => claim(q)} />
                ))}
              </ul>
            </section>
          );
        })}
    </div>
  );
}
