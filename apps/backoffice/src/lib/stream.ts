import { adminStream } from '@chok/contract/routes/admin-console';
import { requestOf } from './api';

const RETRY_MS = 3000;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Reads server-sent events from a response body (`event:`, `data:`, `retry:`, `:` comments). */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onFrame: (event: string, data: string) => void,
  onRetry: (ms: number) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
      }
      if (data.length > 0) onFrame(event, data.join('\n'));
    }
  }
}

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
  const controller = new AbortController();
  const { signal } = controller;
  let retryMs = RETRY_MS;
  const onFrame = (event: string, data: string) => {
    try {
      onEvent(event, (JSON.parse(data) as { data: unknown }).data);
    } catch {
      // a malformed frame is skipped
    }
  };
  void (async () => {
    while (!signal.aborted) {
      try {
        const res = await fetch(url, {
          headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
          cache: 'no-store',
          signal,
        });
        if (res.status === 401) return onUnauthorized();
        if (res.status === 400 || res.status === 403) return;
        if (res.ok && res.body) {
          await readEvents(res.body, onFrame, (ms) => {
            retryMs = ms;
          });
        }
      } catch {
        // dropped or aborted: retried below unless closed
      }
      await wait(retryMs, signal);
    }
  })();
  return () => controller.abort();
}
