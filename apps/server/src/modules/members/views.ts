import { findBank } from '@chok/contract/banks';
import type { findMember } from './member-queries.ts';

export function userInfoView(m: Awaited<ReturnType<typeof findMember>>, agentCode: string) {
  const bank = findBank(m.bank_code);
  return {
    id: m.id,
    phone: m.phone,
    name: m.account_name,
    bank_code: m.bank_code,
    bank_short: bank?.short ?? m.bank_code,
    bank_name: bank?.name ?? m.bank_code,
    account_no: m.account_no,
    line_id: m.line_id,
    referral_code: m.referral_code,
    sub_bank_account: m.sub_bank_account,
    agent_code: agentCode,
    created_at: m.created_at.toISOString(),
  };
}
