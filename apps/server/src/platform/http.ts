import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Endpoint } from '@chok/contract/endpoint';
import { FORBIDDEN_CHARACTER_MESSAGE } from '@chok/contract/validation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Executor, isDatabaseUnavailable } from './db.ts';
import { AppError, envelopeOf } from './errors.ts';

export interface MemberPrincipal {
  memberId: number;
  sessionId: number;
}
export interface StaffPrincipal {
  staffId: number;
  role: 'owner' | 'finance' | 'lotto' | 'support' | 'content';
  sessionId: number;
}

/** Resolves bearer tokens; provided by the auth module when the app is built. */
export interface Authenticators {
  member(token: string): Promise<MemberPrincipal | null>;
  staff(token: string): Promise<StaffPrincipal | null>;
}

/**
 * Checks a logged-in member may call an endpoint at all, before its input is read; provided by the
 * protection module (a time-out or self-exclusion closes play, deposits and rewards,
 * docs/rules/protection.md §3–4). Every other endpoint passes at no cost. `login` is asked by the
 * login itself, once the password is right (a self-exclusion refuses it, §4.2).
 */
export interface MemberGate {
  check(memberId: number, e: Endpoint): Promise<void>;
  /** Refuses the login of a self-excluded member; `ex` reads in the login's transaction. */
  login(memberId: number, ex?: Executor): Promise<void>;
}

export interface HandlerContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** The logged-in member; reading it on a route without one is a 401. */
  readonly member: MemberPrincipal;
  readonly maybeMember: MemberPrincipal | null;
  readonly staff: StaffPrincipal;
  ip: string;
  userAgent: string | null;
  idempotencyKey: string | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

type In<T> = T extends z.ZodType ? z.output<T> : undefined;

// Issue kinds a correct client never produces (wrong types, unknown shapes): HTTP 400. Everything
// else (too short, bad format, failed refinement) is a form error a member can fix: HTTP 200.
const MALFORMED_ISSUES = new Set(['invalid_type', 'unrecognized_keys', 'invalid_union', 'invalid_key']);

export class ValidationError extends Error {
  constructor(
    readonly malformed: boolean,
    readonly fields: Record<string, string>,
  ) {
    super(Object.values(fields)[0] ?? 'คำขอไม่ถูกต้อง');
  }
}

/** A lone UTF-16 surrogate: half of a character, which PostgreSQL's JSON input refuses. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No NUL (no text column stores it) and no lone surrogate (no JSON column, the audit's, stores it). */
const storable = (s: string) => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

/**
 * Whether every string (value or key) is `storable`: the check every request part passes, walked
 * without building a path for each key (a bill's lines are read on every request; the paths are only
 * wanted for the rare refusal, `nulPaths`). Iterative, so a deeply nested body cannot overflow the stack.
 */
function allStorable(value: unknown): boolean {
  if (typeof value === 'string') return storable(value);
  if (value === null || typeof value !== 'object') return true;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const v = stack.pop() as Record<string, unknown>;
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      if (!storable(k)) return false;
      const child = v[k];
      if (typeof child === 'string') {
        if (!storable(child)) return false;
      } else if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return true;
}

/**
 * Paths of every string (value or key) holding a character no column can store (`storable`).
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
function nulPaths(value: unknown, where: string): string[] {
  if (allStorable(value)) return [];
  const found: string[] = [];
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0 && found.length < 20) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!storable(v)) found.push(path || where);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const childPath = path ? `${path}.${k}` : k;
        if (!storable(k)) found.push(childPath);
        else stack.push([child, childPath]);
      }
    }
  }
  return found;
}

/** Whether any string of a parsed body (value or key) holds a NUL character, which SQL text refuses. */
export function holdsNul(value: unknown): boolean {
  return nulPaths(value, '').length > 0;
}

/**
 * A request part checked by its schema, as every route's are: NUL and half characters refused, a
 * wrong type or shape malformed (400), a wrong format a form error (200) — docs/decisions/0003.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  // One check for every string a client sends: a NUL byte is refused before it can reach SQL.
  const nul = nulPaths(value, where);
  if (nul.length > 0) {
    throw new ValidationError(false, Object.fromEntries(nul.map((p) => [p, FORBIDDEN_CHARACTER_MESSAGE])));
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  let malformed = false;
  for (const issue of result.error.issues) {
    if (MALFORMED_ISSUES.has(issue.code)) malformed = true;
    const name = issue.path.length > 0 ? issue.path.join('.') : where;
    fields[name] ??= issue.message;
  }
  throw new ValidationError(malformed, fields);
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

export interface RouteOptions {
  authenticators: Authenticators;
  /** Filled by the protection module; `route` asks it for every member call. */
  memberGate: MemberGate;
  /** This site's agent: a call naming another agent's `agent_id` is refused (AGENT_MISMATCH). */
  agentId: number;
  /** Counts G4 member writes (`Endpoint.memberWritesPerMinute`); see platform/write-quota.ts. */
  takeWriteQuota: (memberId: number, endpoint: string, limit: number) => Promise<boolean>;
  rateLimits: Record<string, number>;
  validateResponses: boolean;
}

/**
 * Registers one contract endpoint: checks auth and roles, validates params, query and body with the
 * contract's schemas, calls the handler and wraps its result in the envelope.
 */
export type BoundRoute = <
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  D extends z.ZodType,
>(
  app: FastifyInstance,
  e: Endpoint<B, Q, P, D>,
  handler: (ctx: HandlerContext<In<B>, In<Q>, In<P>>) => Promise<z.input<D>>,
) => void;

