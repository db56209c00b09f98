-- The moment each running game clock's flag would fall (milliseconds since the Unix epoch),
-- written in the same transaction as the append that set it: whichever process looks next can
-- find the due games without replaying every stream. A row exists only while a clock runs.
CREATE TABLE deadlines (
    stream_kind TEXT NOT NULL,
    stream_id   TEXT NOT NULL,
    deadline_ms BIGINT NOT NULL,
    PRIMARY KEY (stream_kind, stream_id)
);

CREATE INDEX deadlines_due ON deadlines (stream_kind, deadline_ms);

-- Games written before this table existed: due at once (0), so the next start-up looks at each
-- of them once and records its true deadline, or none.
INSERT INTO deadlines (stream_kind, stream_id, deadline_ms)
    SELECT stream_kind, stream_id, 0 FROM streams WHERE stream_kind = 'game';
