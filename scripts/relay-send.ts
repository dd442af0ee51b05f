/**
 * Reference sender of the bank-notification relay (docs/rules/payments.md §3.6, docs/operations.md
 * "Bank-notification relay"): what a forwarding app on the operator's phone must do, in a few lines an
 * operator can read or port (Tasker, an SMS-forwarder app with a script step, a shortcut).
 *
 *   RELAY_HMAC_SECRET=… npx tsx scripts/relay-send.ts https://chok.example/webhooks/relay 3 "06/12/69 14:07 …"
 *
 * Signing recipe: body = the JSON `{"account_id":<id>,"text":"<notification text>"}` exactly as sent;
 * timestamp = Unix seconds now; nonce = 16+ random characters [A-Za-z0-9_-], new for every message;
 * signature = lowercase hex HMAC-SHA256(secret, `<timestamp>.<nonce>.<body>`), in headers
 * X-Relay-Timestamp, X-Relay-Nonce and X-Relay-Signature. The phone's clock must be within 5 minutes.
 */
import { createHmac, randomBytes } from 'node:crypto';

const [url, accountId, text] = process.argv.slice(2);
const secret = process.env.RELAY_HMAC_SECRET;
if (!url || !accountId || !text || !secret) {
  process.stderr.write('usage: RELAY_HMAC_SECRET=… tsx scripts/relay-send.ts <url> <account_id> <text>\n');
  process.exit(2);
}
const body = JSON.stringify({ account_id: Number(accountId), text });
const timestamp = String(Math.floor(Date.now() / 1000));
const nonce = randomBytes(16).toString('hex');
const signature = createHmac('sha256', secret).update(`${timestamp}.${nonce}.${body}`).digest('hex');
const res = await fetch(url, {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'x-relay-timestamp': timestamp,
    'x-relay-nonce': nonce,
    'x-relay-signature': signature,
  },
  body,
});
process.stdout.write(`${res.status} ${await res.text()}\n`);
