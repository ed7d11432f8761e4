-- Alert webhook deliveries, each a row until it succeeds or fails for good (alerts/webhookDelivery.ts).
-- A process claims a due row (FOR UPDATE SKIP LOCKED) and moves next_attempt_at past the attempt's
-- deadline, so the row comes back to any process if the one sending it dies.
CREATE TABLE webhook_deliveries (
  id               bigserial PRIMARY KEY,
  user_id          int  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  alert_id         int  NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  url              text NOT NULL,
  secret           text NOT NULL,
  -- the exact bytes posted (and signed) on every attempt
  body             text NOT NULL,
  attempts         int  NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at);

-- When each user's last delivery attempt started: a free slot goes to the user who has waited
-- longest (round robin over users, shared by every process).
CREATE TABLE webhook_turns (
  user_id     int PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  served_at   timestamptz NOT NULL
);
