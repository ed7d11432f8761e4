-- Blog: posts authored as Markdown files (npm run blog -- publish FILE.md) and stored as sanitized HTML.
CREATE TABLE blog_categories (
  id    serial PRIMARY KEY,
  name  text NOT NULL UNIQUE
);

CREATE TABLE blog_tags (
  id    serial PRIMARY KEY,
  name  text NOT NULL UNIQUE
);

CREATE TABLE blog_posts (
  id                serial PRIMARY KEY,
  slug              text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
  title             text NOT NULL,
  summary           text NOT NULL DEFAULT '',
  content_markdown  text NOT NULL,
  content_html      text NOT NULL,           -- sanitized when stored; the browser sanitizes again
  author_name       text NOT NULL,
  category_id       int REFERENCES blog_categories (id) ON DELETE SET NULL,
  published         boolean NOT NULL DEFAULT true,
  views_count       int NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blog_posts_published_idx ON blog_posts (published, created_at DESC);

CREATE TABLE blog_post_tags (
  post_id  int NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
  tag_id   int NOT NULL REFERENCES blog_tags (id) ON DELETE CASCADE,
  PRIMARY KEY (post_id, tag_id)
);

-- One row per post, visitor and UTC day: the primary key makes a second view that day (even a
-- concurrent one) a no-op, so views_count counts each visitor once per day.
CREATE TABLE blog_post_views (
  post_id  int  NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
  visitor  text NOT NULL,                    -- hash of secret, IP and user agent; never the raw values
  day      date NOT NULL,
  PRIMARY KEY (post_id, visitor, day)
);
