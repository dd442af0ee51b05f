// Generated from src/api/wallet.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/wallet.ts';
import type { Route } from '../endpoint.ts';

export const memberStatement: Route<typeof api.memberStatement> = {
  method: 'GET',
  path: '/api/member/statement',
};
export const memberWallets: Route<typeof api.memberWallets> = { method: 'POST', path: '/api/member/wallets' };
