// Generated from src/api/wheel.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/wheel.ts';
import type { Route } from '../endpoint.ts';

export const adminCreateWheelVersion: Route<typeof api.adminCreateWheelVersion> = {
  method: 'POST',
  path: '/api/admin/wheel/versions',
};
export const adminWheelSpins: Route<typeof api.adminWheelSpins> = {
  method: 'GET',
  path: '/api/admin/wheel/spins',
};
export const adminWheelVersions: Route<typeof api.adminWheelVersions> = {
  method: 'GET',
  path: '/api/admin/wheel/versions',
};
export const wheelBoard: Route<typeof api.wheelBoard> = { method: 'GET', path: '/api/wheel/board' };
export const wheelConfig: Route<typeof api.wheelConfig> = { method: 'GET', path: '/api/wheel/config' };
export const wheelConfigV2: Route<typeof api.wheelConfigV2> = { method: 'GET', path: '/api/wheel/config_v2' };
export const wheelHistory: Route<typeof api.wheelHistory> = { method: 'GET', path: '/api/wheel/history' };
export const wheelReward: Route<typeof api.wheelReward> = { method: 'POST', path: '/api/wheel/reward' };
export const wheelSpin: Route<typeof api.wheelSpin> = { method: 'POST', path: '/api/wheel/spin' };
export const wheelSpinV2: Route<typeof api.wheelSpinV2> = { method: 'POST', path: '/api/wheel/spin_v2' };
