import {
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomInt,
  randomUUID,
  sign,
  verify,
} from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readRaw } from './http-kit.ts';
import type { DemoStandIn, StandIn } from './types.ts';

/**
 * Hub88's stand-in (docs/rules/connectors.md §4, docs/rules/casino.md §8), written from Hub88's public
 * documentation of the Operator API:
 * https://docs.hub88.io/developer-docs/operator-api-reference/games-api (game list, game URL; demo is
 * the game URL with currency "XXX"), https://docs.hub88.io/developer-docs/operator-api-reference/wallet-api
 * (the calls Hub88 makes to the operator) and the signing scheme of
 * https://github.com/coingaming/Hub88-Examples (RSA-SHA256 over the raw body, base64, X-Hub88-Signature).
 *
 * It generates Hub88's key pair and, unless given one, the operator's, at start; verifies the operator's
 * signed calls (400 for a body outside the Games API reference's bounds, 401 for a bad signature, 403
 * for a game not enabled, 404 for an unknown operator or game, as Hub88's error list says:
 * https://docs.hub88.io/developer-docs/operator-api-reference/operator-api-overview/error-codes);
 * serves a small catalogue with thumbnails (`category` and `blocked_countries` may be null, as in
 * Hub88's answers); and a playable test game page whose rounds call the operator's Wallet API (bet,
 * then win) with signed requests, checking the signature of each answer.
 */

export interface StandInGame {
  game_code: string;
  name: string;
  product: string;
  category: string | null;
  url_thumb: string;
  url_background: string;
  platforms: string[];
  demo_game_support: boolean;
  freebet_support: boolean;
  enabled: boolean;
  blocked_countries: string[] | null;
}

const pemOf = (k: KeyObject, type: 'spki' | 'pkcs8') => k.export({ type, format: 'pem' }).toString();
const signB64 = (key: KeyObject, raw: string) => sign('sha256', Buffer.from(raw), key).toString('base64');
const verifyB64 = (key: KeyObject, raw: Buffer | string, sig: string) => {
  try {
    return verify('sha256', Buffer.isBuffer(raw) ? raw : Buffer.from(raw), key, Buffer.from(sig, 'base64'));
  } catch {
    return false;
  }
};

/** The operator's wallet answer as the stand-in received it. */
export interface WalletReply {
  http: number;
  body: Record<string, unknown>;
  /** Whether X-Hub88-Signature verified against the operator's public key. */
  signed: boolean;
}

export interface Hub88StandIn extends StandIn {
  operatorId: number;
  /** Hub88's public key (PEM): the operator's HUB88_PUBLIC_KEY. */
  hub88PublicKey: string;
  /** The operator's private key (PEM) when the stand-in generated the pair: HUB88_PRIVATE_KEY. */
  operatorPrivateKey: string | null;
  /** Where the operator's Wallet API is (e.g. http://127.0.0.1:3000/hub88); may be set after start. */
  walletUrl: string;
  /** The catalogue it serves (tests change it between syncs). */
  games: StandInGame[];
  /** The body of the last `/game/url` call it accepted (tests read what the operator sent). */
  lastGameUrlRequest: Record<string, unknown> | null;
  /** Sends a signed Wallet API call to the operator, as Hub88 does. `signature` replaces the real one. */
  callWallet(
    path: string,
    body: Record<string, unknown>,
    opts?: { signature?: string },
  ): Promise<WalletReply>;
  /** The user and token a /game/url call opened a session with (tests act as Hub88 with them). */
  session(id: string): { user: string | null; token: string | null } | undefined;
  /** Plays one round of a session opened by /game/url: a bet of `stake` units, then its win (0 or 2×). */
  playRound(sessionId: string, stake: number): Promise<{ bet: WalletReply; win: WalletReply | null }>;
}

/** The environment a demo start sets for the adapter (docs/rules/casino.md §8). */
export function hub88Env(s: Hub88StandIn): Record<string, string> {
  return {
    HUB88_API_URL: s.url,
    HUB88_OPERATOR_ID: String(s.operatorId),
    HUB88_PUBLIC_KEY: s.hub88PublicKey,
    ...(s.operatorPrivateKey ? { HUB88_PRIVATE_KEY: s.operatorPrivateKey } : {}),
  };
}

