import { generateKeyPairSync, type KeyObject, randomBytes, randomInt, sign, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for LINE's ID-token verify endpoint (`POST /oauth2/v2.1/verify`), answering the way
 * LINE does: it issues ES256-signed ID tokens like the ones `liff.getIDToken()` returns, and its
 * verify endpoint checks the signature, the expiry and the audience (`client_id`), answering the
 * token's claims with HTTP 200 or `{ error: 'invalid_request', error_description }` with HTTP 400.
 * The server under test reaches it through LINE_VERIFY_URL.
 */
export interface LineStandIn {
  /** The verify endpoint's URL (LINE_VERIFY_URL). */
  verifyUrl: string;
  /** The LINE Login channel its tokens are for; the LIFF id is `<channelId>-<suffix>`. */
  channelId: string;
  liffId: string;
  /** An ID token LINE would issue for `sub` (expiring in `expiresIn` seconds; negative: expired). */
  issue(c: { sub: string; name?: string; expiresIn?: number; aud?: string }): string;
  /** The same token signed with a key LINE never had. */
  forge(c: { sub: string; name?: string }): string;
  /** Verify calls received. */
  calls(): number;
  close(): Promise<void>;
}

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

function jwt(key: KeyObject, claims: Record<string, unknown>): string {
  const head = b64url(JSON.stringify({ typ: 'JWT', alg: 'ES256', kid: 'stand-in' }));
  const body = b64url(JSON.stringify(claims));
  const sig = sign('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' });
  return `${head}.${body}.${b64url(sig)}`;
}

/** A LINE user id: "U" and 32 hexadecimal digits. */
export const lineUserId = () => `U${randomBytes(16).toString('hex')}`;

export async function startLineStandIn(): Promise<LineStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const channelId = String(1_600_000_000 + randomInt(99_999_999));
  let calls = 0;

  const refuse = (description: string) => ({
    status: 400,
    body: { error: 'invalid_request', error_description: description },
  });
  function answer(form: URLSearchParams): { status: number; body: unknown } {
    const token = form.get('id_token');
    const clientId = form.get('client_id');
    if (!token || !clientId) return refuse('Required parameter is missing.');
    const [head, body, sig] = token.split('.');
    if (!head || !body || !sig) return refuse('Invalid IdToken.');
    const ok = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(sig, 'base64url'),
    );
    if (!ok) return refuse('Invalid IdToken.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return refuse('IdToken expired.');
    if (claims.aud !== clientId) return refuse('Invalid IdToken Audience.');
    return { status: 200, body: claims };
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      let out: { status: number; body: unknown };
      if (req.method !== 'POST' || req.url !== '/oauth2/v2.1/verify') out = { status: 404, body: {} };
      else if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
        out = refuse('Invalid content type.');
      else {
        calls += 1;
        out = answer(new URLSearchParams(raw));
      }
      res.writeHead(out.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const claimsOf = (c: { sub: string; name?: string; expiresIn?: number; aud?: string }) => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: 'https://access.line.me',
      sub: c.sub,
      aud: c.aud ?? channelId,
      exp: now + (c.expiresIn ?? 3600),
      iat: now,
      amr: ['linesso'],
      name: c.name ?? 'ผู้ใช้ไลน์',
      picture: 'https://profile.line-scdn.net/stand-in',
    };
  };
  return {
    verifyUrl: `http://127.0.0.1:${port}/oauth2/v2.1/verify`,
    channelId,
    liffId: `${channelId}-StandIn1`,
    issue: (c) => jwt(privateKey, claimsOf(c)),
    forge: (c) => jwt(stranger, claimsOf(c)),
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
