import { AppError } from '../../platform/errors.ts';

/** What LINE vouches for about the person holding an ID token. */
export interface LineIdentity {
  /** LINE's user id (`sub`): "U" and 32 hexadecimal digits. */
  userId: string;
  displayName: string | null;
}

/** Asks LINE who an ID token belongs to. */
export interface LineVerifier {
  verify(idToken: string): Promise<LineIdentity>;
}

/** The LINE Login channel of a LIFF app: a LIFF id is `<channel id>-<suffix>`. */
export function channelIdOf(liffId: string): string {
  return liffId.split('-')[0] ?? liffId;
}

const ISSUER = 'https://access.line.me';
const USER_ID = /^U[0-9a-f]{32}$/;

/**
 * The adapter to LINE's verify endpoint (`POST https://api.line.me/oauth2/v2.1/verify`, form fields
 * `id_token` and `client_id`): LINE checks the token's signature, expiry and audience and answers its
 * claims, or HTTP 400 for a token it refuses. The answer is checked again here (issuer, audience = our
 * channel, a user id) and only its claims are kept; nothing the browser says about the person is used.
 */
export function lineVerifier(opts: {
  url: string;
  channelId: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): LineVerifier {
  const doFetch = opts.fetch ?? fetch;
  return {
    async verify(idToken) {
      let res: Response;
      try {
        res = await doFetch(opts.url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ id_token: idToken, client_id: opts.channelId }).toString(),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000),
        });
      } catch {
        throw new AppError('LINE_UNAVAILABLE');
      }
      // 400: LINE refused the token (forged, expired, another channel's, malformed).
      if (res.status === 400 || res.status === 401) throw new AppError('LINE_TOKEN_INVALID');
      if (res.status !== 200) throw new AppError('LINE_UNAVAILABLE');
      let claims: Record<string, unknown>;
      try {
        claims = (await res.json()) as Record<string, unknown>;
      } catch {
        throw new AppError('LINE_UNAVAILABLE');
      }
      const aud = claims.aud;
      if (
        claims.iss !== ISSUER ||
        (Array.isArray(aud) ? !aud.includes(opts.channelId) : aud !== opts.channelId) ||
        typeof claims.sub !== 'string' ||
        !USER_ID.test(claims.sub)
      )
        throw new AppError('LINE_TOKEN_INVALID');
      const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 100) : '';
      return { userId: claims.sub, displayName: name === '' ? null : name };
    },
  };
}
