/**
 * Server-sent events read with fetch, so a token travels in the Authorization header, never in the
 * URL (docs/decisions/0007-stream-auth.md), and reconnected after a drop; shared by the member
 * site's `lib/stream.ts` and the console's.
 */

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

/**
 * Reads server-sent events from a response body: `event:` names the frame, `data:` lines carry its
 * JSON, `retry:` sets the reconnect delay, lines starting with `:` are comments.
 */
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
 * Opens the event stream at `url` and keeps it open: after a drop or an answer that is not a stream
 * it reconnects, waiting the server's `retry` (3 s until one is sent), until closed or `stops`
 * says so. `headers` go beside `accept` (the token); `onEvent` gets each frame's JSON with its event
 * name (a frame that is not JSON, or whose handler throws, is skipped); `stops` says whether an
 * answer's status ends the stream for good (a bad request, a refused token). Returns the function
 * that closes it.
 */
export function openEventStream(
  url: string,
  headers: Record<string, string>,
  onEvent: (event: string, frame: unknown) => void,
  stops: (status: number) => boolean,
): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  let retryMs = RETRY_MS;
  const onFrame = (event: string, data: string) => {
    try {
      onEvent(event, JSON.parse(data));
    } catch {
      // a malformed frame is skipped
    }
  };
  void (async () => {
    while (!signal.aborted) {
      try {
        const res = await fetch(url, {
          headers: { accept: 'text/event-stream', ...headers },
          cache: 'no-store',
          signal,
        });
        if (stops(res.status)) return;
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
