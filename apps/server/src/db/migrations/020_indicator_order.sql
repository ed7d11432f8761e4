-- A template's rows keep the order the user gives them (move up and down, move to another block):
-- `position` orders the rows of a template (ties, as for rows added before it, by id). A row written
-- with a price on the left ("Close crosses below BB lower") is stored mirrored (the indicator on the
-- left, the comparison reversed), which the engine runs unchanged; `price_left` says so, so the row
-- reads back as it was written.
ALTER TABLE indicators
  ADD COLUMN position   int     NOT NULL DEFAULT 0,
  ADD COLUMN price_left boolean NOT NULL DEFAULT false;
UPDATE indicators SET position = id;
