-- "Puppies near me" (docs/decisions/0129-distance-from-the-zip-gazetteer.md): a listing's US ZIP code and
-- that ZIP's centre, from the gazetteer the app ships. The app writes all three; migrate.ts fills the
-- listings already here from their town and state right after this file, in the same transaction
-- (the gazetteer is the app's, not the database's). A listing whose place cannot be read keeps nulls.
ALTER TABLE puppies ADD COLUMN zip text CHECK (zip ~ '^[0-9]{5}$');
ALTER TABLE puppies ADD COLUMN latitude double precision;
ALTER TABLE puppies ADD COLUMN longitude double precision;

-- The distance filter: a bounding box of latitude and longitude, range-scanned here, then the exact
-- (haversine) distance. A btree needs no extension (earthdistance/cube would). It holds every column the
-- public filters read, as the catalogue's covering indexes do (migration 0006), so the box's listings are
-- filtered without visiting their rows; only public-to-be rows (not hidden, placed) are in it.
CREATE INDEX puppies_near_cover ON puppies (latitude, longitude)
  INCLUDE (expires_at, status, price, gender, breed_id, health_tested, id)
  WHERE hidden_at IS NULL AND latitude IS NOT NULL;

-- The card (migration 0008) gains the ZIP, after the location as in LISTING_FIELDS.
CREATE OR REPLACE FUNCTION puppy_card(p puppies) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT row_to_json(card)::text FROM (
    SELECT p.id AS "id", p.name AS "name", p.breed_id AS "breedId", p.user_id AS "userId", p.gender AS "gender",
      p.age AS "age", p.weight AS "weight", p.price AS "price", p.colors AS "colors", p.description AS "description",
      p.location AS "location", p.zip AS "zip", p.region AS "region", p.image_url AS "imageUrl",
      p.image_urls AS "imageUrls", p.video_url AS "videoUrl", p.status AS "status", p.featured AS "featured",
      to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
      to_char(p.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "expiresAt"
  ) AS card
$$;
-- every card is written again by migrate.ts's fill (each row is updated once, with its ZIP or without)
-- vacuum analyze: puppies
