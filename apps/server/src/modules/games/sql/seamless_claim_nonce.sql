-- Claims a signed request's nonce (docs/rules/casino.md §3.6) when one is given; false when it was used.
CREATE OR REPLACE FUNCTION seamless_claim_nonce(p_provider text, p_nonce text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF p_nonce IS NULL THEN
    RETURN true;
  END IF;
  INSERT INTO provider_nonce (provider_id, nonce) VALUES (p_provider, p_nonce) ON CONFLICT DO NOTHING;
  RETURN FOUND;
END $$;
