-- The scam guard's own reports (docs/decisions/0117): three flagged messages from one sender within
-- 24 hours put the account in the moderation queue as a report with no reporter, quoting the last
-- flagged message.
ALTER TABLE reports ALTER COLUMN reporter_id DROP NOT NULL;

-- the guard's last report about a sender, reached from the message it quotes
CREATE INDEX reports_by_scam_guard ON reports (message_id) WHERE reporter_id IS NULL;

-- a sender's flagged messages of the last day, counted after each flagged message
CREATE INDEX messages_flagged_by_sender ON messages (sender_id, created_at) WHERE flags <> '{}';
