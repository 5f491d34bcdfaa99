/* buf.h — a growable byte buffer on the heap, for building output text. */
#ifndef DW_BUF_H
#define DW_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct Buf {
    char *data;
    size_t len, cap;
    bool failed; /* an allocation failed; further appends are ignored */
} Buf;

void buf_init(Buf *b);
void buf_free(Buf *b);
bool buf_reserve(Buf *b, size_t extra);
void buf_put(Buf *b, const void *p, size_t n);
void buf_puts(Buf *b, const char *s);
void buf_putc(Buf *b, char c);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(Buf *b, const char *fmt, va_list ap);
/* NUL-terminates without counting the NUL in len. */
const char *buf_cstr(Buf *b);

#endif
