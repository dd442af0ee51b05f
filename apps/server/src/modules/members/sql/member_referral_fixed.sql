CREATE OR REPLACE FUNCTION member_referral_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'member.referred_by and member.referral_code are fixed at registration';
END $$;
