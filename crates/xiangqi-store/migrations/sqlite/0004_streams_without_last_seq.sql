-- A stream's last sequence number is its greatest event's: the events table's key finds it. The
-- column rewrote the stream's row (a page at a random place in the file) with every append,
-- one page in three that a move wrote to the log; the row is now written once, when the
-- stream is created.
ALTER TABLE streams DROP COLUMN last_seq;
