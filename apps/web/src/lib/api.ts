import { ApiError, type Fetch, send } from '@chok/client/api';
import type { CallInputOf, DataOf, Endpoint, Route } from '@chok/contract/endpoint';
import { useLocalData } from '../stores/local';
import { useProgress } from '../stores/progress';
import { useSessionData } from '../stores/session';
import { deviceId } from './device';
import { navigateTo } from './navigation';

export {
  ApiError,
  type Data,
  errorMessage,
  type HttpRequest,
  type Input,
  requestOf,
} from '@chok/client/api';

export const SESSION_EXPIRED = 'เซสซั่นหมดอายุ กรุณาลองใหม่';

/**
 * How requests leave: the browser's fetch, or, for a page rendered on the server, the server's own
 * routes in process (entry-server.tsx).
 */
let fetchImpl: Fetch = (url, init) => fetch(url, init);

export function setFetch(fn: typeof fetchImpl): void {
  fetchImpl = fn;
}

export interface CallOptions {
  /** `false`: no redirect on 400/401, the caller handles every failure. */
  errorHandle?: boolean;
  /** Lotto and auth calls turn a 401 into the Thai session-expired error (docs/rules/member-site.md §8). */
  group?: 'auth' | 'lotto';
  /** Sent as the Idempotency-Key header: a retry of a money-moving call returns the first answer. */
  idempotencyKey?: string;
}

function onUnauthorized(): void {
  useLocalData.getState().clearUser();
  useSessionData.getState().clear();
  navigateTo('/login');
}

/**
 * The one API client: calls a contract endpoint by its route (`@chok/contract/routes/*`, method and
 * path from the contract, never typed by hand), typed by the endpoint (`@chok/client/api`, shared
 * with the console); the member's bearer token and device, the progress bar, and the 400/401 rules
 * of docs/rules/member-site.md §8.
 */
export async function call<E extends Endpoint>(
  route: Route<E>,
  input: CallInputOf<E>,
  opts: CallOptions = {},
): Promise<DataOf<E>> {
  const { errorHandle = true } = opts;
  const headers: Record<string, string> = {};
  const token = useLocalData.getState().token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  const device = deviceId();
  if (device) headers['x-device-id'] = device;

  const progress = useProgress.getState();
  progress.start();
  return send(
    route,
    input,
    headers,
    (status, envelope) => {
      if (status === 401) {
        if (errorHandle) onUnauthorized();
        const message = opts.group ? SESSION_EXPIRED : (envelope?.message ?? SESSION_EXPIRED);
        throw new ApiError(message, envelope?.error ?? 401, 401);
      }
      if (status === 400 && errorHandle) {
        navigateTo('/');
      }
    },
    fetchImpl,
    progress.done,
  );
}
