-- Backtesting workflow (spec §3): a user's templates of BUY/SELL indicator conditions and the stock
-- periods they run them on. Everything belongs to one user and goes with them.
CREATE TABLE templates (
  id            serial PRIMARY KEY,
  user_id       int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name          text NOT NULL CHECK (btrim(name) <> ''),
  -- 0 < size < 1: fraction of equity in whole shares; >= 1: a number of shares (ARCHITECTURE.md)
  position_size float8 NOT NULL DEFAULT 0.99 CHECK (position_size > 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX templates_user_idx ON templates (user_id, id);

CREATE TABLE indicators (
  id             serial PRIMARY KEY,
  template_id    int NOT NULL REFERENCES templates (id) ON DELETE CASCADE,
  name           text NOT NULL CHECK (name IN ('RSI', 'SMA', 'EMA', 'SUPERTREND', 'OBV')),
  indicator_type text NOT NULL CHECK (indicator_type IN ('BUY', 'SELL')),
  period         int NOT NULL DEFAULT 14 CHECK (period > 0),
  drift          int NOT NULL DEFAULT 1 CHECK (drift > 0),
  "offset"       int NOT NULL DEFAULT 0 CHECK ("offset" >= 0),
  length         int NOT NULL DEFAULT 7 CHECK (length > 0),
  compare        text NOT NULL CHECK (compare IN ('>', '<', '=', '≤', '≥')),
  cvalue         text NOT NULL DEFAULT '50',
  cprice         text NOT NULL DEFAULT 'CLOSE' CHECK (cprice IN ('CLOSE'))
);
CREATE INDEX indicators_template_idx ON indicators (template_id, id);

CREATE TABLE periods (
  id           serial PRIMARY KEY,
  user_id      int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  stock_ticker text NOT NULL,
  start_date   date NOT NULL,
  end_date     date NOT NULL,
  CHECK (start_date < end_date)
);
CREATE INDEX periods_user_idx ON periods (user_id, id);
