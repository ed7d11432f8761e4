-- Login, registration and reset throttling shared by every server process (issue 16, issue 20
-- item 5). One fixed window per key: 'login:ip:<address>', 'login:acct-ip:<e-mail>|<address>', …
CREATE TABLE auth_throttle (
  key         text PRIMARY KEY,
  hits        int  NOT NULL,
  window_end  timestamptz NOT NULL
);
CREATE INDEX auth_throttle_window_idx ON auth_throttle (window_end);
