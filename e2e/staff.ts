import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** Demo staff of the seed (apps/server/src/seed/demo.ts). */
/** The seeded staff's TOTP secrets (README, apps/server/src/seed/demo.ts). */
const STAFF = {
  owner: 'CHOKOWNERDEMOAAA',
  finance: 'CHOKFINANCEDEMOA',
  lotto: 'CHOKLOTTODEMOAAA',
  support: 'CHOKSUPPORTDEMOA',
  content: 'CHOKCONTENTDEMOA',
} as const;

export const STAFF_USERNAMES = Object.keys(STAFF) as (keyof typeof STAFF)[];

/** Sessions signed in once by the e2e global setup, shared by every test file (see staffSession). */
let shared: Record<string, string> | null = null;
export function useSharedStaffSessions(tokens: Record<string, string>): void {
  shared = tokens;
}

interface Envelope<T> {
  error: number;
  message: string;
  data: T;
}

export async function call<T>(baseUrl: string, path: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(init.headers as Record<string, string> | undefined),
  };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(baseUrl + path, { ...init, headers });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

/**
 * Logs a staff member in. A TOTP code is accepted once per 30 s step and the server allows one
 * step either side, so when this step's code was already used (by another test file) the next
 * step's code is tried.
 */
export async function staffLogin(baseUrl: string, username: keyof typeof STAFF): Promise<string> {
  const ready = shared?.[username];
  if (ready) return ready;
  const totp = new TOTP({
    secret: Secret.fromBase32(STAFF[username]),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  // This step's code, the next one's, and then — when both were spent by other sign-ins — the codes
  // of the steps to come as they arrive (the server accepts one step ahead).
  for (let attempt = 0; attempt < 4; attempt++) {
    const step = Math.floor(Date.now() / 30_000);
    for (const ahead of [0, 1]) {
      const code = totp.generate({ timestamp: (step + ahead) * 30_000 });
      const r = await call<{ access_token: string }>(baseUrl, '/api/admin/login', {
        method: 'POST',
        body: JSON.stringify({ username, password: 'staff1234', totp: code }),
      });
      if (r.body.error === 0) return r.body.data.access_token;
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - Date.now() + 50));
  }
  throw new Error(`staff ${username} could not log in`);
}

/** The newest OTP the built-in SMS sender stored for a phone ("…: 123456 (รหัสอ้างอิง ABCD)"). */
export async function latestOtp(baseUrl: string, staffToken: string, phone: string): Promise<string> {
  const r = await call<{ body: string }[]>(baseUrl, `/api/admin/sms/outbox?phone=${phone}`, {
    token: staffToken,
  });
  const body = r.body.data[0]?.body ?? '';
  const m = /:\s*(\d{6})\s*\(รหัสอ้างอิง/.exec(body);
  if (!m) throw new Error(`no OTP in the outbox for ${phone}: ${JSON.stringify(r.body)}`);
  return m[1]!;
}

let lastPhone = 0;

/**
 * A phone number no other test uses: 09 and the last eight digits of the clock in milliseconds,
 * moved on by one when this process already handed out that millisecond (two calls in a row).
 */
export function freshPhone(): string {
  lastPhone = Math.max(lastPhone + 1, Date.now());
  return `09${String(lastPhone).slice(-8)}`;
}

/**
 * Asks the server to text a registration OTP to `phone`. The OTP request is rate-limited per address
 * (every test file registers from 127.0.0.1), so a 429 waits for the window to pass and asks again;
 * any other refusal fails with the server's own message.
 */
export async function requestOtp(baseUrl: string, phone: string, purpose = 'register'): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const r = await call(baseUrl, '/api/otp/request', {
      method: 'POST',
      body: JSON.stringify({ phone, purpose }),
    });
    if (r.body.error === 0) return;
    if (r.status !== 429 || Date.now() > deadline)
      throw new Error(`OTP request for ${phone} refused (${r.status}): ${r.body.message}`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

export interface RegisteredMember {
  phone: string;
  password: string;
  token: string;
  accountName: string;
}

/**
 * A new member registered through the API (OTP from the built-in SMS outbox, read with a support
 * staff token), for tests whose subject is not the registration form. The account number is
 * `accountPrefix` and the phone's digits after the 0; the account name is `accountName(phone)`.
 */
export async function registerMember(
  baseUrl: string,
  supportToken: string,
  o: { bankCode?: string; accountPrefix?: string; accountName: (phone: string) => string },
): Promise<RegisteredMember> {
  const phone = freshPhone();
  const password = 'secret123';
  const accountName = o.accountName(phone);
  await requestOtp(baseUrl, phone);
  const otp = await latestOtp(baseUrl, supportToken, phone);
  const r = await call<{ access_token: string }>(baseUrl, '/api/register', {
    method: 'POST',
    body: JSON.stringify({
      phone,
      otp,
      password,
      bank_code: o.bankCode ?? '014',
      account_no: `${o.accountPrefix ?? '5'}${phone.slice(1)}`,
      account_name: accountName,
    }),
  });
  if (r.body.error !== 0) throw new Error(`register failed: ${r.body.message}`);
  return { phone, password, token: r.body.data.access_token, accountName };
}

/**
 * A deposit by the sandbox gateway's QR, paid from outside the page (as payments-journey does): the
 * member's main wallet gains `amount` and the gateway's satang.
 */
export async function sandboxDeposit(baseUrl: string, token: string, amount: number): Promise<void> {
  const qr = await call<{ gateway_ref: string }>(baseUrl, '/api/member/payment/generate_qr', {
    method: 'POST',
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: JSON.stringify({ channel_id: 3, sub_channel_id: 2, amount }),
  });
  if (qr.body.error !== 0) throw new Error(`deposit refused: ${qr.body.message}`);
  const paid = await call(baseUrl, `/api/sandbox/payments/${qr.body.data.gateway_ref}/pay`, {
    method: 'POST',
    body: '{}',
  });
  if (paid.body.error !== 0) throw new Error(`sandbox payment refused: ${paid.body.message}`);
}
