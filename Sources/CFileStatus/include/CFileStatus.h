#ifndef PURCHASEKIT_CFILESTATUS_H
#define PURCHASEKIT_CFILESTATUS_H

#include <stdint.h>

/// What the journal asks of a file: which file it is, how many names it has, how big it is, and
/// its type and permission bits (`st_mode`: a regular file, a symbolic link, a FIFO...).
typedef struct {
    uint64_t device;
    uint64_t inode;
    uint64_t links;
    int64_t size;
    uint32_t mode;
} pk_file_status;

/// Fills `status` for the open file `fd` (with `path` NULL) or for `path` relative to the open
/// directory `fd` (or AT_FDCWD),
/// through statx(2) asking for the inode, link count, size, type and mode only: never for the
/// timestamps.
///
/// Asking for a file's timestamps (stat, fstat) on Linux 6.13 and later makes the next write to it
/// record a fine-grained modification time, which dirties the inode; on ext4 an fdatasync then has
/// the inode to write too. A journal that checks its log before every commit would pay that on
/// every commit. Returns 0, or -1 with errno set (as stat does).
int pk_file_status_get(int fd, const char *path, pk_file_status *status);

/// The kinds of file `pk_file_type` tells apart.
typedef enum {
    pk_file_type_regular = 0,
    pk_file_type_directory = 1,
    pk_file_type_symbolic_link = 2,
    pk_file_type_fifo = 3,
    pk_file_type_socket = 4,
    pk_file_type_device = 5,
    pk_file_type_other = 6,
} pk_file_type_kind;

/// The kind of file `mode` (as `pk_file_status.mode` holds it) describes.
pk_file_type_kind pk_file_type(uint32_t mode);

/// Finds the first stretch of the open file `fd`, at or after `offset`, that holds data, as
/// lseek(2) with SEEK_DATA and SEEK_HOLE tell it: a hole (a part of a sparse file that takes no
/// space and reads as zeros) is skipped without being read. Stores the stretch's first byte in
/// `start` and the byte after its last in `end`, and returns 1; returns 0 when nothing but a hole
/// follows `offset` (or `offset` is at or past the end of the file); -1 with errno set on failure.
/// A file system that does not keep holes reports everything from `offset` to the end of the file
/// as data. It moves the descriptor's file offset, which `pread` and `pwrite` do not use.
int pk_file_data_region(int fd, int64_t offset, int64_t *start, int64_t *end);

/// Reads a 64-bit counter that other processes change through a shared mapping (an atomic,
/// sequentially consistent load).
uint64_t pk_shared_counter_load(const uint64_t *counter);

/// Adds one to a 64-bit counter that other processes read through a shared mapping (an atomic,
/// sequentially consistent increment; it wraps around).
void pk_shared_counter_increment(uint64_t *counter);

#endif
