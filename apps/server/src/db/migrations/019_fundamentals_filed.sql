-- Point-in-time fundamentals: the day a period's numbers became public (its filing), and the shares
-- outstanding it reported (market cap on a past day = that day's close × the shares of the latest
-- filing by then). Periods stored before this column read their period end plus 45 days, the
-- importer's default for a source without filing dates.
ALTER TABLE fundamentals ADD COLUMN filed date;
ALTER TABLE fundamentals ADD COLUMN shares_outstanding float8;
UPDATE fundamentals SET filed = period_end + 45 WHERE filed IS NULL;

-- The last session of a listing that stopped trading (delisted); NULL while it trades. Its bars and
-- fundamentals stay, so a past day still sees it as it was.
ALTER TABLE symbols ADD COLUMN delisted_on date;
