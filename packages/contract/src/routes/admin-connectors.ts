// Generated from src/api/admin-connectors.ts by `npm run contract:routes` (scripts/contract-routes.ts): do not edit.
import type * as api from '../api/admin-connectors.ts';
import type { Route } from '../endpoint.ts';

export const connectorList: Route<typeof api.connectorList> = {
  method: 'GET',
  path: '/api/admin/connectors',
};
export const removeConnectorSecret: Route<typeof api.removeConnectorSecret> = {
  method: 'DELETE',
  path: '/api/admin/connectors/:code/secrets/:name',
};
export const setConnectorSecret: Route<typeof api.setConnectorSecret> = {
  method: 'PUT',
  path: '/api/admin/connectors/:code/secrets/:name',
};
export const testConnector: Route<typeof api.testConnector> = {
  method: 'POST',
  path: '/api/admin/connectors/:code/test',
};
