-- A game synced from an aggregator's list (Hub88, docs/rules/casino.md §8): whether the supplier
-- offers it to this operator and country (`supplier_enabled`: the list's `enabled`, and this
-- deployment's country absent from its `blocked_countries`), the countries it is blocked in, and when
-- the list last named it. The owner's own controls (is_active, sort_order, is_hot) stay separate, so a
-- sync never overwrites them; the catalogue shows a game only when both the owner and the supplier
-- enable it. An aggregator's game also names its studio (`sub_provider_name`, the list's `product`;
-- `sub_provider_id` is its slug): the lobby lists the studios as providers.
ALTER TABLE game ADD COLUMN supplier_enabled boolean NOT NULL DEFAULT true;
ALTER TABLE game ADD COLUMN blocked_countries text[] NOT NULL DEFAULT '{}';
ALTER TABLE game ADD COLUMN synced_at timestamptz;
ALTER TABLE game ADD COLUMN sub_provider_name text NOT NULL DEFAULT '';
