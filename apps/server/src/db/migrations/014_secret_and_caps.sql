-- Server-wide secrets. On PostgreSQL the generated signing key lives here so that every process on
-- the database shares it ('secret_key'); on both databases 'key_fingerprint' records which key signed
-- the sessions, so a start with a new key ends the sessions of the old one.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
