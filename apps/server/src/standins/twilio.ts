import { createHmac, randomBytes } from 'node:crypto';
import { basicCredentials, listenSwitched, type StandInMode, sendJson, smsProviderDemo } from './http-kit.ts';
import type { DemoStandIn, StandIn } from './types.ts';

/**
 * A stand-in for Twilio Programmable Messaging (docs/rules/connectors.md §4, §5), written from the same
 * documentation as the adapter (apps/server/src/modules/auth/sms-twilio.ts):
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP Basic authentication (Account SID,
 * Auth Token) and the form fields `To`, `From` or `MessagingServiceSid`, `Body`, `StatusCallback`; a
 * success is 201 with the Message resource, a refusal Twilio's error body `{ code, message, more_info,
 * status }` (20003 authentication, 21211 invalid To, 21602 no Body, 21603 no From, 21604 no To).
 * `report(sid, status)` makes the status callback Twilio would: a form POST to the message's
 * StatusCallback signed in X-Twilio-Signature with the Auth Token.
 */
export interface TwilioStandIn extends StandIn {
  accountSid: string;
  authToken: string;
  inbox: { sid: string; to: string; from: string | null; body: string; statusCallback: string | null }[];
  fail(mode: StandInMode, times?: number): void;
  requests(): number;
  /**
   * The signed status callback of a message: posted with `post` (a test's in-process delivery) or to
   * the StatusCallback URL; its request is answered for a test to replay.
   */
  report(
    sid: string,
    status: 'sent' | 'delivered' | 'undelivered' | 'failed',
    post?: (r: StatusRequest) => Promise<number>,
  ): Promise<StatusRequest & { answer: number }>;
}

export interface StatusRequest {
  url: string;
  form: Record<string, string>;
  signature: string;
}

const E164 = /^\+[1-9]\d{7,14}$/;

/** Twilio's signature (webhooks security page): the URL, then each parameter's name and value by name. */
function sign(authToken: string, url: string, form: Record<string, string>): string {
  const data = Object.keys(form)
    .sort()
    .reduce((acc, k) => acc + k + form[k], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export async function startTwilioStandIn(
  o: { accountSid?: string; authToken?: string; port?: number } = {},
): Promise<TwilioStandIn> {
  const accountSid = o.accountSid ?? `AC${randomBytes(16).toString('hex')}`;
  const authToken = o.authToken ?? randomBytes(16).toString('hex');
  const inbox: TwilioStandIn['inbox'] = [];
  const error = (status: number, code: number, message: string) => ({
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });

  const s = await listenSwitched(
    { port: o.port, error500Body: error(500, 20500, 'Internal Server Error') },
    async (req, res, form) => {
      const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec((req.url ?? '').split('?')[0] ?? '');
      const who = basicCredentials(req);
      if (!who || who.user !== accountSid || who.password !== authToken || (m && m[1] !== accountSid)) {
        return sendJson(res, 401, error(401, 20003, 'Authenticate'));
      }
      if (!m || req.method !== 'POST') {
        return sendJson(res, 404, error(404, 20404, 'The requested resource was not found'));
      }
      if (!form.To) return sendJson(res, 400, error(400, 21604, "A 'To' phone number is required."));
      if (!E164.test(form.To)) {
        return sendJson(
          res,
          400,
          error(400, 21211, `The 'To' number ${form.To} is not a valid phone number.`),
        );
      }
      if (!form.From && !form.MessagingServiceSid) {
        return sendJson(res, 400, error(400, 21603, "A 'From' phone number is required."));
      }
      if (!form.Body) return sendJson(res, 400, error(400, 21602, 'Message body is required.'));
      const sid = `SM${randomBytes(16).toString('hex')}`;
      inbox.push({
        sid,
        to: form.To,
        from: form.From ?? null,
        body: form.Body,
        statusCallback: form.StatusCallback ?? null,
      });
      const now = new Date().toUTCString();
      sendJson(res, 201, {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body: form.Body,
        date_created: now,
        date_updated: now,
        date_sent: null,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        num_segments: '1',
        sid,
        status: form.MessagingServiceSid ? 'accepted' : 'queued',
        to: form.To,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    },
  );

  return {
    ...s,
    name: 'SMS (Twilio stand-in)',
    accountSid,
    authToken,
    inbox,
    async report(sid, status, post) {
      const msg = inbox.find((x) => x.sid === sid);
      if (!msg?.statusCallback) throw new Error(`message ${sid} has no StatusCallback`);
      const form: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: msg.from ?? '',
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: msg.to,
        ...(status === 'undelivered' || status === 'failed' ? { ErrorCode: '30003' } : {}),
      };
      const r: StatusRequest = {
        url: msg.statusCallback,
        form,
        signature: sign(authToken, msg.statusCallback, form),
      };
      const answer = post
        ? await post(r)
        : (
            await fetch(r.url, {
              method: 'POST',
              headers: {
                'content-type': 'application/x-www-form-urlencoded',
                'x-twilio-signature': r.signature,
              },
              body: new URLSearchParams(form).toString(),
            })
          ).status;
      return { ...r, answer };
    },
  };
}

/** The demo's Twilio: only when SMS_PROVIDER (or the fallback) is twilio without credentials. */
export const twilioDemo: DemoStandIn = smsProviderDemo(
  'twilio',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_URL',
  () => startTwilioStandIn(),
  (s, env) => ({
    TWILIO_ACCOUNT_SID: s.accountSid,
    TWILIO_AUTH_TOKEN: s.authToken,
    ...(!env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID ? { TWILIO_FROM: '+15005550006' } : {}),
  }),
);
