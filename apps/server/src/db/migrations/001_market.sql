-- Listings, daily bars and fundamentals: everything the scanner, charts and backtests read.
CREATE TABLE symbols (
  symbol      text PRIMARY KEY,
  name        text NOT NULL,
  market      text NOT NULL,              -- NASDAQ, NYSE, AMEX, BATS, NYSEARCA, OTCBB, PINK
  instr_type  text NOT NULL DEFAULT 'EQUITY' CHECK (instr_type IN ('EQUITY', 'ETF')),
  sector      text,
  industry    text,
  market_cap  float8,
  is_demo     boolean NOT NULL DEFAULT false,
  source      text,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX symbols_market_idx ON symbols (market);
CREATE INDEX symbols_sector_idx ON symbols (sector);

-- Daily bars are stored as one row per symbol and calendar year holding little-endian typed arrays
-- (days since 1970-01-01 as int32, prices and volume as float64). The server reads them straight
-- into its columnar cache; 500 symbols' full history loads in well under a second, and a daily
-- update rewrites only the current year's chunk. Prices are split- and dividend-adjusted,
-- volume split-adjusted.
CREATE TABLE daily_bar_chunks (
  symbol  text NOT NULL REFERENCES symbols (symbol) ON DELETE CASCADE,
  year    int  NOT NULL,
  n       int  NOT NULL,
  days    bytea NOT NULL,
  open    bytea NOT NULL,
  high    bytea NOT NULL,
  low     bytea NOT NULL,
  close   bytea NOT NULL,
  volume  bytea NOT NULL,
  PRIMARY KEY (symbol, year)
);

-- One row per reported period with the 28 metrics as columns: a period's numbers are read and
-- written together, and they must agree with each other (margins from income and revenue).
CREATE TABLE fundamentals (
  symbol       text NOT NULL REFERENCES symbols (symbol) ON DELETE CASCADE,
  period_type  text NOT NULL CHECK (period_type IN ('QUARTERLY', 'ANNUAL')),
  period_end   date NOT NULL,
  revenue float8, netincome float8, epsbasic float8, epsdiluted float8,
  operatingcashflow float8, fcf float8, grossprofit float8, operatingincome float8,
  ebitda float8, ebit float8, totalassets float8, currentliabilities float8,
  totalliabilities float8, totalequity float8, totalcash float8, netcash float8,
  workingcapital float8, investingcashflow float8, financingcashflow float8, netcashflow float8,
  operatingmargin float8, netprofitmargin float8, roe float8, roa float8, roic float8,
  debttoequity float8, currentratio float8, quickratio float8,
  PRIMARY KEY (symbol, period_type, period_end)
);

CREATE TABLE app_meta (
  key   text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE users (
  id           serial PRIMARY KEY,
  email        text NOT NULL UNIQUE,
  username     text NOT NULL,
  first_name   text NOT NULL DEFAULT '',
  last_name    text NOT NULL DEFAULT '',
  password_hash text,                      -- null for accounts created by Google sign-in
  google_sub   text UNIQUE,
  token_version int NOT NULL DEFAULT 0,    -- bumped on password change/logout-everywhere
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
