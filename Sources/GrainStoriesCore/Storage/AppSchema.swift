import SQLiteStore

/// The database's tables, as numbered migrations applied in order at start-up.
/// Never edit a released migration; add a new one.
enum AppSchema {
    static let migrations: [Migration] = [
        Migration(version: 1, name: "sessions, drafts, outbox, seen state, geocoding cache", sql: """
            CREATE TABLE sessions (
                id_hash TEXT PRIMARY KEY,          -- SHA-256 of the cookie value; the value itself is never stored
                did TEXT NOT NULL,
                handle TEXT NOT NULL,
                display_name TEXT,
                pds_url TEXT NOT NULL,
                access_token TEXT NOT NULL,
                refresh_token TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                last_used_at INTEGER NOT NULL
            ) STRICT;
            CREATE INDEX sessions_by_did ON sessions(did, last_used_at);

            CREATE TABLE drafts (
                id TEXT PRIMARY KEY,
                did TEXT NOT NULL,
                story_rkey TEXT NOT NULL UNIQUE,   -- chosen now, so a retried publish cannot make a second story
                post_rkey TEXT NOT NULL UNIQUE,    -- the same for the Bluesky crosspost
                photo_path TEXT NOT NULL,
                photo_bytes INTEGER NOT NULL,
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                has_gps INTEGER NOT NULL,
                gps_cell TEXT,                     -- resolution-10 H3 cell of the photo's GPS (the coordinates are not kept)
                place_name TEXT,
                place_cell TEXT,
                place_address TEXT,                -- JSON of community.lexicon.location.address
                labels TEXT NOT NULL DEFAULT '',
                crosspost INTEGER NOT NULL DEFAULT 0,
                state TEXT NOT NULL,               -- draft | publishing | posted | failed
                created_at INTEGER NOT NULL
            ) STRICT;
            CREATE INDEX drafts_by_did ON drafts(did, created_at);

            CREATE TABLE outbox (
                draft_id TEXT PRIMARY KEY REFERENCES drafts(id) ON DELETE CASCADE,
                did TEXT NOT NULL,
                step TEXT NOT NULL,                -- profile | upload | story | crosspost | done
                record_created_at TEXT NOT NULL,   -- fixed when publishing starts, so retries write the same record
                blob TEXT,                         -- JSON blob ref once uploaded
                story_uri TEXT,
                story_cid TEXT,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at INTEGER NOT NULL,
                last_error TEXT,
                status TEXT NOT NULL                -- pending | posted | failed
            ) STRICT;
            CREATE INDEX outbox_due ON outbox(status, next_attempt_at);

            CREATE TABLE seen (
                did TEXT NOT NULL,
                author TEXT NOT NULL,
                newest_ms INTEGER NOT NULL,
                PRIMARY KEY (did, author)
            ) STRICT;

            CREATE TABLE geocoding_cache (
                key TEXT PRIMARY KEY,
                value TEXT,                        -- JSON; NULL caches "no result"
                expires_at INTEGER NOT NULL
            ) STRICT;
            """),
    ]
}
