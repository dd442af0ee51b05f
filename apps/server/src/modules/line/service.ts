/**
 * What other modules use of the line module: queueing LINE messages in their own transaction
 * (docs/rules/connectors.md §5). payments (a deposit credited, a withdrawal paid) and lotto (bills
 * settled, a market's result) call these; the line module's job sends them.
 */
export {
  queueBillPushes,
  queueMoneyPush,
  queueResultPushes,
  type SettledBillNotice,
} from './push.ts';
