/* atomic_write.c — see atomic_write.h. */
#include "atomic_write.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static atomic_uint tmp_seq; /* temporary file names, unique in this process */

bool atomic_write_is_tmp(const char *name) {
    return strncmp(name, ".tmp-", 5) == 0;
}

/* Gives the new file f keep's permission bits and owner. */
static bool keep_attributes(int f, const struct stat *keep, int *err) {
    struct stat now;
    if (fchmod(f, keep->st_mode & 07777) != 0 || fstat(f, &now) != 0) return *err = errno, false;
    if ((now.st_uid != keep->st_uid || now.st_gid != keep->st_gid) &&
        fchown(f, keep->st_uid, keep->st_gid) != 0)
        return *err = errno, false;
    /* (chown may clear the set-user-ID and set-group-ID bits: set them again) */
    if ((keep->st_mode & 06000) && fchmod(f, keep->st_mode & 07777) != 0)
        return *err = errno, false;
    return fsync(f) == 0 || (*err = errno, false);
}

bool atomic_write_at(int dirfd, const char *name, const void *data, size_t len,
                     const struct stat *keep, int *err) {
    char tmp[64];
    int f = -1;
    for (int tries = 0; f < 0 && tries < 100; tries++) {
        snprintf(tmp, sizeof tmp, ".tmp-%ld-%u", (long)getpid(), atomic_fetch_add(&tmp_seq, 1));
        f = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                   keep ? 0600 : 0666);
        if (f < 0 && errno != EEXIST) break;
    }
    if (f < 0) return *err = errno, false;
    bool ok = true;
    const char *p = data;
    for (size_t done = 0; ok && done < len;) {
        ssize_t w = write(f, p + done, len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0)
            ok = false, *err = w < 0 ? errno : EIO;
        else
            done += (size_t)w;
    }
    if (ok && keep) ok = keep_attributes(f, keep, err);
    if (close(f) != 0 && ok) ok = false, *err = errno;
    if (ok && renameat(dirfd, tmp, dirfd, name) != 0) ok = false, *err = errno;
    if (!ok) unlinkat(dirfd, tmp, 0);
    return ok;
}
