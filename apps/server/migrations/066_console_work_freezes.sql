-- The console's live counters also count open withdrawal freezes (docs/rules/casino.md §2.6: a
-- reconciliation mismatch freezes the member's withdrawals and alerts the operator): a freeze set or
-- cleared announces a change of waiting work, as the queues of migration 056 do.
CREATE TRIGGER member_withdrawal_freeze_work_new AFTER INSERT ON member_withdrawal_freeze
  FOR EACH ROW EXECUTE FUNCTION console_work_changed('freezes');
CREATE TRIGGER member_withdrawal_freeze_work_cleared AFTER UPDATE OF cleared_at ON member_withdrawal_freeze
  FOR EACH ROW WHEN (OLD.cleared_at IS DISTINCT FROM NEW.cleared_at)
  EXECUTE FUNCTION console_work_changed('freezes');
