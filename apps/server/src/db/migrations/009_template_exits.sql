-- Templates carry optional exits, costs and sizing (issue 12; ARCHITECTURE.md "Exits, costs and
-- sizing"): fractions like commission, dollars for the fee; NULL = not used. Existing templates keep
-- running exactly as before (every column NULL).
ALTER TABLE templates
  ADD COLUMN stop_loss_pct float8 CHECK (stop_loss_pct > 0 AND stop_loss_pct < 1),
  ADD COLUMN take_profit_pct float8 CHECK (take_profit_pct > 0 AND take_profit_pct <= 10),
  ADD COLUMN trailing_stop_pct float8 CHECK (trailing_stop_pct > 0 AND trailing_stop_pct < 1),
  ADD COLUMN spread float8 CHECK (spread >= 0 AND spread < 0.1),
  ADD COLUMN commission_fixed float8 CHECK (commission_fixed >= 0 AND commission_fixed <= 1000),
  ADD COLUMN risk_pct float8 CHECK (risk_pct > 0 AND risk_pct <= 1),
  ADD CONSTRAINT templates_risk_needs_stop CHECK (risk_pct IS NULL OR stop_loss_pct IS NOT NULL);
