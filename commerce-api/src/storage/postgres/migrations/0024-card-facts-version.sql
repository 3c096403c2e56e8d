-- What a catalogue card shows beyond its listing's own row (the seller's kennel name, badges and
-- rating, and whether the listing is featured) is kept per process between list requests
-- (docs/decisions/0138-card-facts-kept-per-process.md). This one row's version says when any of it
-- changed: every transaction that writes what those facts are read from adds one, and the catalogue's
-- page statement reads it in its own snapshot, so a process never keeps facts older than a write the
-- page already shows, whichever process made it.
CREATE TABLE card_facts (
  id       boolean PRIMARY KEY DEFAULT true CHECK (id),
  version  bigint NOT NULL
);
INSERT INTO card_facts (id, version) VALUES (true, 1);

-- Once per transaction, at its commit. Deferred, so the row's lock is the last one a writing
-- transaction takes and is held only while it commits: no deadlock with the rows it wrote first.
-- The transaction's id in a local setting spares the rest of its rows (an import writes 100,000).
CREATE FUNCTION card_facts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('puppynest.card_facts_txid', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('puppynest.card_facts_txid', txid_current()::text, true);
    UPDATE card_facts SET version = version + 1;
  END IF;
  RETURN NULL;
END
$$;

-- the seller's evidence (storage/postgres/repositories/breeders.ts EVIDENCE) …
CREATE CONSTRAINT TRIGGER card_facts_users
  AFTER INSERT OR DELETE OR UPDATE OF verified_email, verified_email_at, verified_phone, verified_phone_at, created_at
  ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION card_facts_changed();
CREATE CONSTRAINT TRIGGER card_facts_payout_accounts AFTER INSERT OR UPDATE OR DELETE ON payout_accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION card_facts_changed();
CREATE CONSTRAINT TRIGGER card_facts_breeder_profiles AFTER INSERT OR UPDATE OR DELETE ON breeder_profiles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION card_facts_changed();
CREATE CONSTRAINT TRIGGER card_facts_orders
  AFTER INSERT OR DELETE OR UPDATE OF status, handed_over_at, seller_id
  ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION card_facts_changed();
CREATE CONSTRAINT TRIGGER card_facts_moderation_actions AFTER INSERT OR UPDATE OR DELETE ON moderation_actions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION card_facts_changed();
CREATE CONSTRAINT TRIGGER card_facts_badge_revocations AFTER INSERT OR UPDATE OR DELETE ON badge_revocations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION card_facts_changed();
CREATE CONSTRAINT TRIGGER card_facts_seller_ratings AFTER INSERT OR UPDATE OR DELETE ON seller_ratings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION card_facts_changed();
CREATE CONSTRAINT TRIGGER card_facts_health_tests AFTER INSERT OR UPDATE OR DELETE ON health_tests
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION card_facts_changed();
-- … which reads the seller's live listings and their parents …
CREATE CONSTRAINT TRIGGER card_facts_puppies
  AFTER INSERT OR DELETE OR UPDATE OF user_id, expires_at, hidden_at, health_tested, sire_id, dam_id
  ON puppies DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION card_facts_changed();
-- … and the features showing (repositories/features.ts listShowing)
CREATE CONSTRAINT TRIGGER card_facts_listing_features AFTER INSERT OR UPDATE OR DELETE ON listing_features
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION card_facts_changed();
CREATE CONSTRAINT TRIGGER card_facts_seller_subscriptions AFTER INSERT OR UPDATE OR DELETE ON seller_subscriptions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION card_facts_changed();
