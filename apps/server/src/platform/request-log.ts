/**
 * The server's log: one line per request, written as JSON for a log collector, or as a short
 * readable line when the output is a terminal (`npm start` in a shell). Health checks, built files
 * and the server renderer's own in-process reads are logged at `debug`, so at the default `info` the
 * log holds what people and clients asked for (docs/operations.md, "The log").
 */
import { randomBytes } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pretty from 'pino-pretty';

/**
 * Marks the server renderer's in-process reads (`inProcessFetch`): the header carries a value drawn
 * at start, so no client can make its own requests look internal.
 */
export const INTERNAL_REQUEST_HEADER = 'x-chok-internal';
export const INTERNAL_REQUEST_MARK = randomBytes(16).toString('hex');

/** Probes a load balancer or supervisor sends every few seconds. */
const PROBE_PATHS = new Set(['/api/health', '/api/ready', '/api/metrics']);

type Level = 'debug' | 'info' | 'warn' | 'error';

/** The level a finished request is logged at. */
export function requestLevel(req: FastifyRequest, status: number): Level {
  const pathname = req.url.split('?')[0] ?? '';
  // A probe's 503 (not ready: the database away) repeats every few seconds for as long as it lasts.
  if (status >= 500) return PROBE_PATHS.has(pathname) ? 'warn' : 'error';
  const internal = req.headers[INTERNAL_REQUEST_HEADER] === INTERNAL_REQUEST_MARK;
  // The sites' built files (scripts, styles, fonts, pictures) are the only paths with an extension
  // outside the API; a missing one stays at info.
  const builtFile = status < 400 && /\.[a-z0-9]+$/i.test(pathname) && !pathname.startsWith('/api/');
  return internal || builtFile || PROBE_PATHS.has(pathname) ? 'debug' : 'info';
}

/**
 * Where a terminal's log goes: one short coloured line per entry — the time, the level and, for a
 * request, `GET /path 200 12 ms` — to `destination` (stdout by default).
 */
export function terminalStream(destination?: NodeJS.WritableStream) {
  return pretty({
    colorize: destination === undefined,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,method,url,status,ms,ip',
    messageFormat: (log, messageKey) =>
      log.method === undefined
        ? String(log[messageKey] ?? '')
        : `${String(log.method)} ${String(log.url)} ${String(log.status)} ${String(log.ms)} ms`,
    ...(destination ? { destination } : {}),
  });
}

/**
 * Fastify's logger options: pino with the given level and redactions, to `stream` when one is given,
 * else to stdout — as one readable line per entry when stdout is a terminal, JSON otherwise.
 */
export function loggerOptions(opts: {
  level: string;
  redact: string[];
  stream?: { write(line: string): void };
}): FastifyServerOptions['logger'] {
  const stream = opts.stream ?? (process.stdout.isTTY === true ? terminalStream() : undefined);
  return {
    level: opts.level,
    redact: opts.redact,
    hooks: {
      // Fastify announces every address it listens on; main.ts prints one banner instead.
      logMethod(args, method, level) {
        const first = args[0];
        if (level === 30 && typeof first === 'string' && first.startsWith('Server listening at')) {
          this.debug(first);
          return;
        }
        method.apply(this, args);
      },
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * Fastify's request log lines: nothing when a request arrives, one entry when it is answered, at the
 * level `requestLevel` gives — method, URL (`redact` takes out secrets), status, milliseconds and the
 * client's address.
 */
export class RequestLog extends LogController {
  constructor(private readonly redact: (req: FastifyRequest) => string) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, req: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const entry = {
      method: req.method,
      url: this.redact(req),
      status,
      ms: Math.round(reply.elapsedTime),
      ip: req.ip,
    };
    if (error) reply.log.error({ ...entry, err: error }, 'request');
    else reply.log[requestLevel(req, status)](entry, 'request');
  }
}
