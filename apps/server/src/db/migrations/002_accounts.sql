-- Accounts: refresh tokens (the `_refresh` cookie) and the last sign-in time.
-- Password-reset tokens need no table: they are signed over the user's current password hash and
-- a timestamp, so a password change (including the reset itself) or the TTL makes them invalid.

ALTER TABLE users ADD COLUMN last_login timestamptz;
CREATE UNIQUE INDEX users_email_lower_idx ON users (lower(email));

-- One row per issued refresh token; only its SHA-256 is stored. Using a token rotates it
-- (revokes it and issues a new one); logout revokes it.
CREATE TABLE refresh_tokens (
  id          serial PRIMARY KEY,
  user_id     int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);
