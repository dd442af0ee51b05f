import type { z } from 'zod';

export type StaffRole = 'owner' | 'finance' | 'lotto' | 'support' | 'content';
export type RateLimitGroup = 'login' | 'register' | 'otp' | 'password_reset' | 'staff_login' | 'demo';

/**
 * One endpoint of the API: the server validates with it, the web client is typed by it, and the
 * OpenAPI document is generated from it.
 */
export interface Endpoint<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify-style path, e.g. `/api/admin/banners/:id`. */
  path: string;
  tag: string;
  summary: string;
  /** `none`: anyone; `member`: a member bearer token; `optional`: either; `staff`: a staff session with `roles`. */
  auth: 'none' | 'member' | 'optional' | 'staff';
  roles?: readonly StaffRole[];
  rateLimit?: RateLimitGroup;
  body?: B;
  query?: Q;
  params?: P;
  data: D;
}

export function endpoint<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  D extends z.ZodType = z.ZodType,
>(e: Endpoint<B, Q, P, D>): Endpoint<B, Q, P, D> {
  return e;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
export type BodyOf<E> = E extends Endpoint<infer B, infer _Q, infer _P, infer _D> ? Infer<B> : never;
export type QueryOf<E> = E extends Endpoint<infer _B, infer Q, infer _P, infer _D> ? Infer<Q> : never;
export type ParamsOf<E> = E extends Endpoint<infer _B, infer _Q, infer P, infer _D> ? Infer<P> : never;
export type DataOf<E> = E extends Endpoint<infer _B, infer _Q, infer _P, infer D> ? z.output<D> : never;
/** What the web client sends (before coercion and defaults). */
export type InputOf<E> =
  E extends Endpoint<infer B, infer _Q, infer _P, infer _D>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;

/** The envelope every JSON answer has (ARCHITECTURE.md §4). */
export interface Envelope<T> {
  error: number;
  message: string;
  code?: string;
  data: T;
  fields?: Record<string, string>;
}
