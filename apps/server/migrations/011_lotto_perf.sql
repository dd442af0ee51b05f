-- Lotto performance (decision 0011). Settlement rewrites every item of a round once (pending → won or
-- lost); with `status` out of every index and room left on each page, those rewrites are HOT updates
-- (no index entries, far less WAL), which is most of the time a 1,000,000-item round takes to settle.
DROP INDEX lotto_bill_item_round;
CREATE INDEX lotto_bill_item_round ON lotto_bill_item (round_id);
-- A page keeps enough free space for a new version of every row on it. Rows are about 100 bytes, so
-- the table is about twice as large on disk; an item is written twice in its life, then only read.
ALTER TABLE lotto_bill_item SET (fillfactor = 45);
