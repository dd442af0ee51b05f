import type { CallInputOf, DataOf, Endpoint, Envelope, Route } from '@chok/contract/endpoint';
import { useLocalData } from '../stores/local';
import { useProgress } from '../stores/progress';
import { useSessionData } from '../stores/session';
import { deviceId } from './device';
import { navigateTo } from './navigation';

export const SESSION_EXPIRED = 'เซสซั่นหมดอายุ กรุณาลองใหม่';
const NETWORK_ERROR = 'ไม่สามารถเชื่อมต่อระบบได้ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองใหม่';
const UNKNOWN_ERROR = 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง';

/**
 * How requests leave: the browser's fetch, or, for a page rendered on the server, the server's own
 * routes in process (entry-server.tsx).
 */
let fetchImpl: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

export function setFetch(fn: typeof fetchImpl): void {
  fetchImpl = fn;
}

/** A refused or failed call, carrying the server's Thai message and per-field messages. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly error: number,
    readonly status: number,
    readonly fields: Record<string, string> = {},
    /** The catalogue's name for the refusal (`LOTTO_ROUND_NOT_FOUND`), when the server sent one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** `false`: no redirect on 400/401, the caller handles every failure. */
  errorHandle?: boolean;
  /** Lotto and auth calls turn a 401 into the Thai session-expired error (docs/rules/member-site.md §8). */
  group?: 'auth' | 'lotto';
  /** Sent as the Idempotency-Key header: a retry of a money-moving call returns the first answer. */
  idempotencyKey?: string;
}

/** What a client sends to call the route's endpoint: path parameters, query and body as one object. */
export type Input<R> = R extends Route<infer E> ? CallInputOf<E> : never;
/** What the route's endpoint answers (the envelope's `data`). */
export type Data<R> = R extends Route<infer E> ? DataOf<E> : never;

export interface HttpRequest {
  method: Route['method'];
  url: string;
  /** The JSON body of a non-GET call. */
  body?: Record<string, unknown>;
}

/**
 * The HTTP request calling `route` with `input`: the path's `:name` parameters filled in (encoded),
 * the other fields the query of a GET (empty ones left out) or the JSON body of anything else.
 */
export function requestOf(route: Route, input: object = {}): HttpRequest {
  const rest: Record<string, unknown> = { ...input };
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  if (route.method !== 'GET') return { method: route.method, url: path, body: rest };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(rest)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return { method: route.method, url: qs ? `${path}?${qs}` : path };
}

async function readEnvelope<T>(res: Response): Promise<Envelope<T> | null> {
  try {
    return (await res.json()) as Envelope<T>;
  } catch {
    return null;
  }
}

function onUnauthorized(): void {
  useLocalData.getState().clearUser();
  useSessionData.getState().clear();
  navigateTo('/login');
}

/**
 * The one API client: calls a contract endpoint by its route (`@chok/contract/routes/*`, method and
 * path from the contract, never typed by hand), typed by the endpoint; bearer token, envelope
 * unwrapping, and the 400/401 rules of docs/rules/member-site.md §8.
 */
export async function call<E extends Endpoint>(
  route: Route<E>,
  input: CallInputOf<E>,
  opts: CallOptions = {},
): Promise<DataOf<E>> {
  const { method, url, body } = requestOf(route, input ?? {});
  const { errorHandle = true } = opts;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = useLocalData.getState().token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  const device = deviceId();
  if (device) headers['x-device-id'] = device;

  const progress = useProgress.getState();
  progress.start();
  let res: Response;
  try {
    res = await fetchImpl(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  } catch {
    throw new ApiError(NETWORK_ERROR, -1, 0);
  } finally {
    progress.done();
  }

  const envelope = await readEnvelope<DataOf<E>>(res);
  if (res.status === 401) {
    if (errorHandle) onUnauthorized();
    const message = opts.group ? SESSION_EXPIRED : (envelope?.message ?? SESSION_EXPIRED);
    throw new ApiError(message, envelope?.error ?? 401, 401);
  }
  if (res.status === 400 && errorHandle) {
    navigateTo('/');
  }
  if (!envelope) throw new ApiError(UNKNOWN_ERROR, -1, res.status);
  if (envelope.error !== 0 || !res.ok) {
    throw new ApiError(
      envelope.message || UNKNOWN_ERROR,
      envelope.error,
      res.status,
      envelope.fields,
      envelope.code,
    );
  }
  return envelope.data;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : UNKNOWN_ERROR;
}
