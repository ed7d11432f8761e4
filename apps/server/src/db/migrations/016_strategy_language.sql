-- The strategy language (ARCHITECTURE.md "Strategy language"): more indicators with their outputs and
-- parameters, a right-hand side that may be another indicator (`against`, stored as JSON: name,
-- parameters, output, offset), any price of the bar, crossings, OR groups, and short templates
-- (SHORT/COVER rows). Existing rows take the defaults and keep running exactly as before.
ALTER TABLE indicators DROP CONSTRAINT IF EXISTS indicators_name_check;
ALTER TABLE indicators DROP CONSTRAINT IF EXISTS indicators_indicator_type_check;
ALTER TABLE indicators DROP CONSTRAINT IF EXISTS indicators_compare_check;
ALTER TABLE indicators DROP CONSTRAINT IF EXISTS indicators_cprice_check;
ALTER TABLE indicators
  ADD CONSTRAINT indicators_name_check
    CHECK (name IN ('RSI', 'SMA', 'EMA', 'SUPERTREND', 'OBV', 'MACD', 'BBANDS', 'STOCH', 'ADX', 'CCI', 'ROC', 'WILLR')),
  ADD CONSTRAINT indicators_indicator_type_check CHECK (indicator_type IN ('BUY', 'SELL', 'SHORT', 'COVER')),
  ADD CONSTRAINT indicators_compare_check CHECK (compare IN ('>', '<', '=', '≤', '≥', 'crosses_above', 'crosses_below')),
  ADD CONSTRAINT indicators_cprice_check CHECK (cprice IN ('CLOSE', 'OPEN', 'HIGH', 'LOW')),
  ADD COLUMN output   text   NOT NULL DEFAULT 'value',
  ADD COLUMN fast     int    NOT NULL DEFAULT 12 CHECK (fast BETWEEN 1 AND 500),
  ADD COLUMN slow     int    NOT NULL DEFAULT 26 CHECK (slow BETWEEN 1 AND 500),
  ADD COLUMN signal   int    NOT NULL DEFAULT 9 CHECK (signal BETWEEN 1 AND 500),
  ADD COLUMN stddev   float8 NOT NULL DEFAULT 2 CHECK (stddev >= 0.1 AND stddev <= 10),
  ADD COLUMN k_smooth int    NOT NULL DEFAULT 3 CHECK (k_smooth BETWEEN 1 AND 500),
  ADD COLUMN d_period int    NOT NULL DEFAULT 3 CHECK (d_period BETWEEN 1 AND 500),
  ADD COLUMN "group"  int    NOT NULL DEFAULT 0 CHECK ("group" BETWEEN 0 AND 99),
  ADD COLUMN against  jsonb;

-- A template alert may watch a short template's sides too.
ALTER TABLE alerts DROP CONSTRAINT IF EXISTS alerts_side_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_side_check CHECK (side IN ('BUY', 'SELL', 'SHORT', 'COVER'));
