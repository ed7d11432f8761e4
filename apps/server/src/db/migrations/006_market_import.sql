-- What the importer and the daily update did, for `npm run data -- status` and the update job.
CREATE TABLE market_import_log (
  id           serial PRIMARY KEY,
  command      text NOT NULL,              -- import | update
  sources      text NOT NULL,              -- paths or provider names
  started_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  interrupted  boolean NOT NULL DEFAULT false,
  summary      jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX market_import_log_started_idx ON market_import_log (started_at DESC);

-- The screener's last sale and change, kept for listings that have no bars of their own.
ALTER TABLE symbols ADD COLUMN last_sale float8, ADD COLUMN net_change float8, ADD COLUMN pct_change float8,
  ADD COLUMN last_volume float8;

-- The scanner's basic filters and the universe listing read these.
CREATE INDEX symbols_instr_type_idx ON symbols (instr_type);
CREATE INDEX symbols_market_cap_idx ON symbols (market_cap);
-- Charts read bars by (symbol, year) and fundamentals by (symbol, period_type, period_end): both are
-- the primary keys of 001, so they need no index of their own.
