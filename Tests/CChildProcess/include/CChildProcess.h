#ifndef PURCHASEKIT_CCHILDPROCESS_H
#define PURCHASEKIT_CCHILDPROCESS_H

#include <spawn.h>

/// The GNU file actions of posix_spawn(3) that glibc declares only with _GNU_SOURCE, which the
/// Swift importer does not define: change the child's working folder, and close every descriptor
/// from `lowest` up so the child inherits none of the test process's files, pipes or sockets.
/// Both return 0 or an errno value, as the posix_spawn functions do.
int pk_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);
int pk_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int lowest);

#endif
