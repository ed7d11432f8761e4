-- Sessions: one per sign-in. Every access token names its session (claim `sid`) and every refresh
-- token belongs to one, so logout ends the whole session at once: the access tokens issued before
-- earlier refreshes as well as the current ones. A rotated refresh token used again ends the session
-- it belongs to (it was copied). The server checks the session of every token on every request.
CREATE TABLE auth_sessions (
  id          serial PRIMARY KEY,
  user_id     int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  ended_at    timestamptz,
  end_reason  text
);
CREATE INDEX auth_sessions_user_live_idx ON auth_sessions (user_id) WHERE ended_at IS NULL;
CREATE INDEX auth_sessions_ended_idx ON auth_sessions (ended_at) WHERE ended_at IS NOT NULL;

-- Refresh tokens issued before sessions belong to none and are no longer accepted (signing in again
-- makes a session): they are dropped.
DELETE FROM refresh_tokens;
ALTER TABLE refresh_tokens ADD COLUMN session_id int NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE;
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

-- Logout ended single access tokens by id; it ends their session now.
DROP TABLE revoked_access_tokens;
