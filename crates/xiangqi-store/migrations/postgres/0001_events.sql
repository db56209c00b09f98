-- One row per stream (a game or a tournament): its last sequence number, for optimistic
-- concurrency and for listing.
CREATE TABLE streams (
    stream_kind TEXT NOT NULL,
    stream_id   TEXT NOT NULL,
    last_seq    BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (stream_kind, stream_id)
);

-- The append-only log: events are numbered 1, 2, 3 … within their stream.
CREATE TABLE events (
    stream_kind TEXT NOT NULL,
    stream_id   TEXT NOT NULL,
    seq         BIGINT NOT NULL,
    event_type  TEXT NOT NULL,
    payload     JSONB NOT NULL,
    recorded_at BIGINT NOT NULL,
    PRIMARY KEY (stream_kind, stream_id, seq)
);
