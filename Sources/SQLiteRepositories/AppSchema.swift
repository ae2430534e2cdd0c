import SQLiteStore

/// The database's tables, as numbered migrations applied in order at start-up.
/// Never edit a released migration; add a new one.
enum AppSchema {
    static let migrations: [Migration] = [
        Migration(
            version: 1, name: "sessions, drafts, outbox, seen state, geocoding cache",
            sql: """
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
        // Publishing state had two owners (drafts.state and outbox.status, written
        // together in separate statements); it moves into the draft's own row, where one
        // statement changes it. photo_path goes: the path is DataDirectory.draftPhoto(id),
        // which is how every stored path was made.
        Migration(
            version: 2, name: "publishing state in the drafts table; no stored photo path",
            sql: """
                CREATE TABLE drafts_v2 (
                    id TEXT PRIMARY KEY,
                    did TEXT NOT NULL,
                    story_rkey TEXT NOT NULL UNIQUE,   -- chosen now, so a retried publish cannot make a second story
                    post_rkey TEXT NOT NULL UNIQUE,    -- the same for the Bluesky crosspost
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
                    state TEXT NOT NULL,               -- draft | publishing | posted | failed: the one publish status
                    created_at INTEGER NOT NULL,
                    -- Publishing progress; NULL until publishing starts.
                    publish_step TEXT,                 -- profile | upload | story | crosspost | done
                    record_created_at TEXT,            -- fixed when publishing starts, so retries write the same record
                    blob TEXT,                         -- JSON blob ref once uploaded
                    story_uri TEXT,
                    story_cid TEXT,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt_at INTEGER,
                    last_error TEXT
                ) STRICT;
                INSERT INTO drafts_v2 (id, did, story_rkey, post_rkey, photo_bytes, width, height, has_gps, gps_cell,
                    place_name, place_cell, place_address, labels, crosspost, state, created_at,
                    publish_step, record_created_at, blob, story_uri, story_cid, attempts, next_attempt_at, last_error)
                SELECT d.id, d.did, d.story_rkey, d.post_rkey, d.photo_bytes, d.width, d.height, d.has_gps, d.gps_cell,
                    d.place_name, d.place_cell, d.place_address, d.labels, d.crosspost,
                    CASE WHEN o.draft_id IS NULL THEN d.state WHEN o.status = 'pending' THEN 'publishing' ELSE o.status END,
                    d.created_at,
                    o.step, o.record_created_at, o.blob, o.story_uri, o.story_cid, COALESCE(o.attempts, 0), o.next_attempt_at, o.last_error
                FROM drafts d LEFT JOIN outbox o ON o.draft_id = d.id;
                DROP TABLE outbox;
                DROP TABLE drafts;
                ALTER TABLE drafts_v2 RENAME TO drafts;
                CREATE INDEX drafts_by_did ON drafts(did, created_at);
                CREATE INDEX drafts_due ON drafts(state, next_attempt_at);
                """),
        // Per account: which strip the home page shows (following or everyone) and the
        // people whose stories the account has hidden on this server (Grain keeps mutes in
        // its own AppView only, so a server of its own keeps its own list).
        Migration(
            version: 3, name: "strip choice and hidden authors per account",
            sql: """
                CREATE TABLE strip_choice (
                    did TEXT PRIMARY KEY,
                    choice TEXT NOT NULL               -- following | everyone
                ) STRICT;

                CREATE TABLE hidden_authors (
                    did TEXT NOT NULL,                 -- the account that hid them
                    author TEXT NOT NULL,
                    hidden_at INTEGER NOT NULL,        -- milliseconds since 1970
                    PRIMARY KEY (did, author)
                ) STRICT;
                """),
        // Favourites and comments a person wrote here, kept until their PDS has them:
        // the record key is chosen before the first attempt, so a retry (after a lost
        // answer or a restart) finds the record it already made instead of adding one.
        Migration(
            version: 4, name: "favourites and comments waiting for the PDS",
            sql: """
                CREATE TABLE social_writes (
                    id INTEGER PRIMARY KEY,
                    did TEXT NOT NULL,                 -- whose repository
                    kind TEXT NOT NULL,                -- favorite | unfavorite | comment | uncomment
                    rkey TEXT NOT NULL,                -- the record created or deleted
                    subject TEXT NOT NULL,             -- the story's AT URI
                    text TEXT,                         -- a comment's text
                    record_created_at TEXT NOT NULL,   -- fixed at the first attempt, so retries write the same record
                    status TEXT NOT NULL,              -- pending | done | failed | cancelled
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt_at INTEGER NOT NULL,
                    last_error TEXT,
                    queued_at INTEGER NOT NULL
                ) STRICT;
                -- A record is created from here once; deleting it may be asked for again.
                CREATE UNIQUE INDEX social_writes_created ON social_writes(did, rkey) WHERE kind IN ('favorite', 'comment');
                CREATE INDEX social_writes_due ON social_writes(status, next_attempt_at);
                CREATE INDEX social_writes_by_subject ON social_writes(subject, queued_at);
                """),
        // Drafts, their publishing and social writes belong to the account that made
        // them: its DID *and* the PDS its session was verified on, so they are only ever
        // sent with a session of that same account on that same PDS, never with "the
        // newest session of this DID". Rows from before take the PDS of the newest
        // session their DID had (what they would have been sent with).
        Migration(
            version: 5, name: "drafts and social writes bound to their account's PDS",
            sql: """
                ALTER TABLE drafts ADD COLUMN pds_url TEXT NOT NULL DEFAULT '';
                UPDATE drafts SET pds_url = COALESCE(
                    (SELECT s.pds_url FROM sessions s WHERE s.did = drafts.did ORDER BY s.last_used_at DESC LIMIT 1), '');
                ALTER TABLE social_writes ADD COLUMN pds_url TEXT NOT NULL DEFAULT '';
                UPDATE social_writes SET pds_url = COALESCE(
                    (SELECT s.pds_url FROM sessions s WHERE s.did = social_writes.did ORDER BY s.last_used_at DESC LIMIT 1), '');
                CREATE INDEX sessions_by_account ON sessions(did, pds_url, last_used_at);
                """),
        // Comment threads: a reply keeps the comment it answers, and a comment the
        // mention facets found when it was typed, so a retry after a restart sends the
        // same record. (A heart on a comment is a favourite whose subject is the comment.)
        Migration(
            version: 6, name: "replies and mention facets of social writes",
            sql: """
                ALTER TABLE social_writes ADD COLUMN reply_to TEXT;    -- the answered comment's AT URI
                ALTER TABLE social_writes ADD COLUMN facets TEXT;      -- JSON array of app.bsky.richtext.facet
                """),
        // OAuth sign-in: a session is an app password's (tokens in this row) or an OAuth
        // grant's (tokens and DPoP key in oauth-sessions/<id_hash>, this row's tokens
        // empty), with the scope the account granted, for the pages' notices.
        Migration(
            version: 7, name: "sessions signed in with OAuth",
            sql: """
                ALTER TABLE sessions ADD COLUMN kind TEXT NOT NULL DEFAULT 'app-password';  -- app-password | oauth
                ALTER TABLE sessions ADD COLUMN oauth_scope TEXT;                           -- the granted scope, OAuth only
                """),
        // Over https a session's cookie is `__Host-sid`, which no other host can set; a
        // session issued so is never read from a plain `sid` cookie (one a sibling host
        // could have planted). Sessions from before, and those signed in over http, keep
        // working under the plain name.
        Migration(
            version: 8, name: "sessions issued under the __Host- cookie name",
            sql: """
                ALTER TABLE sessions ADD COLUMN host_cookie INTEGER NOT NULL DEFAULT 0;  -- 1: issued as __Host-sid over https
                """),
        // What went wrong with a post, a heart or a comment is a value (`WriteProblem`),
        // stored in its stable encoded form (JSON with a `kind`) instead of the text it was
        // flattened into. The texts stored before cannot be read back into causes; they
        // become the `legacy` kind, which pages show in plain generic words.
        Migration(
            version: 9, name: "write problems as values",
            sql: """
                ALTER TABLE drafts RENAME COLUMN last_error TO problem;          -- JSON of WriteProblem
                UPDATE drafts SET problem = json_object('kind', 'legacy', 'text', problem) WHERE problem IS NOT NULL;
                ALTER TABLE social_writes RENAME COLUMN last_error TO problem;   -- JSON of WriteProblem
                UPDATE social_writes SET problem = json_object('kind', 'legacy', 'text', problem) WHERE problem IS NOT NULL;
                """),
        // Activity (issue 51): what the Jetstream follower kept for the accounts signed in
        // here, one row per (recipient, record) so a replayed event adds nothing; deleted
        // records are remembered (a replayed create of a deleted heart stays deleted); each
        // account's last look at its Activity page and its view-sharing choice; the cursor;
        // and browsers' push subscriptions, one per (endpoint, account).
        Migration(
            version: 10, name: "activity, its cursor and push subscriptions",
            sql: """
                CREATE TABLE activity (
                    recipient TEXT NOT NULL,           -- the account on this server it concerns
                    record TEXT NOT NULL,              -- the heart's or comment's AT URI
                    kind TEXT NOT NULL,                -- heart-story | heart-comment | comment | reply | mention
                    actor TEXT NOT NULL,               -- the DID of the repository that wrote the record
                    story TEXT NOT NULL,
                    comment TEXT,
                    text TEXT,
                    at_ms INTEGER NOT NULL,            -- the event's time on the network
                    deleted INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (recipient, record)
                ) STRICT;
                CREATE INDEX activity_by_recipient ON activity(recipient, deleted, at_ms);
                CREATE INDEX activity_by_record ON activity(record);
                CREATE INDEX activity_by_actor ON activity(actor);
                CREATE INDEX activity_by_time ON activity(at_ms);

                CREATE TABLE activity_deleted (
                    record TEXT PRIMARY KEY,
                    at_ms INTEGER NOT NULL
                ) STRICT;
                CREATE INDEX activity_deleted_by_time ON activity_deleted(at_ms);

                CREATE TABLE activity_accounts (
                    did TEXT PRIMARY KEY,
                    seen_at_ms INTEGER NOT NULL DEFAULT 0,
                    shares_views INTEGER NOT NULL DEFAULT 1
                ) STRICT;

                CREATE TABLE activity_cursor (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    time_us INTEGER NOT NULL
                ) STRICT;

                CREATE TABLE push_subscriptions (
                    endpoint TEXT NOT NULL,
                    did TEXT NOT NULL,
                    p256dh BLOB NOT NULL,
                    auth BLOB NOT NULL,
                    groups TEXT NOT NULL,              -- comma-separated: hearts, comments, replies, mentions
                    PRIMARY KEY (endpoint, did)
                ) STRICT;
                CREATE INDEX push_subscriptions_by_did ON push_subscriptions(did);

                -- "Seen by": who has seen an author's stories.
                CREATE INDEX seen_by_author ON seen(author, newest_ms);
                """),
    ]
}
