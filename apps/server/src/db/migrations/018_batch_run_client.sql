-- The client address a batch run was started from (the address the rate limits see), so that the
-- limit on runs going at once holds per address as well as per account: accounts opened from one
-- address share its runs. NULL for runs started before this column, and by tools with no address.
ALTER TABLE batch_runs ADD COLUMN client_address text;
CREATE INDEX batch_runs_client_active_idx ON batch_runs (client_address) WHERE status IN ('queued', 'running');
