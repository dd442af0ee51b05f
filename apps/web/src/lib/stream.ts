import * as system from '@chok/contract/routes/system';
import { useEffect, useRef } from 'react';
import { useLocalData } from '../stores/local';
import { type Input, requestOf } from './api';

export type StreamHandler = (event: string, topic: string, data: unknown) => void;

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
 * Server-sent events from /api/stream: public `topics` plus, with a member token, the member's
 * private topic. Read with fetch so the token travels in the Authorization header, never in the URL
 * (docs/decisions/0007-stream-auth.md). Reconnects after a drop, waiting the server's `retry`; stops
 * for good on 400 or 401 (a bad request or a token the server no longer accepts).
 */
export function openStream(
  topics: readonly string[],
  token: string | null,
  onEvent: StreamHandler,
  events: readonly string[],
) {
  const query: Input<typeof system.stream> = { topics: topics.join(',') };
  const { url } = requestOf(system.stream, query);
  const wanted = new Set(events);
  const controller = new AbortController();
  const { signal } = controller;
  let retryMs = RETRY_MS;

  const onFrame = (event: string, data: string) => {
    if (!wanted.has(event)) return;
    try {
      const frame = JSON.parse(data) as { topic: string; data: unknown };
      onEvent(event, frame.topic, frame.data);
    } catch {
      // a malformed frame is skipped
    }
  };

  void (async () => {
    while (!signal.aborted) {
      try {
        const res = await fetch(url, {
          headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          cache: 'no-store',
          signal,
        });
        if (res.status === 400 || res.status === 401) return;
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

/** Subscribes while mounted; the handler may change between renders without reconnecting. */
export function useStream(
  topics: readonly string[],
  events: readonly string[],
  onEvent: StreamHandler,
  enabled = true,
) {
  const token = useLocalData((s) => s.token);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = `${topics.join(',')}|${events.join(',')}|${token ?? ''}|${enabled}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` captures every input
  useEffect(() => {
    if (!enabled || typeof fetch === 'undefined' || typeof ReadableStream === 'undefined') return;
    return openStream(topics, token, (e, t, d) => handler.current(e, t, d), events);
  }, [key]);
}
