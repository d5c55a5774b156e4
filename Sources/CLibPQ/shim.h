#ifndef PURCHASEKIT_CLIBPQ_SHIM_H
#define PURCHASEKIT_CLIBPQ_SHIM_H

#include <libpq-fe.h>

/* The error fields libpq names with character-literal macros, which Swift does not import. */
static inline int purchasekit_pq_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int purchasekit_pq_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }

static inline void purchasekit_pq_ignore_notice(void *context, const char *message) {
    (void)context;
    (void)message;
}

/* Keeps the server's notices (NOTICE, WARNING) off standard error: the ledger reports errors itself. */
static inline void purchasekit_pq_silence_notices(PGconn *connection) {
    PQsetNoticeProcessor(connection, purchasekit_pq_ignore_notice, NULL);
}

#endif