function demoCatalogue(base: string): StandInGame[] {
  const g = (
    code: string,
    name: string,
    product: string,
    category: string,
    extra: Partial<StandInGame> = {},
  ): StandInGame => ({
    game_code: code,
    name,
    product,
    category,
    url_thumb: `${base}/thumbs/${code}.svg`,
    url_background: `${base}/thumbs/${code}.svg`,
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
    demo_game_support: true,
    freebet_support: false,
    enabled: true,
    blocked_countries: [],
    ...extra,
  });
  return [
    g('sdl_baccarat_live', 'บาคาร่าสด โต๊ะทดสอบ', 'ค่ายทดสอบ คาสิโนสด', 'Live Casino', {
      demo_game_support: false,
    }),
    g('sdl_roulette_live', 'รูเล็ตสด โต๊ะทดสอบ', 'ค่ายทดสอบ คาสิโนสด', 'Live Casino', {
      demo_game_support: false,
    }),
    g('sds_dragon_slot', 'สล็อตมังกรทดสอบ', 'ค่ายทดสอบ สล็อต', 'Video Slots'),
    g('sds_lucky_fruits', 'ผลไม้นำโชคทดสอบ', 'ค่ายทดสอบ สล็อต', 'Video Slots'),
    g('sdf_ocean_fishing', 'ยิงปลาทะเลลึกทดสอบ', 'ค่ายทดสอบ ยิงปลา', 'Fishing Games'),
    g('sds_blocked_here', 'เกมที่ปิดในประเทศไทย', 'ค่ายทดสอบ สล็อต', 'Video Slots', { blocked_countries: ['TH'] }),
  ];
}