export function bindRoute(opts: RouteOptions): BoundRoute {
  return (app, e, handler) => route(app, opts, e, handler);
}

export function route<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  D extends z.ZodType,
>(
  app: FastifyInstance,
  opts: RouteOptions,
  e: Endpoint<B, Q, P, D>,
  handler: (ctx: HandlerContext<In<B>, In<Q>, In<P>>) => Promise<z.input<D>>,
): void {
  const limit = e.rateLimit ? opts.rateLimits[e.rateLimit] : undefined;
  app.route({
    method: e.method,
    url: e.path,
    config: limit ? { rateLimit: { max: limit, timeWindow: 60_000, bucket: e.rateLimit } } : {},
    handler: async (req, reply) => {
      let member: MemberPrincipal | null = null;
      let staff: StaffPrincipal | null = null;
      const token = bearer(req);
      if (e.auth === 'member' || e.auth === 'optional') {
        member = token ? await opts.authenticators.member(token) : null;
        if (!member && e.auth === 'member') throw new AppError('UNAUTHORIZED');
        if (member) await opts.memberGate.check(member.memberId, e);
      } else if (e.auth === 'staff') {
        staff = token ? await opts.authenticators.staff(token) : null;
        if (!staff) throw new AppError('UNAUTHORIZED');
        if (!e.roles?.includes(staff.role)) throw new AppError('FORBIDDEN');
      }
      const params = (e.params ? parse(e.params, req.params, 'params') : undefined) as In<P>;
      const query = (e.query ? parse(e.query, req.query ?? {}, 'query') : undefined) as In<Q>;
      const body = (e.body ? parse(e.body, req.body, 'body') : undefined) as In<B>;
      // One site serves one agent: lotto, poll and affiliate calls carry its id, and another agent's
      // id is refused before anything runs.
      for (const input of [query, body]) {
        const named = (input as { agent_id?: unknown } | undefined)?.agent_id;
        if (named !== undefined && named !== null && named !== opts.agentId)
          throw new AppError('AGENT_MISMATCH');
      }
      // G4: a write takes its quota once it is well-formed and for this agent, so a refused call
      // changes nothing, the quota included.
      if (e.memberWritesPerMinute !== undefined && member) {
        const ok = await opts.takeWriteQuota(
          member.memberId,
          `${e.method} ${e.path}`,
          e.memberWritesPerMinute,
        );
        if (!ok) throw new AppError('RATE_LIMITED');
      }
      const keyHeader = req.headers['idempotency-key'];
      const ctx: HandlerContext<In<B>, In<Q>, In<P>> = {
        body,
        query,
        params,
        get member() {
          if (!member) throw new AppError('UNAUTHORIZED');
          return member;
        },
        maybeMember: member,
        get staff() {
          if (!staff) throw new AppError('UNAUTHORIZED');
          return staff;
        },
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        idempotencyKey:
          typeof keyHeader === 'string' && keyHeader.length > 0 ? keyHeader.slice(0, 128) : null,
        req,
        reply,
      };
      const data = await handler(ctx);
      if (opts.validateResponses) {
        const checked = e.data.safeParse(data);
        if (!checked.success) {
          throw new Error(`response of ${e.method} ${e.path} breaks the contract: ${checked.error.message}`);
        }
      }
      return e.envelope === false ? data : { error: 0, message: '', data: data ?? null };
    },
  });
}

/**
 * One error handler: catalogue errors → envelope; malformed input → 400; the database away → 503;
 * everything else → 500 without details.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(envelopeOf(err));
    }
    if (err instanceof ValidationError) {
      const appErr = err.malformed
        ? new AppError('MALFORMED_REQUEST', {}, err.fields)
        : new AppError('VALIDATION_FAILED', {}, err.fields);
      const body = envelopeOf(appErr);
      body.message = err.malformed ? `${appErr.message} (${err.message})` : err.message;
      return reply.status(appErr.statusCode).send(body);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: unparseable JSON, wrong content type, body too large, …
      return reply.status(status).send(envelopeOf(new AppError(frameworkCode(status))));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(envelopeOf(new AppError('DATABASE_UNAVAILABLE')));
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send(envelopeOf(new AppError('INTERNAL')));
  });
}

function frameworkCode(status: number) {
  if (status === 403) return 'FORBIDDEN' as const;
  if (status === 404) return 'NOT_FOUND' as const;
  if (status === 429) return 'RATE_LIMITED' as const;
  return 'MALFORMED_REQUEST' as const;
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs (a malformed URL such
 * as `/api/%`, a path parameter over the length limit) gets the envelope too.
 */
export function frameworkErrorAnswer(
  err: Error & { statusCode?: number },
  req: FastifyRequest,
  reply: FastifyReply,
) {
  if ((err.statusCode ?? 500) >= 500) {
    req.log.error({ err }, 'router failed');
    return reply.status(500).send(envelopeOf(new AppError('INTERNAL')));
  }
  return reply.status(400).send(envelopeOf(new AppError('MALFORMED_REQUEST')));
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (oversized headers → 431, a broken
 * request line → 400, a request that never finished → 408) is answered on the socket with the
 * envelope, since no request object exists yet.
 */
export function clientErrorAnswer(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(envelopeOf(new AppError('MALFORMED_REQUEST')));
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  // end() lets the answer reach a client still sending (a destroy would reset it); a client that
  // never closes its side is cut off shortly after.
  setTimeout(() => socket.destroy(), 5_000).unref();
}
