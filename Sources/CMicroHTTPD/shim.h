#ifndef PURCHASEKIT_CMICROHTTPD_SHIM_H
#define PURCHASEKIT_CMICROHTTPD_SHIM_H

#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <microhttpd.h>

/// Starts a daemon on `address` (IPv6 when `ipv6` is not 0) with MHD's own polling thread and
/// suspend/resume allowed: `flags` are added to those. The connection limit, the idle timeout in
/// seconds and the memory pool of each connection (which bounds the request line and headers) are
/// set, as are the access handler, the request-completed callback and the URI callback (called with the
/// raw request target as soon as the request line is read; what it returns is the request's first
/// `con_cls`). Returns NULL on failure. Swift cannot call MHD_start_daemon itself, which is variadic.
static inline struct MHD_Daemon *pk_mhd_start(
    unsigned int flags, const struct sockaddr *address, int ipv6, unsigned int connection_limit,
    unsigned int connection_timeout, size_t memory_limit, MHD_AccessHandlerCallback handler,
    void *handler_context, MHD_RequestCompletedCallback completed, void *completed_context,
    void *(*uri_callback)(void *context, const char *uri, struct MHD_Connection *connection), void *uri_context) {
    unsigned int all = flags | MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | MHD_ALLOW_SUSPEND_RESUME;
    if (ipv6) {
        all |= MHD_USE_IPv6;
    }
    return MHD_start_daemon(
        all, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_URI_LOG_CALLBACK, uri_callback, uri_context,
        MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose for port 0), or 0 when unknown.
static inline uint16_t pk_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info != NULL ? info->port : 0;
}

/// The peer address of `connection`, or NULL.
static inline const struct sockaddr *pk_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info != NULL ? info->client_addr : NULL;
}

#endif
