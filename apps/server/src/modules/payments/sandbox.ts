import type { Satang } from '@chok/engine/money';
import { isDatabaseUnavailable } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { receiveWebhook } from './deposits.ts';
import type { PaymentsDeps } from './deps.ts';
import { SANDBOX_SIGNATURE_HEADER } from './gateway.ts';
import { loadSettings, sandboxOn } from './settings.ts';

/**
 * The sandbox's pay button (docs/rules/payments.md §3.3 rule 4): the sandbox gateway marks the
 * payment paid on its side (the full pay amount unless another is given) and delivers its signed
 * webhook exactly as a gateway would, raw bytes and signature header, to the webhook's use case.
 * `webhook_status` is the HTTP status the webhook answered (200, or its refusal's status).
 */
export async function sandboxPay(
  deps: PaymentsDeps,
  p: { gatewayRef: string; amountSatang: Satang | undefined; onWebhookError?: (err: unknown) => void },
) {
  const s = await loadSettings(deps.db);
  if (!sandboxOn(deps, s)) throw new AppError('SANDBOX_DISABLED');
  const sandbox = await deps.gateways.sandbox();
  if (!sandbox) throw new AppError('SANDBOX_DISABLED');
  const hook = await sandbox.pay(p.gatewayRef, p.amountSatang);
  if (!hook) throw new AppError('RECORD_NOT_FOUND');
  const webhookStatus = await deliver(deps, hook, p.onWebhookError);
  return { gateway_ref: p.gatewayRef, status: 'paid', webhook_status: webhookStatus };
}

/** The webhook's answer status, as its route would give it (see platform/http.ts error handling). */
async function deliver(
  deps: PaymentsDeps,
  hook: { body: string; signature: string },
  onError: ((err: unknown) => void) | undefined,
): Promise<number> {
  const raw = Buffer.from(hook.body, 'utf8');
  try {
    await receiveWebhook(deps, 'sandbox', raw, {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: hook.signature,
    });
    return 200;
  } catch (err) {
    if (err instanceof AppError) return err.statusCode;
    onError?.(err);
    return isDatabaseUnavailable(err) ? 503 : 500;
  }
}
