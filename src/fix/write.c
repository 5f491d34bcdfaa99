/* write.c — writing a fixed file back: see fix_file_write in session.h. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/atomic_write.h"
#include "fix/session.h"

/* Whether the file open as fd holds exactly bytes[0..len). */
static bool holds(int fd, const char *bytes, size_t len) {
    char buf[1 << 16];
    size_t at = 0;
    for (;;) {
        ssize_t r = read(fd, buf, sizeof buf);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return false;
        if (r == 0) return at == len;
        if ((size_t)r > len - at || memcmp(buf, bytes + at, (size_t)r) != 0) return false;
        at += (size_t)r;
    }
}

/* Rewrites the file open as fd (opened for writing) with data: for a file with several links. */
static bool rewrite_in_place(int fd, const char *data, size_t len, int *err) {
    if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0) return *err = errno, false;
    for (size_t done = 0; done < len;) {
        ssize_t w = write(fd, data + done, len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return *err = w < 0 ? errno : EIO, false;
        done += (size_t)w;
    }
    return fsync(fd) == 0 || (*err = errno, false);
}

bool fix_file_write(const FixFile *f, char *err, size_t cap) {
    if (!f->current || !f->original) return true;
    char real[PATH_MAX];
    if (!realpath(f->path, real)) {
        snprintf(err, cap, "cannot write %s: %s", f->display, strerror(errno));
        return false;
    }
    char *slash = strrchr(real, '/');
    const char *base = slash + 1;
    *slash = 0;
    int dirfd = open(real[0] ? real : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int fd = dirfd >= 0 ? openat(dirfd, base, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) : -1;
    struct stat st;
    int e = 0;
    bool ok = fd >= 0 && fstat(fd, &st) == 0;
    if (!ok) {
        e = errno;
    } else if (!S_ISREG(st.st_mode)) {
        ok = false, e = EINVAL;
    } else if (!holds(fd, f->original, f->original_len)) {
        snprintf(err, cap, "%s changed since it was read: not written", f->display);
        ok = false;
    } else if (st.st_nlink > 1) {
        ok = rewrite_in_place(fd, f->current, f->current_len, &e);
    } else {
        ok = atomic_write_at(dirfd, base, f->current, f->current_len, &st, &e);
    }
    if (!ok && e)
        snprintf(err, cap, "cannot write %s: %s", f->display,
                 e == EPERM    ? "its owner cannot be kept (it belongs to another user)"
                 : e == EINVAL ? "not a regular file"
                               : strerror(e));
    if (fd >= 0) close(fd);
    if (dirfd >= 0) close(dirfd);
    return ok;
}
