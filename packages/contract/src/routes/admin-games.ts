// Generated from src/api/admin-games.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/admin-games.ts';
import type { Route } from '../endpoint.ts';

export const fairSeedsAdmin: Route<typeof api.fairSeedsAdmin> = {
  method: 'GET',
  path: '/api/admin/games/seeds',
};
export const gameProvidersAdmin: Route<typeof api.gameProvidersAdmin> = {
  method: 'GET',
  path: '/api/admin/games/providers',
};
export const gameRoundsAdmin: Route<typeof api.gameRoundsAdmin> = {
  method: 'GET',
  path: '/api/admin/games/rounds',
};
export const gamesAdmin: Route<typeof api.gamesAdmin> = { method: 'GET', path: '/api/admin/games' };
export const rotateFairSeed: Route<typeof api.rotateFairSeed> = {
  method: 'POST',
  path: '/api/admin/games/seeds/:id/rotate',
};
export const updateGame: Route<typeof api.updateGame> = { method: 'PUT', path: '/api/admin/games/:id' };
export const updateGameProvider: Route<typeof api.updateGameProvider> = {
  method: 'PUT',
  path: '/api/admin/games/providers/:id',
};
