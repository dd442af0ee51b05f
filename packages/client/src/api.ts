/**
 * The API client both front ends share (the member site's and the console's `lib/api.ts` wrap it
 * with their own token, headers and reactions to a refusal): a contract endpoint called by its
 * generated route (`@chok/contract/routes/<module>`), the envelope unwrapped, a refusal thrown as an
 * `ApiError` with the server's Thai message. No React and no store here: what a 401 does is the
 * app's.
 */
import type { CallInputOf, DataOf, Endpoint, Envelope, Route } from '@chok/contract/endpoint';

const NETWORK_ERROR = 'ไม่สามารถเชื่อมต่อระบบได้ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองใหม่';
const UNKNOWN_ERROR = 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง';

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

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Sees every answer before it is unwrapped: it may throw an error of its own (a 401 that ends the
 * session) or act and let the answer be unwrapped as usual.
 */
export type OnAnswer = (status: number, envelope: Envelope<unknown> | null) => void;

/**
 * Calls `route`'s endpoint with `input` and answers its `data`; throws an `ApiError` when the
 * network fails, the answer is not an envelope, or the envelope is a refusal. `headers` go beside
 * `accept` and `content-type` (the token, an idempotency key); `fetchFn` is how the request leaves
 * (the browser's fetch when not given); `onSettled` is called once it is answered or has failed,
 * before the answer's body is read. (Positional, not an options object: the member site's first
 * screen carries this code, and parameter names minify where property names do not.)
 */
export async function send<E extends Endpoint>(
  route: Route<E>,
  input: CallInputOf<E>,
  headers: Record<string, string>,
  onAnswer?: OnAnswer,
  fetchFn: Fetch = fetch,
  onSettled?: () => void,
): Promise<DataOf<E>> {
  const { method, url, body } = requestOf(route, input ?? {});
  headers = { accept: 'application/json', ...headers };
  if (body) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetchFn(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  } catch {
    throw new ApiError(NETWORK_ERROR, -1, 0);
  } finally {
    onSettled?.();
  }
  // Anything but JSON (a proxy's error page, an empty answer) is no envelope.
  const envelope: Envelope<DataOf<E>> | null = await res.json().catch(() => null);
  onAnswer?.(res.status, envelope);
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

/** The per-field messages of a refusal (empty for anything else). */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? err.fields : {};
}
