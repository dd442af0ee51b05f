import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startEventBus } from './events.ts';

/**
 * The live-feed process (SSE_PROCESS; docs/operations.md, "Live feeds"): a child process of an HTTP process
 * that holds its members' open `/api/stream` connections and writes their frames, so that the
 * HTTP process's event loop — the one answering shots and bills — does not spend its time on
 * thousands of socket writes (docs/benchmarks.md, issue 38).
 *
 * The HTTP process checks the request as always (token, topics, the per-member and per-address
 * slots), answers the stream's head, and then hands the connection's socket to this process over the IPC channel (Node's handle passing: the descriptor moves, the HTTP process keeps
 * no copy). From then on this process writes to it: it has its own LISTEN connection and event bus
 * (platform/events.ts, the same coalescing, slices and backlog limit), the heartbeat, and tells the
 * HTTP process when the connection closed so the slots are given back. If it dies, its connections
 * close (the clients reconnect after `retry`) and the HTTP process starts another one; until it is
 * ready, streams are served by the HTTP process itself as without SSE_PROCESS.
 */

const HEARTBEAT_MS = 20_000;

type ToChild = { type: 'adopt'; id: number; topics: string[]; first: string };
type ToParent = { type: 'ready' } | { type: 'closed'; id: number };

export interface FeedProcess {
  /** Whether a child is up and can take a connection now. */
  ready(): boolean;
  /**
   * Hands the stream's socket (its head already written) to the child, which subscribes it to
   * `topics` and then writes `first`; `closed` is called once when the connection ended, wherever
   * that happened.
   */
  adopt(socket: Socket, topics: readonly string[], first: string, closed: () => void): void;
  /** Connections the child holds (for the process's limit and the SSE gauge). */
  count(): number;
  pid(): number | undefined;
  stop(): Promise<void>;
}

export interface FeedProcessOptions {
  databaseUrl: string;
  backlogMaxBytes: number;
  log: (msg: string, err?: unknown) => void;
}

/**
 * The Node flags of this process the child runs with too, as Node's cluster passes them to its
 * workers: stack traces through the bundle's source maps, the size of V8's helper-thread pool
 * (`npm start` limits it to one, docs/decisions/0082-one-gc-helper-thread.md) and of its young
 * generation (docs/decisions/0085-young-generation-size.md).
 */
export function inheritedFlags(execArgv: readonly string[]): string[] {
  return execArgv.filter(
    (a) =>
      a === '--enable-source-maps' ||
      a.startsWith('--v8-pool-size=') ||
      a.startsWith('--max-semi-space-size='),
  );
}

/** The file the child runs: the bundle's `feed.mjs` beside this code, or the TypeScript entry under tsx. */
function childEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const flags = inheritedFlags(process.execArgv);
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
    return { file: path.join(path.dirname(here), 'feed-child.ts'), execArgv: [...flags, '--import', tsx] };
  }
  return { file: path.join(path.dirname(here), 'feed.mjs'), execArgv: flags };
}

