-- A listing's catalogue card (decision 0105): its own public fields as the API shows them, as JSON
-- text kept with the row. That is PuppyView less its breed and listing status, the same fields as
-- listingFields in storage/catalogue-search.ts (a contract test compares the two). A catalogue page
-- then sends its 24 cards as they are: it used to parse 22 columns a row into objects and serialise
-- them again, a quarter of the process's time for each list request.
--
-- A trigger writes the card, so every insert and update keeps it right, whatever code writes the row
-- (the repositories, db:import, a hand-run UPDATE). Migration 0009 writes the cards of the listings
-- already there: ADD COLUMN holds the table against reads until its transaction ends, so the long
-- UPDATE runs in a transaction of its own, where reads go on.
ALTER TABLE puppies ADD COLUMN card text;

-- Times as the model writes them ("2026-11-25T23:10:05.120Z"), in UTC whatever the session's zone.
-- row_to_json writes compact JSON with the columns' names as keys.
CREATE FUNCTION puppy_card(p puppies) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(card)::text FROM (
    SELECT p.id AS "id", p.name AS "name", p.breed_id AS "breedId", p.user_id AS "userId", p.gender AS "gender",
      p.age AS "age", p.weight AS "weight", p.price AS "price", p.colors AS "colors", p.description AS "description",
      p.location AS "location", p.region AS "region", p.image_url AS "imageUrl", p.image_urls AS "imageUrls",
      p.video_url AS "videoUrl", p.status AS "status", p.featured AS "featured",
      to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
      to_char(p.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "expiresAt"
  ) AS card
$$;

CREATE FUNCTION puppies_write_card() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.card := puppy_card(NEW);
  RETURN NEW;
END
$$;

CREATE TRIGGER puppies_card BEFORE INSERT OR UPDATE ON puppies FOR EACH ROW EXECUTE FUNCTION puppies_write_card();
