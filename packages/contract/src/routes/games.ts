// Generated from src/api/games.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/games.ts';
import type { Route } from '../endpoint.ts';

export const baccaratBet: Route<typeof api.baccaratBet> = {
  method: 'POST',
  path: '/api/originals/baccarat/bet',
};
export const baccaratTable: Route<typeof api.baccaratTable> = {
  method: 'POST',
  path: '/api/originals/baccarat/table',
};
export const fairRotate: Route<typeof api.fairRotate> = {
  method: 'POST',
  path: '/api/originals/fair/rotate',
};
export const fairRound: Route<typeof api.fairRound> = { method: 'GET', path: '/api/fair/round' };
export const fishShoot: Route<typeof api.fishShoot> = {
  method: 'POST',
  path: '/api/originals/fishing/shoot',
};
export const footballBet: Route<typeof api.footballBet> = {
  method: 'POST',
  path: '/api/originals/football/bet',
};
export const footballBoard: Route<typeof api.footballBoard> = {
  method: 'POST',
  path: '/api/originals/football/board',
};
export const gameDemo: Route<typeof api.gameDemo> = { method: 'POST', path: '/api/game/demo' };
export const gameLink: Route<typeof api.gameLink> = { method: 'POST', path: '/api/game/link' };
export const gameList: Route<typeof api.gameList> = { method: 'GET', path: '/api/game/list' };
export const gameLobby: Route<typeof api.gameLobby> = { method: 'GET', path: '/api/game/lobby' };
export const gameWallets: Route<typeof api.gameWallets> = { method: 'POST', path: '/api/game/wallets' };
export const lobbyConfigs: Route<typeof api.lobbyConfigs> = { method: 'GET', path: '/api/lobby/configs' };
export const originalsHistory: Route<typeof api.originalsHistory> = {
  method: 'POST',
  path: '/api/originals/history',
};
export const originalsSession: Route<typeof api.originalsSession> = {
  method: 'POST',
  path: '/api/originals/session',
};
export const providerAuthenticate: Route<typeof api.providerAuthenticate> = {
  method: 'POST',
  path: '/provider/:provider/authenticate',
};
export const providerCredit: Route<typeof api.providerCredit> = {
  method: 'POST',
  path: '/provider/:provider/credit',
};
export const providerDebit: Route<typeof api.providerDebit> = {
  method: 'POST',
  path: '/provider/:provider/debit',
};
export const providerRollback: Route<typeof api.providerRollback> = {
  method: 'POST',
  path: '/provider/:provider/rollback',
};
export const slotSpinCall: Route<typeof api.slotSpinCall> = {
  method: 'POST',
  path: '/api/originals/slot/spin',
};
