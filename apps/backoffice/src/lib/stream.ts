import { openEventStream } from '@chok/client/stream';
import { adminStream } from '@chok/contract/routes/admin-console';
import { requestOf } from './api';

/**
 * The staff event stream (GET /api/admin/stream), read with fetch so the token travels in the
 * Authorization header, never in the URL (docs/decisions/0007-stream-auth.md). Reconnects after a
 * drop; stops on 401/403 (the session ended). Returns the function that closes it.
 */
export function openStaffStream(
  token: string,
  onEvent: (event: string, data: unknown) => void,
  onUnauthorized: () => void,
): () => void {
  const { url } = requestOf(adminStream, {});
  return openEventStream(
    url,
    { authorization: `Bearer ${token}` },
    (event, frame) => onEvent(event, (frame as { data: unknown }).data),
    (status) => {
      if (status === 401) {
        onUnauthorized();
        return true;
      }
      return status === 400 || status === 403;
    },
  );
}
