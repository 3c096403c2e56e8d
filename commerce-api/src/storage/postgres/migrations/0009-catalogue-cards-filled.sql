-- The cards of the listings written before migration 0008 (decision 0105). This transaction holds no
-- lock that stops reads while it updates, only the rows' own locks, so a listing being saved meanwhile
-- waits for it (10 s at 100,000 listings). Only the last step holds the table, for one scan of it.
UPDATE puppies SET card = puppy_card(puppies) WHERE card IS NULL;
ALTER TABLE puppies ALTER COLUMN card SET NOT NULL;
