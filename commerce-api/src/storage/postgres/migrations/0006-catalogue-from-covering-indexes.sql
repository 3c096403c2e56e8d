-- The catalogue's long tail answered from indexes alone (decision 0100): the page's ids and the capped
-- count read only index pages, and the page then fetches its 24 rows by id. Each index holds every
-- column the public filters read, so no listing row is visited to be filtered out.
-- Newest first, with or without a breed:
CREATE INDEX puppies_status_newest_cover ON puppies (status, id DESC) INCLUDE (price, gender, breed_id, expires_at, hidden_at);
CREATE INDEX puppies_breed_newest_cover ON puppies (breed_id, status, id DESC) INCLUDE (price, gender, expires_at, hidden_at);
-- The capped count with a breed, or a gender (before, it walked past other breeds' or the other gender's entries):
CREATE INDEX puppies_breed_cover ON puppies (breed_id, status, price) INCLUDE (expires_at, hidden_at, gender);
CREATE INDEX puppies_status_gender_price_cover ON puppies (status, gender, price) INCLUDE (expires_at, hidden_at, breed_id);
DROP INDEX puppies_breed;
DROP INDEX puppies_available_newest;
