-- Rewards II, promotions and coupons (docs/rules/engagement.md §1–§2).

-- §1: an operator edits a promotion as a new version (the old one stops being offered, members who
-- took it keep its terms) or ends it. The version chain and the end live with the deposit rule.
ALTER TABLE promotion_rule
  ADD COLUMN version     integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  ADD COLUMN replaces_id integer UNIQUE REFERENCES promotion(id),
  ADD COLUMN replaced_by integer UNIQUE REFERENCES promotion(id),
  ADD COLUMN ended_at    timestamptz,
  ADD COLUMN ended_by    integer REFERENCES staff(id),
  ADD COLUMN created_by  integer REFERENCES staff(id);

-- A member's history of promotions, newest first.
CREATE INDEX member_promotion_member ON member_promotion (member_id, id DESC);

-- §2: coupons. A campaign is what an operator generates at once: one shared code with a global quota
-- (kind campaign) or one code per member (kind personal).
CREATE TABLE coupon_campaign (
  id            serial PRIMARY KEY,
  kind          text NOT NULL CHECK (kind IN ('campaign', 'personal')),
  title         text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  amount_satang bigint NOT NULL CHECK (amount_satang > 0),
  expires_at    timestamptz,
  status        text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_by    integer NOT NULL REFERENCES staff(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  disabled_at   timestamptz,
  disabled_by   integer REFERENCES staff(id)
);

-- A code: 10 Crockford base32 characters from randomBytes. A personal code names its member and has
-- a quota of 1; a campaign code counts its uses with UPDATE … SET used = used + 1 WHERE used < quota.
CREATE TABLE coupon (
  id          bigserial PRIMARY KEY,
  campaign_id integer NOT NULL REFERENCES coupon_campaign(id),
  code        text NOT NULL UNIQUE CHECK (code ~ '^[0-9A-HJKMNP-TV-Z]{10}$'),
  member_id   integer REFERENCES member(id),
  quota       integer NOT NULL CHECK (quota > 0),
  used        integer NOT NULL DEFAULT 0 CHECK (used >= 0 AND used <= quota),
  status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz,
  disabled_by integer REFERENCES staff(id),
  CHECK (member_id IS NULL OR quota = 1)
);
CREATE INDEX coupon_campaign_codes ON coupon (campaign_id, id);
CREATE INDEX coupon_member ON coupon (member_id) WHERE member_id IS NOT NULL;

-- Each member uses a code once. The reward itself is the reward_claim (feature 'coupon', period key
-- the coupon id) this row points at.
CREATE TABLE coupon_use (
  id            bigserial PRIMARY KEY,
  coupon_id     bigint NOT NULL REFERENCES coupon(id),
  member_id     integer NOT NULL REFERENCES member(id),
  amount_satang bigint NOT NULL CHECK (amount_satang > 0),
  claim_id      bigint NOT NULL REFERENCES reward_claim(id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (coupon_id, member_id)
);
CREATE INDEX coupon_use_member ON coupon_use (member_id, id DESC);

-- Wrong codes per member: counted in one statement; the 5th within the window locks entry.
CREATE TABLE coupon_attempt (
  member_id    integer PRIMARY KEY REFERENCES member(id),
  window_start timestamptz NOT NULL,
  failures     integer NOT NULL CHECK (failures >= 0),
  locked_until timestamptz
);
