import { POLL_DEFAULTS } from '@chok/engine/engagement/poll';
import type { ModuleSeed } from '../../platform/module.ts';
import { insertPollEvent } from '../content/service.ts';
import { insertPoll } from './poll-queries.ts';

const DAY_MS = 86_400_000;

/**
 * Demo data only (SEED_DEMO): an open poll (poll 1) taking votes for 30 days from the seeding, and the
 * event that leads to it (`/poll/1`, docs/rules/engagement.md §10). Operators create their own polls.
 */
export const pollsSeed: ModuleSeed = {
  name: 'polls',
  async run(tx, c) {
    if (!c.demo) return;
    const now = c.now.getTime();
    const poll = await insertPoll(
      tx,
      {
        question: 'บอลคู่เอกสุดสัปดาห์นี้ ใครจะชนะ?',
        description:
          'โหวตได้ 1 สิทธิ์ ฝากครบทุก 1,000 บาทระหว่างเปิดโพลรับเพิ่ม 1 สิทธิ์ (สูงสุด 10 สิทธิ์) ทุกสิทธิ์ไปที่ตัวเลือกแรกที่เลือก ทายถูกรับเครดิตฟรี 20 บาทต่อสิทธิ์',
        image: '/demo/event-football.webp',
        open_at: new Date(now - 3_600_000),
        close_at: new Date(now + 30 * DAY_MS),
        status: 'open',
        base_votes: POLL_DEFAULTS.baseVotes,
        satang_per_vote: POLL_DEFAULTS.satangPerVote,
        max_votes: POLL_DEFAULTS.maxVotes,
        reward_per_vote_satang: POLL_DEFAULTS.rewardPerVote,
        created_by: null,
      },
      [
        { label: 'เจ้าบ้านชนะ', image: '/demo/poll-home.webp' },
        { label: 'เสมอ', image: '/demo/poll-draw.webp' },
        { label: 'ทีมเยือนชนะ', image: '/demo/poll-away.webp' },
      ],
    );
    await insertPollEvent(tx, {
      agent_id: c.config.AGENT_ID,
      title: 'กิจกรรมทายผลบอล',
      image: '/demo/event-football.webp',
      poll_id: poll.id,
      sort_order: 1,
    });
  },
};
