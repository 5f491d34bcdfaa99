/* atomic_write.h — replacing a file so that readers see its old bytes or its new ones, never a
 * mix: the bytes go to a new temporary file in the same directory (created O_EXCL, never through
 * a symbolic link), which is renamed over the name (renameat replaces whatever had the name, a
 * link included, and never follows it). The cache writes its entries this way, and the fix loop
 * the files it fixes (keeping their mode and owner). */
#ifndef DW_ATOMIC_WRITE_H
#define DW_ATOMIC_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/* Writes data[0..len) as `name` in the directory open as dirfd. With `keep` (NULL: a new file's
 * usual mode), the new file gets keep's permission bits and owner and group before it replaces
 * the old one, and reaches the disk first (fsync). False with *err set to an errno when anything
 * fails (EPERM: the owner could not be kept); the temporary file is removed then. */
bool atomic_write_at(int dirfd, const char *name, const void *data, size_t len,
                     const struct stat *keep, int *err);

/* Whether name is one of atomic_write_at's temporary files (".tmp-PID-N"). */
bool atomic_write_is_tmp(const char *name);

#endif
