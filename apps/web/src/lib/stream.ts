import { openEventStream } from '@chok/client/stream';
import * as system from '@chok/contract/routes/system';
import { useEffect, useRef } from 'react';
import { useLocalData } from '../stores/local';
import { type Input, requestOf } from './api';

export type StreamHandler = (event: string, topic: string, data: unknown) => void;

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
  return openEventStream(
    url,
    token ? { authorization: `Bearer ${token}` } : {},
    (event, frame) => {
      if (!wanted.has(event)) return;
      const { topic, data } = frame as { topic: string; data: unknown };
      onEvent(event, topic, data);
    },
    (status) => status === 400 || status === 401,
  );
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
