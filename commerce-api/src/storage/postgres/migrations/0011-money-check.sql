-- The money check (docs/decisions/0107): the last report of the comparison of orders and payouts with
-- the payment provider's own objects, kept in the single settings row so that /admin shows it whichever
-- process ran the check. One report, replaced by the next: no history, so no table of its own.
ALTER TABLE settings ADD COLUMN money_check jsonb;
