/* actions.c — code actions. */
#include "internal.h"

void code_action(LspServer *s, const JsonValue *id, const JsonValue *params) {
    (void)params;
    result_begin(s, id);
    jw_open(&s->w, '[');
    jw_close(&s->w, ']');
    result_end(s);
}
