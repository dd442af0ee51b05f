import { useEffect, useRef } from 'react';
import { useLocalData } from '../stores/local';

export type StreamHandler = (event: string, topic: string, data: unknown) => void;

/**
 * Server-sent events from /api/stream: public `topics` plus, with a member token, the member's
 * private topic. EventSource reconnects by itself (the server sends `retry: 3000`).
 */
export function openStream(
  topics: readonly string[],
  token: string | null,
  onEvent: StreamHandler,
  events: readonly string[],
) {
  const params = new URLSearchParams();
  if (topics.length > 0) params.set('topics', topics.join(','));
  if (token) params.set('access_token', token);
  const source = new EventSource(`/api/stream?${params.toString()}`);
  for (const name of events) {
    source.addEventListener(name, (e) => {
      try {
        const frame = JSON.parse((e as MessageEvent<string>).data) as { topic: string; data: unknown };
        onEvent(name, frame.topic, frame.data);
      } catch {
        // a malformed frame is skipped
      }
    });
  }
  return () => source.close();
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
    if (!enabled || typeof EventSource === 'undefined') return;
    return openStream(topics, token, (e, t, d) => handler.current(e, t, d), events);
  }, [key]);
}
