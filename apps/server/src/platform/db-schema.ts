import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely, mirroring migrations/*.sql. */
type Created = ColumnType<Date, Date | string | undefined, never>;
type Updated = ColumnType<Date, Date | string | undefined, Date | string>;
type Content = {
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Created;
  updated_at: Updated;
};

import type { GamesTables } from '../modules/games/tables.ts';
import type { LottoTables } from '../modules/lotto/tables.ts';
import type { PaymentsTables } from '../modules/payments/tables.ts';

export interface Database extends LottoTables, GamesTables, PaymentsTables {
  idempotency_request: {
    member_id: number;
    scope: string;
    key: string;
    request_hash: Buffer;
    response: unknown;
    created_at: Created;
  };
  agent: {
    id: number;
    code: string;
    name: string;
    logo_url: Generated<string>;
    line_admin_url: Generated<string>;
    line_contact_url: Generated<string>;
    created_at: Created;
    updated_at: Updated;
  };
  agent_bank_account: Content & {
    id: Generated<number>;
    agent_id: number;
    bank_code: string;
    account_no: string;
    account_name: string;
  };
  agent_true_money_account: Content & {
    id: Generated<number>;
    agent_id: number;
    phone: string;
    account_name: string;
  };
  notification: Content & {
    id: Generated<number>;
    agent_id: number;
    type: number;
    title: string;
    description: Generated<string>;
    image: string | null;
  };
  banner: Content & {
    id: Generated<number>;
    agent_id: number;
    title: string;
    image: string;
    link: string | null;
  };
  event: Content & {
    id: Generated<number>;
    agent_id: number;
    title: string;
    image: string;
    link: string | null;
  };
  promotion: Content & {
    id: Generated<number>;
    agent_id: number;
    title: string;
    description: Generated<string>;
    image: string | null;
    terms: Generated<string>;
  };
  member: {
    id: Generated<number>;
    agent_id: number;
    phone: string;
    password_hash: string;
    bank_code: string;
    account_no: string;
    account_name: string;
    line_id: string | null;
    referral_code: string;
    referred_by: number | null;
    sub_bank_account: string | null;
    status: Generated<'active' | 'suspended'>;
    failed_login_count: Generated<number>;
    locked_until: Date | null;
    last_login_at: Date | null;
    created_at: Created;
    updated_at: Updated;
  };
  member_session: {
    id: Generated<number>;
    member_id: number;
    token_hash: Buffer;
    created_at: Created;
    last_used_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    ip: string | null;
    user_agent: string | null;
  };
  otp: {
    id: Generated<number>;
    phone: string;
    purpose: 'register' | 'reset_password';
    ref: string;
    code_hash: Buffer;
    attempts: Generated<number>;
    created_at: Created;
    expires_at: Date;
    consumed_at: Date | null;
  };
  otp_quota: { scope: string; hour: Date; sent: number };
  sms_outbox: { id: Generated<number>; phone: string; body: string; created_at: Created };
  wallet_type: { id: number; name: string };
  ledger_account: {
    id: Generated<number>;
    member_id: number | null;
    wallet_type_id: number | null;
    code: string | null;
    kind: 'member_wallet' | 'system';
    balance: number | null;
    created_at: Created;
  };
  ledger_transfer: {
    id: Generated<number>;
    debit_account_id: number;
    credit_account_id: number;
    amount: number;
    kind: string;
    reference: string | null;
    idempotency_key: string;
    created_at: Created;
  };
  ledger_rollup: { account_id: number; up_to_transfer: number; balance: number; rolled_up_at: Created };
  staff: {
    id: Generated<number>;
    username: string;
    password_hash: string;
    role: 'owner' | 'finance' | 'lotto' | 'support' | 'content';
    totp_secret: string;
    last_totp_step: number | null;
    is_active: Generated<boolean>;
    failed_login_count: Generated<number>;
    locked_until: Date | null;
    created_at: Created;
  };
  staff_session: {
    id: Generated<number>;
    staff_id: number;
    token_hash: Buffer;
    created_at: Created;
    last_used_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
  };
  audit_log: {
    id: Generated<number>;
    actor_type: 'staff' | 'member' | 'system';
    actor_id: number | null;
    action: string;
    entity: string;
    entity_id: string | null;
    before: unknown;
    after: unknown;
    created_at: Created;
    prev_hash: Buffer | null;
    hash: Buffer;
  };
}
