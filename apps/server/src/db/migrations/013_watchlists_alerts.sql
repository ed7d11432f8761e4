-- Watchlists, alerts and notifications (issue 17).

-- A user's named lists of symbols, in the user's order (at most 500, checked by the API).
CREATE TABLE watchlists (
  id          serial PRIMARY KEY,
  user_id     int  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (btrim(name) <> ''),
  symbols     text[] NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT watchlists_user_name_key UNIQUE (user_id, name)
);

-- An alert watches a saved scan, a template side on a watchlist or a symbol, or a price level.
CREATE TABLE alerts (
  id                   serial PRIMARY KEY,
  user_id              int  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind                 text NOT NULL CHECK (kind IN ('scan', 'template', 'price')),
  name                 text NOT NULL,
  enabled              boolean NOT NULL DEFAULT true,
  email                boolean NOT NULL DEFAULT false,
  webhook_url          text,
  webhook_secret       text NOT NULL,
  cooldown_minutes     int  NOT NULL DEFAULT 0,
  scanner_template_id  int REFERENCES scanner_templates (id) ON DELETE CASCADE,
  template_id          int REFERENCES templates (id) ON DELETE CASCADE,
  side                 text CHECK (side IN ('BUY', 'SELL')),
  watchlist_id         int REFERENCES watchlists (id) ON DELETE CASCADE,
  symbol               text,
  direction            text CHECK (direction IN ('above', 'below')),
  level                float8,
  -- a scan alert's matches at the last evaluation: only symbols not in it fire ("newly match")
  last_matches         jsonb,
  last_evaluated_at    timestamptz,
  last_fired_at        timestamptz,
  webhook_last_attempt_at timestamptz,
  webhook_last_success_at timestamptz,
  webhook_last_error   text,
  webhook_failures     int NOT NULL DEFAULT 0,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alerts_user_idx ON alerts (user_id, id);

-- When an alert last fired for a symbol, and on which bar: the cooldown, and no second firing on
-- the same bar when an update leaves the symbol's bars as they were.
CREATE TABLE alert_symbol_state (
  alert_id       int  NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  symbol         text NOT NULL,
  last_fired_at  timestamptz NOT NULL,
  last_bar_date  date NOT NULL,
  PRIMARY KEY (alert_id, symbol)
);

-- One row per market data update whose alerts were evaluated: written in the evaluation's
-- transaction, so a retried or duplicated follow-up finds it and does nothing.
CREATE TABLE alert_evaluations (
  import_id     int PRIMARY KEY,
  evaluated_at  timestamptz NOT NULL DEFAULT now(),
  alerts        int NOT NULL,
  fired         int NOT NULL,
  ms            int NOT NULL
);

CREATE TABLE notifications (
  id          serial PRIMARY KEY,
  user_id     int  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  alert_id    int REFERENCES alerts (id) ON DELETE SET NULL,
  alert_name  text NOT NULL,
  kind        text NOT NULL,
  symbol      text,
  message     text NOT NULL,
  close       float8,
  "values"    jsonb NOT NULL DEFAULT '{}',
  link        text NOT NULL,
  bar_date    date,
  import_id   int,
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_at     timestamptz
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
