import type { Endpoint } from '@chok/contract/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
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
    super(Object.values(fields)[0] ?? 'invalid request');
  }
}

function parse<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
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
    config: limit ? { rateLimit: { max: limit, timeWindow: '1 minute' } } : {},
    handler: async (req, reply) => {
      let member: MemberPrincipal | null = null;
      let staff: StaffPrincipal | null = null;
      const token = bearer(req);
      if (e.auth === 'member' || e.auth === 'optional') {
        member = token ? await opts.authenticators.member(token) : null;
        if (!member && e.auth === 'member') throw new AppError('UNAUTHORIZED');
      } else if (e.auth === 'staff') {
        staff = token ? await opts.authenticators.staff(token) : null;
        if (!staff) throw new AppError('UNAUTHORIZED');
        if (!e.roles?.includes(staff.role)) throw new AppError('FORBIDDEN');
      }
      const params = (e.params ? parse(e.params, req.params, 'params') : undefined) as In<P>;
      const query = (e.query ? parse(e.query, req.query ?? {}, 'query') : undefined) as In<Q>;
      const body = (e.body ? parse(e.body, req.body, 'body') : undefined) as In<B>;
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
      return { error: 0, message: '', data: data ?? null };
    },
  });
}

/** One error handler: catalogue errors → envelope; malformed input → 400; everything else → 500 without details. */
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
      // Fastify's own refusals: unparseable JSON, wrong content type, body too large.
      const appErr = new AppError(status === 429 ? 'RATE_LIMITED' : 'MALFORMED_REQUEST');
      return reply.status(status).send(envelopeOf(appErr));
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send(envelopeOf(new AppError('INTERNAL')));
  });
}
