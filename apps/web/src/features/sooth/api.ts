import * as sooth from '@chok/contract/routes/sooth';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type Data } from '../../lib/api';
import { useStream } from '../../lib/stream';

/** The baccarat roads of the in-house rooms (docs/rules/casino.md §7). */
export type SoothRoom = Data<typeof sooth.soothBaccarat>[number];
export type SoothDetail = Data<typeof sooth.soothDetail>;
export type DerivedKey = 'big_eye_boy' | 'small_road' | 'cockroach_pig';

export const soothKeys = {
  all: ['sooth'] as const,
  rooms: ['sooth', 'rooms'] as const,
  detail: (roomId: number) => ['sooth', 'detail', roomId] as const,
};

export function useSoothRooms() {
  return useQuery({ queryKey: soothKeys.rooms, queryFn: () => call(sooth.soothBaccarat, {}) });
}

export function useSoothDetail(roomId: number | null) {
  return useQuery({
    queryKey: soothKeys.detail(roomId ?? 0),
    queryFn: () => call(sooth.soothDetail, { room_id: roomId! }),
    enabled: roomId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Live: every hand dealt in any listed room reloads the list and that room's roads. */
export function useSoothLive(rooms: readonly SoothRoom[] | undefined) {
  const qc = useQueryClient();
  useStream(
    (rooms ?? []).map((r) => r.topic),
    ['hand'],
    (_event, _topic, data) => {
      const roomId = (data as { room_id?: number } | null)?.room_id;
      void qc.invalidateQueries({ queryKey: soothKeys.rooms });
      if (typeof roomId === 'number') void qc.invalidateQueries({ queryKey: soothKeys.detail(roomId) });
    },
    rooms !== undefined && rooms.length > 0,
  );
}
