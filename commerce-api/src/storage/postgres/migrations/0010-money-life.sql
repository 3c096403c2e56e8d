-- The money life (docs/decisions/0107, docs/product.md §10 "The money life"): every movement of an
-- order's money is claimed by a state before the provider is called, so the states gain the claims
-- (an order's refunding, a payout's transferring and reversing) and the ends a dispute brings
-- (charged_back). Timestamps come from the app's clock, never now().

ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('pending', 'paid', 'handed_over', 'refunding', 'canceled', 'refunded', 'charged_back'));
ALTER TABLE orders
  ADD COLUMN livemode boolean NOT NULL DEFAULT false,
  ADD COLUMN cancel_reason text,
  ADD COLUMN refund_error text,
  ADD COLUMN dispute_id text UNIQUE,
  ADD COLUMN dispute_status text CHECK (dispute_status IN ('open', 'won', 'lost')),
  ADD COLUMN dispute_amount_cents integer CHECK (dispute_amount_cents >= 0);
-- the job's retry of refunds that were claimed and not settled, and /admin's list of them
CREATE INDEX orders_refunding ON orders (id) WHERE status = 'refunding';
CREATE INDEX orders_disputed ON orders (id) WHERE dispute_status IS NOT NULL;

ALTER TABLE payouts DROP CONSTRAINT payouts_status_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_status_check
  CHECK (status IN ('scheduled', 'held', 'releasing', 'transferring', 'paid', 'reversing', 'reversed', 'canceled'));
ALTER TABLE payouts
  ADD COLUMN hold_reason text CHECK (hold_reason IN ('problem', 'dispute', 'suspended')),
  ADD COLUMN attempt_at timestamptz;
UPDATE payouts SET hold_reason = 'problem' WHERE status = 'held';
-- the release job's work: claims to settle (transferring, reversing) and released payouts to send
DROP INDEX payouts_releasing;
CREATE INDEX payouts_to_send ON payouts (seller_id, id) WHERE status IN ('releasing', 'transferring', 'reversing');
DROP INDEX payouts_for_admin;
CREATE INDEX payouts_for_admin ON payouts (id) WHERE status IN ('held', 'reversing') OR (status IN ('paid', 'releasing') AND last_error IS NOT NULL);

-- An event's claim and its effect: a claim whose process died before applying it is taken over by
-- the provider's next delivery (applied_at stays null until then). Older rows were applied.
ALTER TABLE payment_events ADD COLUMN applied_at timestamptz;
UPDATE payment_events SET applied_at = processed_at;

-- The local payment double opens a dispute for Stripe's test card 4000 0000 0000 0259, as Stripe does.
ALTER TABLE local_payments DROP CONSTRAINT local_payments_kind_check;
ALTER TABLE local_payments ADD CONSTRAINT local_payments_kind_check
  CHECK (kind IN ('payment_intent', 'setup_intent', 'subscription', 'payment_method', 'account', 'account_link', 'transfer', 'dispute'));
