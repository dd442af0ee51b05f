import { ApiError, send } from '@chok/client/api';
import type { CallInputOf, DataOf, Endpoint, Route } from '@chok/contract/endpoint';
import { useSession } from '../stores/session';
import { navigateTo } from './navigation';

export {
  ApiError,
  type Data,
  errorMessage,
  fieldErrors,
  type HttpRequest,
  type Input,
  requestOf,
} from '@chok/client/api';

export const SESSION_EXPIRED = 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง';

/** Ends the session on this side and goes to the login screen. */
export function endSession(): void {
  useSession.getState().clear();
  navigateTo('/login');
}

/**
 * The console's one API client: calls a contract endpoint by its generated route
 * (`@chok/contract/routes/<module>`), typed by the endpoint (`@chok/client/api`, shared with the
 * member site), with the staff bearer token. A 401 ends the session (back to the login screen); any
 * refusal throws an ApiError with the Thai `message` and `fields` of the envelope.
 */
export async function call<E extends Endpoint>(route: Route<E>, input: CallInputOf<E>): Promise<DataOf<E>> {
  const token = useSession.getState().token;
  return send(route, input, token ? { authorization: `Bearer ${token}` } : {}, (status, envelope) => {
    if (status === 401 && token) {
      endSession();
      throw new ApiError(SESSION_EXPIRED, envelope?.error ?? 401, 401);
    }
  });
}
