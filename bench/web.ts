/**
 * The member site and the console's login over the wire: `npm run bench:web`. Builds the sites if
 * their sources changed, starts the product as `npm start` does (embedded PostgreSQL, demo seed) on
 * free ports, and records
 *   - what each public page of the member site downloads (gzip and brotli,
 *     apps/web/scripts/bundle-report.mjs) against its JavaScript gzip budget (150 KB), and what the
 *     console's first screens download — its login screen, and the first screen after login — against
 *     theirs (250 KB, apps/backoffice/scripts/bundle-report.mjs), and
 *   - Lighthouse's mobile performance (its default config: a mid-range phone, simulated slow 4G and
 *     4× CPU slowdown) for each route, the median of WEB_BENCH_RUNS runs (default 3), each in a fresh
 *     Debian Chromium (/usr/bin/chromium, or CHROMIUM_PATH) headless,
 * into bench/results/web.json (each run's full Lighthouse report beside it as web-lhr-*.json).
 * WEB_BENCH_RUNS and WEB_BENCH_ROUTES (comma-separated) change how often and what it measures.
 * Lighthouse's simulated throttling scales with this machine's speed: note the load average and
 * Lighthouse's benchmark index (printed and recorded) when comparing runs. Exits non-zero when a
 * route's or a console screen's JavaScript is over budget.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { freePort } from '../apps/server/test/postgres.ts';
import { scratchDataDir, startProduct } from '../apps/server/test/product.ts';
import { ensureChromium } from '../e2e/server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = path.join(ROOT, 'bench/results');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 3);
/** The console's login screen, served by the same product (apps/server/src/platform/backoffice-site.ts). */
const CONSOLE_LOGIN = '/backoffice/login';
/** WEB_BENCH_ROUTES=/lotto/lobby (comma-separated) measures a subset. */
const ROUTES = process.env.WEB_BENCH_ROUTES?.split(',') ?? [
  // The member site's public pages (issue 38), rendered on the server (apps/web/src/app/server-rendered.ts).
  '/',
  '/lotto/lobby',
  '/promotions',
  '/lotto/rates',
  '/lotto/results',
  '/lobby/casino',
  CONSOLE_LOGIN,
];
const TARGET_SCORE = 95;

interface Run {
  performance: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  speed_index_ms: number;
  /** Lighthouse's estimate of JavaScript downloaded but not run before the page settled (bytes). */
  unused_js_bytes: number;
  /** Bytes the page transferred (compressed as sent). */
  transfer_bytes: number;
  /**
   * Lighthouse's measure of this machine's speed at the start of the run (a typical desktop scores
   * about 1,000–2,500): it falls when the other work on the machine leaves Chromium less CPU, and so
   * do the scores, since Lighthouse multiplies the observed CPU time by 4.
   */
  benchmark_index: number;
  /** What the largest paint was (Lighthouse's selector of the element): a picture, a heading, a dialog. */
  lcp_element: string;
}

interface BundleReport {
  budget_js_gzip: number;
  routes: Record<string, { js: Record<string, number>; css: Record<string, number> }>;
}

/** A site's bundle report (its scripts/bundle-report.mjs --json): what each of its routes downloads. */
function bundleReport(script: string): BundleReport {
  const report = spawnSync(process.execPath, [script, '--json'], { encoding: 'utf8' });
  if (report.error || !report.stdout) throw report.error ?? new Error(report.stderr);
  return JSON.parse(report.stdout) as BundleReport;
}

const loadavg = () => os.loadavg().map((n) => Number(n.toFixed(2)));

/** Starts Debian's Chromium headless with a fresh profile; resolves once DevTools listens. */
async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'chok-lighthouse-'));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group, so stopping it stops its helper processes too.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not start in 30 s:\n${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('DevTools listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited:\n${output}`));
    });
  });
  return {
    port,
    stop: async () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        child.kill('SIGTERM'); // the group is gone already
      }
      await exited;
      // A helper may still be writing the profile for a moment after the browser exits; a profile
      // left in the temporary folder is not worth losing the measurements for.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (err) {
        console.warn(`could not remove ${profile}: ${(err as Error).message}`);
      }
    },
  };
}

async function lighthouseRun(url: string, file: string): Promise<Run> {
  const chromium = await startChromium();
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr: LighthouseResult = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    writeFileSync(file, result.report as string);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const unused = lhr.audits['unused-javascript']?.details;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp_ms: Math.round(num('first-contentful-paint')),
      lcp_ms: Math.round(num('largest-contentful-paint')),
      tbt_ms: Math.round(num('total-blocking-time')),
      cls: Number(num('cumulative-layout-shift').toFixed(3)),
      speed_index_ms: Math.round(num('speed-index')),
      unused_js_bytes:
        unused && 'overallSavingsBytes' in unused ? Math.round(unused.overallSavingsBytes ?? 0) : 0,
      transfer_bytes: Math.round(num('total-byte-weight')),
      benchmark_index: Math.round(lhr.environment.benchmarkIndex),
      lcp_element: lcpElement(lhr),
    };
  } finally {
    await chromium.stop();
  }
}

