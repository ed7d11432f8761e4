-- Access tokens ended by logout before they expire. Each access token carries a random id (jti);
-- logout records it here until the token would have expired anyway, so a copied token stops working.
CREATE TABLE revoked_access_tokens (
  jti         text PRIMARY KEY,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX revoked_access_tokens_expiry_idx ON revoked_access_tokens (expires_at);
