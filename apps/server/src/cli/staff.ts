/**
 * Staff accounts from the command line — how a production install (SEED_DEMO=false, no demo staff)
 * gets its first owner:
 *
 *   npm run staff -- create owner --username somchai               (password asked on the terminal)
 *   echo "$PW" | npm run staff -- create finance --username nok --password-stdin
 *
 * Without a terminal or --password-stdin a password is generated and printed once. The TOTP
 * enrolment (otpauth:// URL and a QR code for an authenticator app) is printed once.
 *
 * It uses the database `npm start` uses: DATABASE_URL, or the embedded PostgreSQL in DATA_DIR/pg —
 * the running one when `npm start` runs on that folder, otherwise started for the command and
 * stopped after it. Migrations are applied first, as `npm start` would.
 */
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@chok/contract/endpoint';
import QRCode from 'qrcode';
import { createStaff, newTotpSecret, staffExists, totpFor } from '../modules/admin/service.ts';
import { hashPassword, isCommonPassword } from '../modules/auth/service.ts';
import { loadConfig } from '../platform/config.ts';
import { createDb } from '../platform/db.ts';
import { openDatabase } from '../platform/embedded-postgres.ts';
import { migrate } from '../platform/migrate.ts';

const staffRoles = [
  'owner',
  'finance',
  'lotto',
  'support',
  'content',
] as const satisfies readonly StaffRole[];

const USAGE = `usage: npm run staff -- create <${staffRoles.join('|')}> --username <name> [--password-stdin]

  --username        3–32 characters: a–z, 0–9, dot, dash, underscore
  --password-stdin  read the password from standard input (otherwise: asked on the terminal,
                    or generated and printed once when there is no terminal)
`;

const PASSWORD_MIN = 10;
const USERNAME = /^[a-z0-9._-]{3,32}$/;

/** Wrong arguments: exit 2 with the usage. */
class UsageError extends Error {}
/** A refusal that is not about the arguments: exit 1 with the message. */
class Refusal extends Error {}

const log = (msg: string) => process.stderr.write(`[chok] ${msg}\n`);

type Role = (typeof staffRoles)[number];

function parseArgs(argv: string[]): { role: Role; username: string; passwordStdin: boolean } {
  const [command, role, ...rest] = argv;
  if (command !== 'create') throw new UsageError(command ? `unknown command "${command}"` : 'no command');
  if (!staffRoles.includes(role as Role)) throw new UsageError(`unknown role "${role ?? ''}"`);
  let username: string | undefined;
  let passwordStdin = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--password-stdin') passwordStdin = true;
    else if (a === '--username') username = rest[++i];
    else if (a.startsWith('--username=')) username = a.slice('--username='.length);
    else throw new UsageError(`unknown option "${a}"`);
  }
  if (!username) throw new UsageError('--username is required');
  if (!USERNAME.test(username)) throw new UsageError(`username "${username}" is not 3–32 of a–z 0–9 . - _`);
  return { role: role as Role, username, passwordStdin };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish();
          reject(new UsageError('cancelled'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** 20 characters from a 57-letter alphabet (about 116 bits), from the OS CSPRNG. */
function generatePassword(): string {
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(40);
  let out = '';
  for (const b of bytes) {
    if (b >= 228) continue; // 228 = 4 × 57: no modulo bias
    out += alphabet[b % 57];
    if (out.length === 20) break;
  }
  return out.length === 20 ? out : generatePassword();
}

async function choosePassword(
  passwordStdin: boolean,
  username: string,
): Promise<{ password: string; generated: boolean }> {
  let password: string;
  if (passwordStdin) {
    password = await readStdin();
  } else if (process.stdin.isTTY) {
    password = await promptHidden('Password: ');
    if ((await promptHidden('Password again: ')) !== password) throw new UsageError('the passwords differ');
  } else {
    return { password: generatePassword(), generated: true };
  }
  if (password.trim().length < PASSWORD_MIN) {
    throw new UsageError(`the password needs at least ${PASSWORD_MIN} characters`);
  }
  // The same rules as the operator API's staff accounts: not the username, not a common password.
  if (password.trim().toLowerCase() === username.toLowerCase()) {
    throw new UsageError('the password must not be the username');
  }
  if (isCommonPassword(password))
    throw new UsageError('the password is too common: choose one harder to guess');
  return { password, generated: false };
}

async function create(args: ReturnType<typeof parseArgs>): Promise<void> {
  const { password, generated } = await choosePassword(args.passwordStdin, args.username);
  const config = loadConfig();
  const database = await openDatabase(config, log, { attach: true });
  try {
    const applied = await migrate(database.url);
    if (applied.migrations.length > 0) log(`applied ${applied.migrations.length} migrations`);
    const { db } = createDb(database.url, 1);
    try {
      if (await staffExists(db, args.username)) throw new Refusal(`staff "${args.username}" already exists`);
      const secret = newTotpSecret();
      const passwordHash = await hashPassword(password);
      const id = await createStaff(
        db,
        { username: args.username, role: args.role, password_hash: passwordHash, totp_secret: secret },
        'cli',
      );
      // Taken between the check and the insert (another `npm run staff` at the same moment).
      if (id === null) throw new Refusal(`staff "${args.username}" already exists`);
      const url = totpFor(secret, args.username).toString();
      const qr = await QRCode.toString(url, { type: 'terminal', small: true });
      process.stdout.write(
        [
          `Created staff #${id} "${args.username}" with role ${args.role}.`,
          ...(generated ? [`Password (shown once, store it now): ${password}`] : []),
          '',
          'Two-step login: scan this QR code with an authenticator app (RFC 6238, SHA-1, 6 digits, 30 s).',
          'It is shown only now; it cannot be shown again.',
          '',
          qr,
          `otpauth URL: ${url}`,
          `Secret (manual entry): ${secret}`,
          '',
          'Log in at POST /api/admin/login with {"username", "password", "totp"}.',
          '',
        ].join('\n'),
      );
    } finally {
      await db.destroy();
    }
  } finally {
    await database.stop();
  }
}

try {
  await create(parseArgs(process.argv.slice(2)));
} catch (err) {
  if (err instanceof UsageError) {
    process.stderr.write(`staff: ${err.message}\n\n${USAGE}`);
    process.exit(2);
  }
  const text =
    err instanceof Refusal ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
  process.stderr.write(`staff: ${text}\n`);
  process.exit(1);
}
