-- Saved scanner queries (spec §3 "Scanner template"): a name unique per user and its filter rows,
-- each with every field of spec §3, kept in the order the user built them.
CREATE TABLE scanner_templates (
  id          serial PRIMARY KEY,
  user_id     int  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT scanner_templates_user_name_key UNIQUE (user_id, name)
);

CREATE TABLE scanner_filters (
  id                      serial PRIMARY KEY,
  template_id             int  NOT NULL REFERENCES scanner_templates (id) ON DELETE CASCADE,
  category                text NOT NULL CHECK (category IN ('Basic', 'TA', 'FA')),
  "order"                 int  NOT NULL,
  filter_type             text NOT NULL,
  operator                text,
  value_numeric_1         float8,
  value_numeric_2         float8,
  value_text              text,
  indicator_period        text,          -- '200', or MACD's '12,26,9'
  multiplier              float8,
  fa_metric_name          text,
  fa_period_type          text,
  fa_direction            text,
  fa_consecutive_periods  int,
  current_price_field     text,
  compare_price_field     text,
  ohlc_comparison         text,
  ohlc_offset             int
);
CREATE INDEX scanner_filters_template_idx ON scanner_filters (template_id, "order");
