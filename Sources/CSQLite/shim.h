#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/// `SQLITE_TRANSIENT` is a cast macro Swift cannot import: SQLite copies the text at once.
static inline int csqlite_bind_text_transient(sqlite3_stmt *_Nonnull stmt, int index, const char *_Nonnull text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}

/// Same for blobs.
static inline int csqlite_bind_blob_transient(sqlite3_stmt *_Nonnull stmt, int index, const void *_Nullable bytes, int length) {
    return sqlite3_bind_blob(stmt, index, bytes, length, SQLITE_TRANSIENT);
}

/// `sqlite3_db_config` is variadic, so Swift cannot call it. This forwards the options
/// that take `(int value, int *result)`, such as `SQLITE_DBCONFIG_DEFENSIVE` and
/// `SQLITE_DBCONFIG_DQS_DML`; `result` receives the setting now in effect.
static inline int csqlite_db_config_int(sqlite3 *_Nonnull db, int op, int value, int *_Nullable result) {
    return sqlite3_db_config(db, op, value, result);
}
#endif
