import { baseUrl, staffTokens } from './lane.ts';
import { type RegisteredMember, registerMember } from './staff.ts';

/** The bank account a fresh member registers with (its name from the phone, so nobody shares it). */
export type MemberAccount = Parameters<typeof registerMember>[2];

/**
 * A member of the test's own (never a shared demo member, whose balances other files expect),
 * registered with the lane's support session; `account` names a bank account nobody else shares.
 */
export function freshMember(account: MemberAccount): Promise<RegisteredMember> {
  return registerMember(baseUrl, staffTokens.support!, account);
}
