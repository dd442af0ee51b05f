import { PaymentChannel, PaymentSubChannel } from '@chok/contract/api/payments';
import { findBank } from '@chok/contract/banks';
import type { Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type BankAccountRow,
  receivingAccount,
  receivingAccounts,
  type TrueMoneyAccountRow,
} from '../content/service.ts';
import { payoutAccount } from '../members/service.ts';
import { activeGateways, gatewayName, nextRoundRobin, promptPayAccount } from './account-queries.ts';
import { promptPayAccounts } from './content-queries.ts';
import { gatewayCode } from './gateway-queries.ts';
import type { AccountKind } from './row-types.ts';

/** A receiving account as the member sees it (contract `receivingAccount`). */
export interface ReceivingView {
  kind: 'bank' | 'truemoney' | 'promptpay' | 'gateway';
  id: number;
  name: string;
  bank_code: string | null;
  bank_short: string | null;
  account_no: string | null;
  account_name: string;
}

/** Where a request's money lands: the account whose reservations and statement it belongs to. */
export interface ReceivingTarget {
  accountKind: AccountKind;
  accountId: number;
  promptpayAccountId: number | null;
  view: ReceivingView;
  promptpay?: { type: 'phone'; phone: string } | { type: 'tax_id'; taxId: string };
  gatewayCode?: string;
}

export const TRUE_MONEY_NAME = 'ทรูมันนี่วอลเล็ท';
export const PROMPTPAY_NAME = 'พร้อมเพย์';

function bankView(a: BankAccountRow): ReceivingView {
  const bank = findBank(a.bank_code);
  return {
    kind: 'bank',
    id: a.id,
    name: bank?.name ?? a.bank_code,
    bank_code: a.bank_code,
    bank_short: bank?.short ?? null,
    account_no: a.account_no,
    account_name: a.account_name,
  };
}

function trueMoneyView(a: TrueMoneyAccountRow): ReceivingView {
  return {
    kind: 'truemoney',
    id: a.id,
    name: TRUE_MONEY_NAME,
    bank_code: null,
    bank_short: null,
    account_no: a.phone,
    account_name: a.account_name,
  };
}

function promptpayView(a: { id: number; proxy_id: string; account_name: string }): ReceivingView {
  return {
    kind: 'promptpay',
    id: a.id,
    name: PROMPTPAY_NAME,
    bank_code: null,
    bank_short: null,
    account_no: a.proxy_id,
    account_name: a.account_name,
  };
}

/** Active receiving accounts of a channel and sub-channel, in round-robin order. */
export async function receivingTargets(
  ex: Executor,
  agentId: number,
  channelId: number,
  subChannelId: number,
  gateways: { sandbox: boolean; scb: boolean },
): Promise<ReceivingTarget[]> {
  if (channelId === PaymentChannel.bank) {
    const rows = await receivingAccounts(ex, agentId, 'bank');
    return rows.map((r) => ({
      accountKind: 'bank',
      accountId: r.id,
      promptpayAccountId: null,
      view: bankView(r),
    }));
  }
  if (channelId === PaymentChannel.trueMoney) {
    const rows = await receivingAccounts(ex, agentId, 'truemoney');
    return rows.map((r) => ({
      accountKind: 'truemoney',
      accountId: r.id,
      promptpayAccountId: null,
      view: trueMoneyView(r),
    }));
  }
  if (subChannelId === PaymentSubChannel.gateway) {
    const rows = await activeGateways(ex, gateways);
    return rows.map((r) => ({
      accountKind: 'gateway',
      accountId: r.id,
      promptpayAccountId: null,
      gatewayCode: r.code,
      view: {
        kind: 'gateway',
        id: r.id,
        name: r.name,
        bank_code: null,
        bank_short: null,
        account_no: null,
        account_name: r.name,
      },
    }));
  }
  const rows = await promptPayAccounts(ex, agentId);
  return rows.map((r) => ({
    accountKind: 'bank',
    accountId: r.bank_account_id,
    promptpayAccountId: r.id,
    promptpay:
      r.proxy_type === 'phone' ? { type: 'phone', phone: r.proxy_id } : { type: 'tax_id', taxId: r.proxy_id },
    view: promptpayView(r),
  }));
}

/** The accounts in round-robin order: the next position of a sequence (no shared row is locked). */
export async function roundRobin(ex: Executor, targets: ReceivingTarget[]) {
  if (targets.length === 0) throw new AppError('NO_RECEIVING_ACCOUNT');
  const start = (((await nextRoundRobin(ex)) ?? 1) - 1) % targets.length;
  return [...targets.slice(start), ...targets.slice(0, start)];
}

/** The receiving account of an existing request, for its view. */
export async function receivingOf(
  ex: Executor,
  r: { account_kind: AccountKind; account_id: number; promptpay_account_id: number | null },
): Promise<ReceivingView> {
  if (r.promptpay_account_id !== null) {
    const p = await promptPayAccount(ex, r.promptpay_account_id);
    return promptpayView(p);
  }
  if (r.account_kind === 'bank') {
    return bankView(await receivingAccount(ex, 'bank', r.account_id));
  }
  if (r.account_kind === 'truemoney') {
    return trueMoneyView(await receivingAccount(ex, 'truemoney', r.account_id));
  }
  const g = await gatewayName(ex, r.account_id);
  return {
    kind: 'gateway',
    id: g.id,
    name: g.name,
    bank_code: null,
    bank_short: null,
    account_no: null,
    account_name: g.name,
  };
}

/** The ledger account a receiving account's money comes from (docs/rules/casino.md §2.5 names). */
export async function sourceAccountCode(ex: Executor, kind: AccountKind, accountId: number): Promise<string> {
  if (kind === 'bank') return `sys:bank:${accountId}`;
  if (kind === 'truemoney') return `sys:truemoney:${accountId}`;
  const g = await gatewayCode(ex, accountId);
  return `sys:gateway:${g.code}`;
}

export interface MemberAccountView {
  bank_code: string;
  bank_short: string;
  bank_name: string;
  account_no: string;
  account_name: string;
  true_money: string | null;
}

/** The member's registered account as the deposit and withdraw pages show it. */
export async function memberAccount(ex: Executor, memberId: number): Promise<MemberAccountView> {
  const m = await payoutAccount(ex, memberId);
  const bank = findBank(m.bank_code);
  return {
    bank_code: m.bank_code,
    bank_short: bank?.short ?? m.bank_code,
    bank_name: bank?.name ?? m.bank_code,
    account_no: m.account_no,
    account_name: m.account_name,
    true_money: m.sub_bank_account,
  };
}
