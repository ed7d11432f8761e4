-- An import killed with kill -9 never writes finished_at. The process and a heartbeat let the next
-- `npm run data -- status` or `import` tell a running import from a dead one (issue 20 item 7).
ALTER TABLE market_import_log
  ADD COLUMN host text,
  ADD COLUMN pid int,
  ADD COLUMN heartbeat timestamptz,
  -- set once the "after a market data update" follow-up jobs of a finished import are enqueued
  ADD COLUMN followups_at timestamptz;
-- Imports before this migration have had their follow-ups (there were none).
UPDATE market_import_log SET followups_at = now();
