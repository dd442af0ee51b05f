import type { CallInputOf, DataOf, Endpoint, Envelope, Route } from '@chok/contract/endpoint';
import { useSession } from '../stores/session';
import { navigateTo } from './navigation';

export const SESSION_EXPIRED = 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง';
const NETWORK_ERROR = 'ไม่สามารถเชื่อมต่อระบบได้ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองใหม่';
const UNKNOWN_ERROR = 'ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง';

/** A refused or failed call: the server's Thai message, and its per-field messages for forms. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly error: number,
    readonly status: number,
    readonly fields: Record<string, string> = {},
    /** The catalogue's name of the refusal (`WITHDRAWAL_NAME_CHECK_REQUIRED`), when sent. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What a caller sends to `R`'s endpoint: path parameters, query and body as one object. */
export type Input<R> = R extends Route<infer E> ? CallInputOf<E> : never;
/** What `R`'s endpoint answers (the envelope's `data`). */
export type Data<R> = R extends Route<infer E> ? DataOf<E> : never;

export interface HttpRequest {
  method: Route['method'];
  url: string;
  body?: Record<string, unknown>;
}

/**
 * The HTTP request calling `route` with `input`: `:name` path parameters filled in, the other fields
 * the query of a GET (empty ones left out) or the JSON body of anything else.
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

/** Ends the session on this side and goes to the login screen. */
export function endSession(): void {
  useSession.getState().clear();
  navigateTo('/login');
}

/**
 * The console's one API client: calls a contract endpoint by its generated route
 * (`@chok/contract/routes/<module>`), typed by the endpoint, with the staff bearer token. A 401 ends
 * the session (back to the login screen); any refusal throws an ApiError with the Thai `message`
 * and `fields` of the envelope.
 */
export async function call<E extends Endpoint>(route: Route<E>, input: CallInputOf<E>): Promise<DataOf<E>> {
  const { method, url, body } = requestOf(route, input ?? {});
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = useSession.getState().token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  } catch {
    throw new ApiError(NETWORK_ERROR, -1, 0);
  }
  let envelope: Envelope<DataOf<E>> | null = null;
  try {
    envelope = (await res.json()) as Envelope<DataOf<E>>;
  } catch {
    envelope = null;
  }
  if (res.status === 401 && token) {
    endSession();
    throw new ApiError(SESSION_EXPIRED, envelope?.error ?? 401, 401);
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

/** The per-field messages of a refusal (empty for anything else). */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? err.fields : {};
}
