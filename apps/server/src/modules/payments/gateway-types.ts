import type { Satang } from '@chok/engine/money';

/** A payment-gateway adapter (docs/rules/payments.md §3.3). */
export interface PaymentGateway {
  code: string;
  createQr(r: {
    reference: string;
    amountSatang: Satang;
    expiresAt: Date;
  }): Promise<{ gatewayRef: string; qrPayload: string }>;
  inquiry(
    gatewayRef: string,
  ): Promise<{ status: 'pending' | 'paid' | 'expired' | 'failed'; paidSatang?: Satang }>;
  /** null = bad signature or unreadable body. */
  parseWebhook(
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): { eventId: string; gatewayRef: string; status: 'paid' | 'failed'; paidSatang: Satang } | null;
}
