#ifndef CUSTOMSTORE_CSQLITE3_SHIM_H
#define CUSTOMSTORE_CSQLITE3_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import: bound
/// text and blobs are copied by SQLite before the call returns.
static inline sqlite3_destructor_type customstore_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