export async function startFeedProcess(o: FeedProcessOptions): Promise<FeedProcess> {
  const open = new Map<number, () => void>();
  let serial = 0;
  let child: ChildProcess | null = null;
  let up = false;
  let stopped = false;
  /** Set once the first child was ready: a first start that fails is the caller's to report. */
  let started = false;
  let restart: NodeJS.Timeout | null = null;

  /** Every connection of a child that is gone has closed with it: its slots are given back. */
  const releaseAll = () => {
    const all = [...open.values()];
    open.clear();
    for (const closed of all) closed();
  };

  const spawn = () =>
    new Promise<void>((resolve, reject) => {
      const entry = childEntry();
      const c = fork(entry.file, [], {
        execArgv: entry.execArgv,
        // Only what it needs: none of the server's other settings and secrets.
        env: {
          ...(process.env.PATH ? { PATH: process.env.PATH } : {}),
          ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
          ...(process.env.NODE_ENV ? { NODE_ENV: process.env.NODE_ENV } : {}),
          CHOK_FEED_DATABASE_URL: o.databaseUrl,
          CHOK_FEED_BACKLOG_BYTES: String(o.backlogMaxBytes),
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      child = c;
      c.on('message', (m: ToParent) => {
        if (m.type === 'ready') {
          up = true;
          resolve();
        } else if (m.type === 'closed') {
          const closed = open.get(m.id);
          open.delete(m.id);
          closed?.();
        }
      });
      c.on('error', (err) => o.log('live-feed process failed', err));
      c.on('exit', (code, signal) => {
        if (child === c) {
          child = null;
          up = false;
        }
        releaseAll();
        reject(new Error(`live-feed process exited (${code ?? signal})`));
        if (stopped || !started) return;
        o.log(`live-feed process exited (${code ?? signal}); starting another`);
        restart = setTimeout(() => {
          restart = null;
          spawn().catch((err) => o.log('live-feed process did not start', err));
        }, 1000);
        restart.unref();
      });
    });
  await spawn();
  started = true;

  return {
    ready: () => up && (child?.connected ?? false),
    adopt(socket, topics, first, closed) {
      const c = child;
      if (!c || !up || socket.destroyed) {
        socket.destroy();
        closed();
        return;
      }
      const id = ++serial;
      open.set(id, closed);
      const msg: ToChild = { type: 'adopt', id, topics: [...topics], first };
      c.send(msg, socket, {}, (err) => {
        // Sent: the descriptor is the child's; the socket object here has no handle left and is
        // dropped without touching the connection. Not sent: the connection is closed here.
        socket.destroy();
        if (err && open.delete(id)) closed();
      });
    },
    count: () => open.size,
    pid: () => child?.pid,
    async stop() {
      stopped = true;
      if (restart) clearTimeout(restart);
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        // It closes its connections and ends at once; one that does not is killed.
        const kill = setTimeout(() => c.kill('SIGKILL'), 5000);
        c.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        c.kill('SIGTERM');
      });
    },
  };
}

/** The child's side: run by feed-child.ts (sources) or the bundle's feed.mjs. */
export async function runFeedChild(): Promise<void> {
  const log = (msg: string, err?: unknown) =>
    process.stderr.write(`[chok live feeds] ${msg}${err ? `: ${String(err)}` : ''}\n`);
  const url = process.env.CHOK_FEED_DATABASE_URL;
  if (!url || !process.send) throw new Error('the live-feed process is started by the server');
  const send = (m: ToParent) => {
    if (process.connected) process.send!(m);
  };
  const bus = await startEventBus(url, log, {
    backlogMaxBytes: Number(process.env.CHOK_FEED_BACKLOG_BYTES) || undefined,
  });
  const streams = new Set<Socket>();

  const adopt = (id: number, topics: string[], first: string, socket: Socket) => {
    let done = false;
    /** One chunk of the response's chunked encoding (the HTTP process answered with it). */
    const chunk = (text: string) => socket.write(`${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`);
    const unsubscribe = bus.subscribe({
      topics: new Set(topics),
      write: chunk,
      backlog: () => socket.writableLength,
      overflow: () => socket.destroy(),
    });
    const end = () => {
      if (done) return;
      done = true;
      unsubscribe();
      streams.delete(socket);
      send({ type: 'closed', id });
    };
    (socket as Socket & { chunk?: typeof chunk }).chunk = chunk;
    streams.add(socket);
    // A client sends nothing more on a stream; whatever it sends is read and dropped.
    socket.on('data', () => {});
    socket.on('error', () => socket.destroy());
    socket.on('close', end);
    if (socket.destroyed) end();
    // Subscribed first: whatever is published after the client reads "connected" reaches it.
    else chunk(first);
  };

  process.on('message', (m: ToChild, handle: unknown) => {
    if (m?.type !== 'adopt') return;
    if (!handle) {
      send({ type: 'closed', id: m.id });
      return;
    }
    adopt(m.id, m.topics, m.first, handle as Socket);
  });
  const heartbeat = setInterval(() => {
    for (const s of streams) (s as Socket & { chunk?: (t: string) => void }).chunk?.(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const stop = async () => {
    clearInterval(heartbeat);
    for (const s of streams) s.destroy();
    await bus.stop();
    process.exit(0);
  };
  // Without its HTTP process it has nothing to do: the server stopped or died.
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => {});
  send({ type: 'ready' });
}
