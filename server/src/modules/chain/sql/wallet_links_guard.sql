-- An investor's own wallet is never one of the platform's custodial addresses (nobody but the
-- platform holds those keys), nor an address that already received another person's platform
-- tokens (the contract mints once per address: a second claim there would mint nothing), nor
-- one that held another person's property units.
CREATE OR REPLACE FUNCTION wallet_links_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM chain_addresses WHERE address = NEW.address) THEN
    RAISE EXCEPTION 'This address is a Tessera custodial address: link a wallet of your own' USING ERRCODE = 'TS409';
  END IF;
  -- The mirror tells a person's addresses apart by who it gave units there: one address, one person.
  IF EXISTS (SELECT 1 FROM chain_holder_addresses WHERE address = NEW.address AND user_id <> NEW.user_id) THEN
    RAISE EXCEPTION 'This wallet held another account''s property units' USING ERRCODE = 'TS409';
  END IF;
  IF EXISTS (SELECT 1 FROM token_claims WHERE destination_address = NEW.address AND user_id <> NEW.user_id) THEN
    RAISE EXCEPTION 'This wallet already received another account''s platform tokens' USING ERRCODE = 'TS409';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER wallet_links_guard BEFORE INSERT OR UPDATE ON wallet_links
  FOR EACH ROW EXECUTE FUNCTION wallet_links_guard();
