import type { GameCategory } from '@chok/contract/api/games';
import type { ModuleSeed } from '../../platform/module.ts';

/** The in-house provider's games: every lobby category has real, playable games (docs/rules/casino.md §5). */
export const IN_HOUSE_PROVIDER = 'chok';

const inHouseGames: {
  code: string;
  name: string;
  categories: GameCategory[];
  is_hot?: boolean;
}[] = [
  { code: 'golden-elephant', name: 'ช้างทอง', categories: ['slot', 'freespin'], is_hot: true },
  { code: 'baccarat-1', name: 'บาคาร่า ห้องสยาม', categories: ['casino'], is_hot: true },
  { code: 'baccarat-2', name: 'บาคาร่า ห้องมรกต', categories: ['casino'] },
  { code: 'baccarat-3', name: 'บาคาร่า ห้องทับทิม', categories: ['casino'] },
  { code: 'fishing', name: 'ยิงปลามังกรทอง', categories: ['fishing'], is_hot: true },
  { code: 'virtual-football', name: 'ฟุตบอลเสมือนจริง', categories: ['sport'] },
];

const lobbies: { lobby_key: string; title: string; banner: string }[] = [
  { lobby_key: '', title: 'เกมทั้งหมด', banner: '/games/art/banner-all.svg' },
  { lobby_key: 'casino', title: 'คาสิโน', banner: '/games/art/banner-casino.svg' },
  { lobby_key: 'slot', title: 'สล็อต', banner: '/games/art/banner-slot.svg' },
  { lobby_key: 'sport', title: 'กีฬา', banner: '/games/art/banner-sport.svg' },
  { lobby_key: 'fishing', title: 'ยิงปลา', banner: '/games/art/banner-fishing.svg' },
  { lobby_key: 'freespin', title: 'ซื้อฟรีสปิน', banner: '/games/art/banner-freespin.svg' },
];

export const gamesSeed: ModuleSeed = {
  name: 'games',
  async run(tx) {
    await tx
      .insertInto('game_provider')
      .values({
        id: IN_HOUSE_PROVIDER,
        name: 'Chok Originals',
        logo: '/games/art/provider-chok.svg',
        secret: null,
        launch_url: null,
        sort_order: 0,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await tx
      .insertInto('game')
      .values(
        inHouseGames.map((g, i) => ({
          provider_id: IN_HOUSE_PROVIDER,
          code: g.code,
          name: g.name,
          image: `/game-art/${g.code}.webp`,
          categories: g.categories,
          is_hot: g.is_hot ?? false,
          sort_order: i,
        })),
      )
      .onConflict((oc) => oc.columns(['provider_id', 'code']).doNothing())
      .execute();
    await tx
      .insertInto('lobby_config')
      .values(
        lobbies.map((l, i) => ({
          lobby_key: l.lobby_key,
          title: l.title,
          config: JSON.stringify({ banner: l.banner }),
          sort_order: i,
        })),
      )
      .onConflict((oc) => oc.column('lobby_key').doNothing())
      .execute();
  },
};
