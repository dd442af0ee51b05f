/**
 * What other modules may use of the auth module (docs/architecture.md): the password hashing the
 * staff login shares, the member-session check in-house games make on every call, and the SMS
 * sender a deployment may replace.
 */
export { isCommonPassword } from './password-rules.ts';
export { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
export { createMemberSession, memberSessionLive, type SessionPolicy } from './sessions.ts';
export { outboxSmsSender, type SmsSender } from './sms.ts';
