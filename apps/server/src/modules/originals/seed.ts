import type { ModuleSeed } from '../../platform/module.ts';

/** The three shared baccarat rooms (docs/rules/casino.md §5.2), one per baccarat game of the catalogue. */
export const originalsSeed: ModuleSeed = {
  name: 'originals',
  async run(tx) {
    await tx
      .insertInto('baccarat_room')
      .values([
        { id: 1, name: 'ห้องสยาม' },
        { id: 2, name: 'ห้องมรกต' },
        { id: 3, name: 'ห้องทับทิม' },
      ])
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
};
