-- A distance filter reads only its box, and tests each listing there without trigonometry
-- (docs/decisions/0138-card-facts-kept-per-process.md, its part on distance).
--
-- Each listing's place as a point on the unit sphere. A listing is within r miles of a centre c when
-- the dot product of the two points is at least cos(r / Earth's radius), and the nearer of two has the
-- greater product: three products and a sum, where the haversine took a dozen trigonometric calls and
-- was two thirds of a wide radius's count. Kept by PostgreSQL from latitude and longitude.
ALTER TABLE puppies
  ADD COLUMN place_x double precision GENERATED ALWAYS AS (cos(radians(latitude)) * cos(radians(longitude))) STORED,
  ADD COLUMN place_y double precision GENERATED ALWAYS AS (cos(radians(latitude)) * sin(radians(longitude))) STORED,
  ADD COLUMN place_z double precision GENERATED ALWAYS AS (sin(radians(latitude))) STORED;

-- The place index of 0017 led with latitude, so a radius read every listing between the box's
-- latitudes, coast to coast, and tested each one's longitude: a 500-mile radius around Boston read
-- about three times the listings in its box. This one leads with the one-degree band of latitude
-- (about 69 miles), and the query names the box's bands: one descent per band, each reading only the
-- box's longitudes. The statistics give the planner the bands' sizes (an index with a WHERE clause
-- keeps none of its expression's).
DROP INDEX puppies_near_cover;
CREATE INDEX puppies_near_cover ON puppies ((floor(latitude)::integer), longitude)
  INCLUDE (latitude, place_x, place_y, place_z, expires_at, status, price, gender, breed_id, health_tested, id)
  WHERE hidden_at IS NULL AND latitude IS NOT NULL;
CREATE STATISTICS puppies_latitude_band ON (floor(latitude)::integer) FROM puppies;

-- The newest-first covering indexes (0006) also hold each listing's place, so a wide radius can walk
-- the newest listings and test each one's place inside the index: a 500-mile radius's newest 24 in
-- 0.2 ms, where reading its box took 5–10. A narrow radius still reads its small box; the planner
-- weighs the two.
DROP INDEX puppies_status_newest_cover;
CREATE INDEX puppies_status_newest_cover ON puppies (status, id DESC)
  INCLUDE (price, gender, breed_id, expires_at, hidden_at, latitude, longitude, place_x, place_y, place_z);
DROP INDEX puppies_breed_newest_cover;
CREATE INDEX puppies_breed_newest_cover ON puppies (breed_id, status, id DESC)
  INCLUDE (price, gender, expires_at, hidden_at, latitude, longitude, place_x, place_y, place_z);
-- the places written, and the planner's figures for the bands
-- vacuum analyze: puppies
