-- Backtest templates carry the engine's optional commission and starting cash (issue 3; TradingView's
-- strategy properties). Existing templates keep running as before: no commission, $10,000.
ALTER TABLE templates
  -- fraction of trade value charged on entry and exit (0.001 = 0.1 %)
  ADD COLUMN commission float8 NOT NULL DEFAULT 0 CHECK (commission >= 0 AND commission < 0.1),
  ADD COLUMN cash float8 NOT NULL DEFAULT 10000 CHECK (cash > 0);