const thumbSvg = (name: string, hue: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">` +
  `<rect width="300" height="300" rx="24" fill="hsl(${hue} 60% 30%)"/>` +
  `<circle cx="150" cy="120" r="70" fill="hsl(${hue} 80% 60%)"/>` +
  `<text x="150" y="250" font-size="22" text-anchor="middle" fill="#fff" font-family="sans-serif">${name
    .replace(/[<&>]/g, '')
    .slice(0, 18)}</text></svg>`;

const gamePage = (title: string, sessionId: string, demo: boolean) => `<!doctype html>
<html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title.replace(/[<&>]/g, '')}</title>
<style>body{font-family:sans-serif;background:#10141f;color:#fff;text-align:center;padding:24px}
button{font-size:20px;padding:12px 32px;border-radius:12px;border:0;background:#f5b800}
#balance{font-size:28px;margin:16px}</style></head>
<body><h1>${title.replace(/[<&>]/g, '')}</h1>
<div>${demo ? 'โหมดทดลองเล่น' : 'เล่นด้วยเงินจริง'} · เดิมพันรอบละ 10 บาท</div>
<div id="balance" data-testid="standin-balance">ยอดเงิน …</div>
<button id="spin" data-testid="standin-spin">หมุน</button>
<div id="result" data-testid="standin-result"></div>
<script>
const sid=${JSON.stringify(sessionId)};
const show=(b)=>{document.getElementById('balance').textContent='ยอดเงิน '+b+' บาท'};
fetch('/session/balance?s='+encodeURIComponent(sid)).then(r=>r.json()).then(a=>show(a.balance));
document.getElementById('spin').onclick=async()=>{
  const r=await (await fetch('/session/round?s='+encodeURIComponent(sid),{method:'POST'})).json();
  if(r.balance!==undefined)show(r.balance);
  document.getElementById('result').textContent=r.ok?(r.win>0?'ชนะ '+r.win+' บาท':'ไม่ได้รางวัล'):'เดิมพันไม่สำเร็จ';
};
</script></body></html>`;

interface Session {
  user: string | null;
  token: string | null;
  currency: string;
  game: StandInGame;
  demo: boolean;
  demoBalance: number;
  rounds: number;
}

const STAKE_UNITS = 1_000_000; // 10 THB in Hub88 units (×100000)
const baht = (units: number) => (units / 100_000).toFixed(2);

export async function startHub88StandIn(
  opts: { walletUrl?: string; operatorPublicKey?: string; operatorId?: number; host?: string } = {},
): Promise<Hub88StandIn> {
  const hub88 = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let operatorPrivateKey: string | null = null;
  let operatorPublic: KeyObject;
  if (opts.operatorPublicKey) operatorPublic = createPublicKey(opts.operatorPublicKey);
  else {
    const op = generateKeyPairSync('rsa', { modulusLength: 2048 });
    operatorPrivateKey = pemOf(op.privateKey, 'pkcs8');
    operatorPublic = op.publicKey;
  }
  const operatorId = opts.operatorId ?? 1;
  const sessions = new Map<string, Session>();

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  async function callWallet(
    path: string,
    body: Record<string, unknown>,
    o: { signature?: string } = {},
  ): Promise<WalletReply> {
    const raw = JSON.stringify(body);
    const res = await fetch(`${s.walletUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub88-signature': o.signature ?? signB64(hub88.privateKey, raw),
      },
      body: raw,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    const sig = res.headers.get('x-hub88-signature') ?? '';
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { unparsed: text.slice(0, 200) };
    }
    return { http: res.status, body: parsed, signed: sig !== '' && verifyB64(operatorPublic, text, sig) };
  }

  const txBody = (ss: Session, roundId: string) => ({
    user: ss.user,
    token: ss.token,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    supplier_transaction_id: randomUUID(),
    supplier_user: `standin_${ss.user}`,
    round: roundId,
    round_closed: false,
    game_code: ss.game.game_code,
    currency: ss.currency,
    is_free: false,
    is_aggregated: false,
    bet: 'spin',
    meta: {},
  });

  async function playRound(sessionId: string, stake: number) {
    const ss = sessions.get(sessionId);
    if (!ss || ss.demo) throw new Error('no real-money session');
    const round = randomUUID();
    const betReq = { ...txBody(ss, round), amount: stake };
    const bet = await callWallet('/transaction/bet', betReq);
    if (bet.body.status !== 'RS_OK') return { bet, win: null };
    // The outcome is drawn with node:crypto; a losing round still closes with a win of 0.
    const amount = randomInt(2) === 1 ? stake * 2 : 0;
    const win = await callWallet('/transaction/win', {
      ...txBody(ss, round),
      round_closed: true,
      reference_transaction_uuid: betReq.transaction_uuid,
      amount,
    });
    ss.rounds++;
    return { bet, win };
  }

  async function operatorCall(req: IncomingMessage, res: ServerResponse, path: string) {
    const raw = await readRaw(req);
    const sig = String(req.headers['x-hub88-signature'] ?? '');
    if (!sig) return send(res, 401, { error: 'Signature header x-hub88-signature is missing' });
    if (!verifyB64(operatorPublic, raw, sig))
      return send(res, 401, { error: 'Request signature is invalid' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return send(res, 400, { error: 'Invalid request parameters' });
    }
    if (body.operator_id !== operatorId) return send(res, 404, { error: 'Operator not found' });
    if (path === '/operator/generic/v2/game/list') return send(res, 200, s.games);
    if (path === '/operator/generic/v2/game/url') {
      const game = s.games.find((g) => g.game_code === body.game_code);
      if (!game) return send(res, 404, { error: 'Game not found' });
      if (!game.enabled) return send(res, 403, { error: 'Game is not enabled for the operator' });
      const demo = body.currency === 'XXX';
      if (demo && !game.demo_game_support) return send(res, 403, { error: 'Demo is not supported' });
      if (!demo && (typeof body.user !== 'string' || typeof body.token !== 'string'))
        return send(res, 400, { error: 'Invalid or missing request parameters' });
      if (typeof body.currency !== 'string')
        return send(res, 400, { error: 'Invalid or missing request parameters' });
      // The Games API reference's constraints on the body: platform GPL_DESKTOP or GPL_MOBILE (required),
      // user at least 3 characters, token 10 to 255, lobby_url at most 255.
      const str = (v: unknown, min: number, max: number) =>
        typeof v === 'string' && v.length >= min && v.length <= max;
      if (
        (body.platform !== 'GPL_DESKTOP' && body.platform !== 'GPL_MOBILE') ||
        (body.user !== undefined && !str(body.user, 3, 255)) ||
        (body.token !== undefined && !str(body.token, 10, 255)) ||
        (body.lobby_url !== undefined && !str(body.lobby_url, 1, 255))
      )
        return send(res, 400, { error: 'Invalid or missing request parameters' });
      s.lastGameUrlRequest = body;
      const id = randomUUID();
      sessions.set(id, {
        user: demo ? null : (body.user as string),
        token: demo ? null : (body.token as string),
        currency: body.currency,
        game,
        demo,
        demoBalance: 100_000_000,
        rounds: 0,
      });
      return send(res, 200, { url: `${s.url}/play/${encodeURIComponent(game.game_code)}?s=${id}` });
    }
    return send(res, 404, { error: 'Not found' });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://standin');
    if (req.method === 'POST' && url.pathname.startsWith('/operator/generic/v2/'))
      return operatorCall(req, res, url.pathname);
    const thumb = /^\/thumbs\/([\w-]+)\.svg$/.exec(url.pathname);
    if (req.method === 'GET' && thumb) {
      const i = s.games.findIndex((g) => g.game_code === thumb[1]);
      const g = s.games[i];
      return g ? send(res, 200, thumbSvg(g.name, (i * 67) % 360), 'image/svg+xml') : send(res, 404, {});
    }
    const sid = url.searchParams.get('s') ?? '';
    const ss = sessions.get(sid);
    if (req.method === 'GET' && url.pathname.startsWith('/play/')) {
      return ss
        ? send(res, 200, gamePage(ss.game.name, sid, ss.demo), 'text/html')
        : send(res, 404, 'ไม่พบเกม', 'text/plain');
    }
    if (!ss) return send(res, 404, { error: 'Session not found' });
    if (req.method === 'GET' && url.pathname === '/session/balance') {
      if (ss.demo) return send(res, 200, { balance: baht(ss.demoBalance) });
      const a = await callWallet('/user/balance', {
        user: ss.user,
        token: ss.token,
        request_uuid: randomUUID(),
        game_code: ss.game.game_code,
      });
      return send(res, 200, { balance: typeof a.body.balance === 'number' ? baht(a.body.balance) : '-' });
    }
    if (req.method === 'POST' && url.pathname === '/session/round') {
      if (ss.demo) {
        const win = randomInt(2) === 1 ? STAKE_UNITS * 2 : 0;
        ss.demoBalance += win - STAKE_UNITS;
        return send(res, 200, { ok: true, win: baht(win), balance: baht(ss.demoBalance) });
      }
      const { bet, win } = await playRound(sid, STAKE_UNITS);
      const last = win ?? bet;
      const ok = bet.body.status === 'RS_OK' && win?.body.status === 'RS_OK' && bet.signed && win.signed;
      return send(res, 200, {
        ok,
        win: win ? baht(Number((win.body.balance as number) - (bet.body.balance as number))) : '0.00',
        balance: typeof last.body.balance === 'number' ? baht(last.body.balance) : undefined,
      });
    }
    return send(res, 404, { error: 'Not found' });
  }

  const server = await listen(handle, {
    host: opts.host,
    onError: (res) => send(res, 500, { error: 'Internal server error' }),
  });
  const base = server.url;

  const s: Hub88StandIn = {
    name: 'Games (Hub88 stand-in)',
    url: base,
    operatorId,
    hub88PublicKey: pemOf(hub88.publicKey, 'spki'),
    operatorPrivateKey,
    walletUrl: opts.walletUrl ?? '',
    games: demoCatalogue(base),
    lastGameUrlRequest: null,
    callWallet,
    playRound,
    session: (id) => {
      const ss = sessions.get(id);
      return ss && { user: ss.user, token: ss.token };
    },
    close: server.close,
  };
  return s;
}

/** The demo start's line (standins/index.ts): when no HUB88_API_URL is set, the stand-in takes its place. */
export const hub88DemoStandIn: DemoStandIn = {
  wanted: (env) => !env.HUB88_API_URL,
  async start(env) {
    const s = await startHub88StandIn({
      walletUrl: env.HUB88_WALLET_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}/hub88`,
    });
    Object.assign(env, hub88Env(s));
    return s;
  },
};
