-- Every move moves its game's deadline. With an index on deadline_ms each of those updates
-- wrote a new row version and an entry in both indexes (no update was heap-only: 200,000
-- moves of the load bench left 70,000 dead rows), which made the deadline the dearest part
-- of an append. Without it, and with room left on each page for the new version, the update
-- stays on its page and touches no index. The deadline sweep reads the whole table instead:
-- one row per running clock, a millisecond or two for ten thousand games (as SQLite does
-- since its migration 3).
DROP INDEX IF EXISTS deadlines_due;
ALTER TABLE deadlines SET (fillfactor = 50);
