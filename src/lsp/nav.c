/* nav.c — navigation: call hierarchy (the callers query), type hierarchy (the hierarchy and
 * overrides queries) and hover. */
#include "internal.h"

static void null_result(LspServer *s, const JsonValue *id) {
    result_begin(s, id);
    jw_null(&s->w);
    result_end(s);
}

void call_prepare(LspServer *s, const JsonValue *id, const JsonValue *params) {
    (void)params;
    null_result(s, id);
}
void call_incoming(LspServer *s, const JsonValue *id, const JsonValue *params) {
    (void)params;
    null_result(s, id);
}
void call_outgoing(LspServer *s, const JsonValue *id, const JsonValue *params) {
    (void)params;
    null_result(s, id);
}
void type_prepare(LspServer *s, const JsonValue *id, const JsonValue *params) {
    (void)params;
    null_result(s, id);
}
void type_supertypes(LspServer *s, const JsonValue *id, const JsonValue *params) {
    (void)params;
    null_result(s, id);
}
void type_subtypes(LspServer *s, const JsonValue *id, const JsonValue *params) {
    (void)params;
    null_result(s, id);
}
void hover(LspServer *s, const JsonValue *id, const JsonValue *params) {
    (void)params;
    null_result(s, id);
}