/** The selector of the largest paint's element, from the audit that names it ('' when absent). */
function lcpElement(lhr: LighthouseResult): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { selector?: string } }[] }[] }
    | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.selector ?? '';
}

/**
 * A run that Lighthouse itself could not record (now and then NO_NAVSTART: its trace missed the
 * navigation) is run once more in a fresh browser; a second failure ends the bench.
 */
function retryOnce(url: string, file: string) {
  return (err: Error): Promise<Run> => {
    if (!/^Lighthouse: /.test(err.message)) throw err;
    console.warn(`  ${err.message.split('\n')[0]}: running it again`);
    return lighthouseRun(url, file);
  };
}

/** The run with the median performance score (Lighthouse's own advice for several runs). */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

async function main() {
  process.chdir(ROOT);
  mkdirSync(RESULTS, { recursive: true });
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-changed'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);

  const bundle = bundleReport('apps/web/scripts/bundle-report.mjs');
  const consoleBundle = bundleReport('apps/backoffice/scripts/bundle-report.mjs');

  // Debian's full Chromium, as a phone's browser is (the tests use the lighter headless shell).
  await ensureChromium(CHROMIUM, ['chromium', 'fonts-thai-tlwg']);
  const loadBefore = loadavg();
  console.log(
    `\n${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}, load average ${loadBefore.join(' ')}`,
  );
  const data = scratchDataDir('bench-web');
  const product = await startProduct(data.dir);
  const lighthouseResults: Record<string, { median: Run; runs: Run[] }> = {};
  try {
    // A running site has served its pages before: the first answers of a fresh process (the code
    // not yet optimised, the public reads not yet cached) take 10–20 times longer than the rest.
    for (const route of ROUTES)
      for (let i = 0; i < 20; i++) await (await fetch(product.baseUrl + route)).text();
    for (const route of ROUTES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const slug = route === '/' ? 'home' : route.slice(1).replaceAll('/', '-');
        const file = path.join(RESULTS, `web-lhr-${slug}-${i + 1}.json`);
        runs.push(
          await lighthouseRun(product.baseUrl + route, file).catch(retryOnce(product.baseUrl + route, file)),
        );
        const r = runs.at(-1)!;
        console.log(
          `  ${route} run ${i + 1}: performance ${r.performance}, FCP ${r.fcp_ms} ms, LCP ${r.lcp_ms} ms, TBT ${r.tbt_ms} ms, CLS ${r.cls}, SI ${r.speed_index_ms} ms, benchmark index ${r.benchmark_index}, largest paint ${r.lcp_element || '?'}`,
        );
      }
      lighthouseResults[route] = { median: medianRun(runs), runs };
    }
  } finally {
    await product.stop();
    data.remove();
  }
  const loadAfter = loadavg();

  const kb = (n = 0) => (n / 1024).toFixed(1);
  console.log(
    `\n| route | Lighthouse mobile (median of ${RUNS}) | FCP ms | LCP ms | TBT ms | CLS | JS gzip KB | JS br KB |`,
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const route of ROUTES) {
    const m = lighthouseResults[route]!.median;
    const js = (bundle.routes[route] ?? consoleBundle.routes[route])?.js;
    console.log(
      `| \`${route}\` | ${m.performance} (runs ${lighthouseResults[route]!.runs.map((r) => r.performance).join(', ')}) | ${m.fcp_ms} | ${m.lcp_ms} | ${m.tbt_ms} | ${m.cls} | ${kb(js?.gzip)} | ${kb(js?.brotli)} |`,
    );
  }
  for (const [screen, r] of Object.entries(consoleBundle.routes))
    console.log(
      `console \`${screen}\`: JavaScript ${kb(r.js.gzip)} KB gzip, ${kb(r.js.brotli)} KB br (budget ${kb(consoleBundle.budget_js_gzip)} KB gzip)`,
    );
  const indexes = Object.values(lighthouseResults).flatMap((l) => l.runs.map((r) => r.benchmark_index));
  console.log(
    `load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')}; benchmark index ${Math.min(...indexes)}–${Math.max(...indexes)}`,
  );

  const lighthouseVersion = (
    JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const chromiumVersion = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout.trim();
  writeFileSync(
    path.join(RESULTS, 'web.json'),
    `${JSON.stringify(
      {
        name: 'web',
        target_performance: TARGET_SCORE,
        lighthouse: lighthouseResults,
        bundle,
        console_bundle: consoleBundle,
        lighthouse_version: lighthouseVersion,
        chromium: chromiumVersion,
        node: process.version,
        cpus: os.cpus().length,
        load_average: { before: loadBefore, after: loadAfter },
        date: new Date().toISOString(),
      },
      null,
      2,
    )}\n`,
  );

  const over = [bundle, consoleBundle].flatMap((b) =>
    Object.entries(b.routes).filter(([, r]) => (r.js.gzip ?? 0) > b.budget_js_gzip),
  );
  for (const [route] of over) console.error(`JavaScript for \`${route}\` is over budget`);
  if (over.length > 0) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
