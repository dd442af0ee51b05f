-- Trigger function of member_referral_fixed (migration 050): who referred a member is fixed at
-- registration, and the code in their link never changes (docs/rules/engagement.md §11, rule 1).
CREATE OR REPLACE FUNCTION member_referral_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'member.referred_by and member.referral_code are fixed at registration';
END $$;
