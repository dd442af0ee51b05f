import type { Selectable } from 'kysely';
import type { DB as Database } from '../../db/database.generated.ts';

/** Payment rows and the values their CHECK constraints allow (migrations/030_payments.sql), as generated. */
export type DepositRow = Selectable<Database['deposit_request']>;
export type WithdrawalRow = Selectable<Database['withdrawal']>;
export type AccountKind = DepositRow['account_kind'];
export type DepositStatus = DepositRow['status'];
export type WithdrawalStatus = WithdrawalRow['status'];
export type LineStatus = Selectable<Database['statement_line']>['status'];
