import pg from 'pg';

/**
 * Past hands for the /sooth screenshots: a shoe the product has only just started has a few hands,
 * so these are written into a room's open shoe ahead of what the deal job dealt (its hands are
 * numbered on after them), as dealt hands with results. `sequence` is B, P or T per hand, with a
 * trailing `b` for a banker pair and `p` for a player pair (e.g. `Bb Pp T`).
 */
export async function seedShoeHands(databaseUrl: string, roomId: number, sequence: string): Promise<void> {
  const hands = sequence.split(/\s+/).filter(Boolean);
  const winner = { B: 'banker', P: 'player', T: 'tie' } as const;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The deal job opens the room's first shoe as the product starts: wait for it.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const found = await client.query(
        'SELECT 1 FROM baccarat_shoe WHERE room_id = $1 AND closed_at IS NULL',
        [roomId],
      );
      if (found.rowCount) break;
      if (Date.now() > deadline) throw new Error(`room ${roomId} has no open shoe`);
      await client.query('SELECT pg_sleep(0.25)');
    }
    await client.query('BEGIN');
    // The dealer's own lock: no hand of this room is dealt meanwhile.
    await client.query('SELECT id FROM baccarat_room WHERE id = $1 FOR UPDATE', [roomId]);
    const shoe = await client.query<{ id: number; created_at: Date }>(
      'SELECT id, created_at FROM baccarat_shoe WHERE room_id = $1 AND closed_at IS NULL',
      [roomId],
    );
    const open = shoe.rows[0];
    if (!open) throw new Error(`room ${roomId} has no open shoe yet`);
    await client.query('UPDATE baccarat_hand SET hand_no = hand_no + $2 WHERE shoe_id = $1', [
      open.id,
      hands.length,
    ]);
    const first = open.created_at.getTime() - hands.length * 30_000;
    for (const [i, h] of hands.entries()) {
      const opensAt = new Date(first + i * 30_000);
      const closesAt = new Date(opensAt.getTime() + 20_000);
      const result = {
        player: [],
        banker: [],
        player_total: 0,
        banker_total: 0,
        winner: winner[h[0] as keyof typeof winner],
        banker_pair: h.includes('b'),
        player_pair: h.includes('p'),
      };
      await client.query(
        `INSERT INTO baccarat_hand (room_id, shoe_id, hand_no, opens_at, closes_at, dealt_at, result)
         VALUES ($1, $2, $3, $4, $5, $5, $6)`,
        [roomId, open.id, i + 1, opensAt, closesAt, JSON.stringify(result)],
      );
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    await client.end();
  }
}
