-- The catalogue's capped total (decision 0089, tests/perf/stores-api.ts): the long tail's usual filters
-- (status, a price range, gender, breed) answered from the index alone, so counting up to the cap
-- reads index pages instead of one listing row per match.
CREATE INDEX puppies_status_price_cover ON puppies (status, price) INCLUDE (expires_at, hidden_at, gender, breed_id);
