-- Support by plan (docs/decisions/0136-marketing-kit-and-support-by-plan.md): a message to the team keeps
-- its sender's seller plan, as the server found it from the session, and the admin's list reads the
-- messages to the team (no puppy named) by support rank, then newest first.

ALTER TABLE contact_messages
  ADD COLUMN plan text CHECK (plan IN ('monthly', 'biannual', 'annual'));

-- the admin's list: the same expression as storage/postgres/repositories/site.ts orders by
CREATE INDEX contact_messages_team ON contact_messages (
  (CASE plan WHEN 'annual' THEN 0 WHEN 'biannual' THEN 1 WHEN 'monthly' THEN 2 ELSE 3 END),
  created_at DESC,
  id DESC
) WHERE puppy_id IS NULL;
