-- Point shop (แลกของรางวัล), docs/rules/engagement.md §8: the items an operator offers for points,
-- single-use 60-second quotes, the orders, and each member's units per item per Bangkok month.

-- An item: a credit voucher (points → free credit or main) or goods the operator ships. A null stock
-- is unlimited. `price_version` moves on every change of the price, so a quote taken before a change
-- is refused even when the price later returns to what it was.
CREATE TABLE shop_item (
  id             serial PRIMARY KEY,
  -- Set on the seeded default vouchers only (the seed inserts each once).
  code           text UNIQUE,
  kind           text NOT NULL CHECK (kind IN ('voucher', 'goods')),
  title          text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description    text NOT NULL DEFAULT '',
  image          text,
  price_points   integer NOT NULL CHECK (price_points >= 1),
  price_version  integer NOT NULL DEFAULT 1 CHECK (price_version >= 1),
  voucher_wallet text CHECK (voucher_wallet IN ('free_credit', 'main')),
  voucher_satang bigint CHECK (voucher_satang > 0),
  stock          integer CHECK (stock >= 0),
  monthly_limit  integer NOT NULL DEFAULT 5 CHECK (monthly_limit >= 1),
  active         boolean NOT NULL DEFAULT true,
  sort_order     integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  -- A voucher says what it credits; goods credit nothing.
  CHECK (CASE kind WHEN 'voucher' THEN voucher_wallet IS NOT NULL AND voucher_satang IS NOT NULL
                   ELSE voucher_wallet IS NULL AND voucher_satang IS NULL END)
);

-- `POST /api/redemption/calc`: the price the member saw, usable once within 60 s.
CREATE TABLE shop_quote (
  id                uuid PRIMARY KEY,
  member_id         integer NOT NULL REFERENCES member(id),
  item_id           integer NOT NULL REFERENCES shop_item(id),
  quantity          integer NOT NULL CHECK (quantity >= 1),
  unit_price_points integer NOT NULL CHECK (unit_price_points >= 1),
  price_version     integer NOT NULL,
  cost_points       bigint NOT NULL CHECK (cost_points >= 1),
  issued_at         timestamptz NOT NULL,
  expires_at        timestamptz NOT NULL,
  used_at           timestamptz
);
CREATE INDEX shop_quote_unused ON shop_quote (expires_at) WHERE used_at IS NULL;

-- One order per redeemed quote. Vouchers are `completed` at once (their credit is the reward claim
-- `shop:<order id>`); goods go requested → shipped → delivered, or cancelled with the points refunded.
CREATE TABLE shop_order (
  id                bigserial PRIMARY KEY,
  member_id         integer NOT NULL REFERENCES member(id),
  item_id           integer NOT NULL REFERENCES shop_item(id),
  quote_id          uuid NOT NULL UNIQUE REFERENCES shop_quote(id),
  kind              text NOT NULL CHECK (kind IN ('voucher', 'goods')),
  title             text NOT NULL,
  quantity          integer NOT NULL CHECK (quantity >= 1),
  unit_price_points integer NOT NULL CHECK (unit_price_points >= 1),
  points            bigint NOT NULL CHECK (points >= 1),
  voucher_wallet    text CHECK (voucher_wallet IN ('free_credit', 'main')),
  voucher_satang    bigint CHECK (voucher_satang > 0),
  status            text NOT NULL CHECK (status IN ('completed', 'requested', 'shipped', 'delivered', 'cancelled')),
  -- The Bangkok month "YYYY-MM" whose monthly count this order used.
  month             text NOT NULL,
  ship_name         text,
  ship_phone        text,
  ship_address      text,
  note              text,
  tracking          text,
  cancel_reason     text,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL,
  shipped_at        timestamptz,
  delivered_at      timestamptz,
  cancelled_at      timestamptz,
  decided_by        integer REFERENCES staff(id),
  CHECK ((kind = 'voucher') = (status = 'completed'))
);
CREATE INDEX shop_order_member ON shop_order (member_id, id DESC);
CREATE INDEX shop_order_goods ON shop_order (status, id DESC) WHERE kind = 'goods';

-- Units of an item a member redeemed in a Bangkok month; raised in one statement that refuses to pass
-- the item's monthly limit (`… ON CONFLICT DO UPDATE SET qty = qty + $q WHERE qty + $q <= limit`).
CREATE TABLE shop_monthly_count (
  member_id integer NOT NULL REFERENCES member(id),
  item_id   integer NOT NULL REFERENCES shop_item(id),
  month     text NOT NULL CHECK (month ~ '^\d{4}-\d{2}$'),
  qty       integer NOT NULL CHECK (qty >= 0),
  PRIMARY KEY (member_id, item_id, month)
);
