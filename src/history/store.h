/* store.h — a FileHistory as bytes, for the history cache (history.c writes and reads the
 * entries; cache.h's CacheStore keeps them). */
#ifndef DW_HISTORY_STORE_H
#define DW_HISTORY_STORE_H

#include "base/buf.h"
#include "base/wire.h"
#include "history.h"

void store_encode(Buf *b, const FileHistory *fh);
/* Reads a FileHistory (strings and arrays into a); false when the bytes are not one (r->bad) or
 * out of memory. */
bool store_decode(Arena *a, WireReader *r, FileHistory *fh);

#endif
