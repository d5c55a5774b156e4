#define _GNU_SOURCE
#include "CFileStatus.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

int pk_file_status_get(int fd, const char *path, pk_file_status *status) {
    struct statx info;
    const char *name = path ? path : "";
    int flags = path ? 0 : AT_EMPTY_PATH;
    if (statx(fd, name, flags, STATX_INO | STATX_NLINK | STATX_SIZE | STATX_TYPE | STATX_MODE, &info) == 0) {
        status->device = makedev(info.stx_dev_major, info.stx_dev_minor);
        status->inode = info.stx_ino;
        status->links = info.stx_nlink;
        status->size = (int64_t)info.stx_size;
        status->mode = info.stx_mode;
        return 0;
    }
    if (errno != ENOSYS) return -1;
    // A kernel older than statx (before Linux 4.11) has no fine-grained timestamps either.
    struct stat plain;
    int result = path ? stat(path, &plain) : fstat(fd, &plain);
    if (result != 0) return -1;
    status->device = plain.st_dev;
    status->inode = plain.st_ino;
    status->links = plain.st_nlink;
    status->size = plain.st_size;
    status->mode = plain.st_mode;
    return 0;
}

pk_file_type_kind pk_file_type(uint32_t mode) {
    if (S_ISREG(mode)) return pk_file_type_regular;
    if (S_ISDIR(mode)) return pk_file_type_directory;
    if (S_ISLNK(mode)) return pk_file_type_symbolic_link;
    if (S_ISFIFO(mode)) return pk_file_type_fifo;
    if (S_ISSOCK(mode)) return pk_file_type_socket;
    if (S_ISCHR(mode) || S_ISBLK(mode)) return pk_file_type_device;
    return pk_file_type_other;
}

int pk_file_data_region(int fd, int64_t offset, int64_t *start, int64_t *end) {
    off_t data = lseek(fd, (off_t)offset, SEEK_DATA);
    if (data < 0) {
        if (errno == ENXIO) return 0;
        if (errno != EINVAL) return -1;
        // A file system that knows no holes: all of the rest is data. (The size is asked for
        // without the timestamps, see pk_file_status_get.)
        pk_file_status status;
        if (pk_file_status_get(fd, NULL, &status) != 0) return -1;
        if (status.size <= offset) return 0;
        *start = offset;
        *end = status.size;
        return 1;
    }
    off_t hole = lseek(fd, data, SEEK_HOLE);
    if (hole < 0) return -1;
    *start = (int64_t)data;
    *end = (int64_t)hole;
    return 1;
}

uint64_t pk_shared_counter_load(const uint64_t *counter) {
    return __atomic_load_n(counter, __ATOMIC_SEQ_CST);
}

void pk_shared_counter_increment(uint64_t *counter) {
    __atomic_fetch_add(counter, 1, __ATOMIC_SEQ_CST);
}
