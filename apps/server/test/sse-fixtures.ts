/**
 * A server-sent-events client for the tests of the live feeds (`/api/stream`, `/api/admin/stream`):
 * a real fetch of the stream, read as it arrives, one block (the text between blank lines) at a time.
 */

/** A frame: its `event:` and its `data:` line parsed as JSON. */
export interface SseFrame<T = { topic: string; data: Record<string, unknown> }> {
  event: string;
  data: T;
}

/** The frame a block carries, or undefined for a block without both lines (the `: connected` comment). */
export function frameOf<T = { topic: string; data: Record<string, unknown> }>(
  block: string,
): SseFrame<T> | undefined {
  const event = /^event: (.*)$/m.exec(block)?.[1];
  const data = /^data: (.*)$/m.exec(block)?.[1];
  return event && data ? { event, data: JSON.parse(data) as T } : undefined;
}

/**
 * Opens `url` (with the token in the Authorization header when one is given) and hands each block of
 * its body to `onBlock` as it arrives. `ended()` is true once the body is over: the server ended or
 * cut it, or `close()` aborted it (close waits for the reader to stop).
 */
export async function openSse(url: string, token: string | undefined, onBlock: (block: string) => void) {
  const controller = new AbortController();
  const res = await fetch(url, {
    signal: controller.signal,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  let ended = false;
  const pump = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          onBlock(block);
        }
      }
    } catch {
      // aborted, or cut by the server
    } finally {
      ended = true;
    }
  })();
  return {
    status: res.status,
    ended: () => ended,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
