-- The operator console's live counters of waiting work (apps/backoffice header; modules/console):
-- every change of a deposit request, a withdrawal, a held reward or a goods order that can change
-- what waits for an operator publishes one event on the bus (platform/events.ts: channel
-- chok_events, payload `<topic>\n<event>\n<json of {topic, data}>`), topic `console.work` (an
-- in-process topic: no client can subscribe to it), in the changing transaction, so it is delivered
-- on commit only, by whichever module or job made the change. PostgreSQL folds equal notifications
-- of one transaction into one; the console module coalesces what arrives before recounting.
-- console_work_changed: now in modules/console/sql/console_work_changed.sql (decision 0072).

CREATE TRIGGER deposit_request_work_new AFTER INSERT ON deposit_request
  FOR EACH ROW EXECUTE FUNCTION console_work_changed('deposits');
CREATE TRIGGER deposit_request_work_status AFTER UPDATE OF status ON deposit_request
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION console_work_changed('deposits');

CREATE TRIGGER withdrawal_work_new AFTER INSERT ON withdrawal
  FOR EACH ROW EXECUTE FUNCTION console_work_changed('withdrawals');
CREATE TRIGGER withdrawal_work_status AFTER UPDATE OF status ON withdrawal
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION console_work_changed('withdrawals');

CREATE TRIGGER reward_claim_work_held AFTER INSERT ON reward_claim
  FOR EACH ROW WHEN (NEW.status = 'held')
  EXECUTE FUNCTION console_work_changed('risk_holds');
CREATE TRIGGER reward_claim_work_status AFTER UPDATE OF status ON reward_claim
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION console_work_changed('risk_holds');

CREATE TRIGGER shop_order_work_new AFTER INSERT ON shop_order
  FOR EACH ROW WHEN (NEW.kind = 'goods')
  EXECUTE FUNCTION console_work_changed('shop_orders');
CREATE TRIGGER shop_order_work_status AFTER UPDATE OF status ON shop_order
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION console_work_changed('shop_orders');
