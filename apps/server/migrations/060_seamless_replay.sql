-- A provider's retry answered in the same one call as the first attempt (docs/rules/casino.md §3.2,
-- decision 0012). A debit or credit whose transaction id is already stored used to answer {fallback}:
-- the TypeScript path then claimed nothing new but read the stored op, the balance and the transfer in
-- a transaction of its own, eight round trips instead of one (measured: a retried callback cost three
-- times the CPU of a first one, docs/benchmarks.md). A provider retries when answers are slow, so the
-- retries came exactly when the server had the least to spare.

-- The stored answer of a transaction id, as seamless.ts `replay` gives it: a tombstone or a rolled-back
-- debit answers TX_ROLLED_BACK, an id stored for other content DUPLICATE_MISMATCH, the same operation
-- its stored status with the transfer written under its key; each with the wallet's balance now.
-- NULL when the id is not stored (the caller answers {fallback}).
-- seamless_replay: now in modules/games/sql/seamless_replay.sql (decision 0072).

-- The debit of migration 051 with the main wallet's id as a last argument, for the replay's answer.
-- seamless_debit: now in modules/games/sql/seamless_debit.sql (decision 0072).

-- The credit of migration 051; a stored credit id is now answered as a retry instead of {fallback}.
-- seamless_credit: now in modules/games/sql/seamless_credit.sql (decision 0072).
