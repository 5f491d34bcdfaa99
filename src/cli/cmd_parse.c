/* cmd_parse.c — `deadwood parse`: the parser's oracle interface (--json) and its throughput
 * measurement (--stats). */
#include <string.h>
#include <time.h>

#include "ast/ast.h"
#include "base/arena.h"
#include "cli.h"
#include "discover/walk.h"
#include "lex/lex.h"
#include "parse/parser.h"

static const char usage[] =
    "Usage: deadwood parse [--target-version pyNNN] --json FILE\n"
    "       deadwood parse [--target-version pyNNN] --stats PATH...\n\n"
    "  --json   print FILE's AST as one line of canonical JSON (CPython's node types, fields\n"
    "           and positions; see README, \"The parser's oracle\")\n"
    "  --target-version py313|py314|py315\n"
    "           parse as that CPython does: its syntax, its errors, its AST's fields\n"
    "           (default py315, the newest)\n"
    "  --stats  parse every .py/.pyi file under the paths, print two lines of totals:\n"
    "           cpu C s: Y MB/s\n"
    "           parsed N files, B bytes in S s: X MB/s (E errors)\n"
    "           S (wall) and C (this thread's CPU) time decoding, tokenizing and parsing the\n"
    "           bytes of each file and freeing its tree, as CPython's ast.parse(bytes) does;\n"
    "           not reading them\n";

/* Prints "path:line:col: syntax error: msg"; col is 1-based, in characters. */
static void print_syntax_error(const char *path, const SourceText *src, const ParseError *e) {
    const char *line = NULL;
    if (src->text && e->line >= 1) {
        line = src->text;
        for (int32_t l = 1; l < e->line && line; l++) {
            line = memchr(line, '\n', src->len - (size_t)(line - src->text));
            if (line) line++;
        }
    }
    fprintf(stderr, "%s:%d:%d: syntax error: %s\n", path, e->line, cli_char_col(line, e->col),
            e->msg);
}

static int parse_json(const char *path, int minor) {
    char *data;
    size_t len;
    SourceError se;
    if (!source_read_file(path, &data, &len, &se)) {
        fprintf(stderr, "%s:1:1: error: %s\n", path, se.msg);
        return EXIT_FINDINGS;
    }
    Arena a;
    arena_init(&a);
    SourceText src = {0};
    ParseResult pr;
    ParseError err;
    ParseStatus st = parse_bytes_as(&a, data, len, minor, &src, &pr, &err);
    int rc = EXIT_CLEAN;
    if (st == PARSE_OK) {
        Buf b;
        buf_init(&b);
        if (ast_to_json(&b, pr.module, minor)) {
            buf_putc(&b, '\n');
            fwrite(b.data, 1, b.len, stdout);
        } else {
            fprintf(stderr, "%s: out of memory\n", path);
            rc = EXIT_USAGE;
        }
        buf_free(&b);
    } else if (st == PARSE_SYNTAX_ERROR) {
        print_syntax_error(path, &src, &err);
        rc = EXIT_FINDINGS;
    } else {
        fprintf(stderr, "%s: out of memory\n", path);
        rc = EXIT_USAGE;
    }
    arena_free(&a);
    dw_free(data);
    return rc;
}

static double now(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int parse_stats(char **paths, int npaths, int minor) {
    Arena la;
    arena_init(&la);
    DiscoverOptions opt;
    discover_options_init(&opt);
    static const char *const python[] = {"*.py", "*.pyi"}; /* not the notebooks check reads */
    opt.include = python, opt.ninclude = 2, opt.include_set = true;
    DiscoverResult r;
    if (!discover_files(&la, &opt, (const char *const *)paths, npaths, &r)) {
        fprintf(stderr, "deadwood: %s\n", r.error ? r.error : "cannot list files");
        arena_free(&la);
        return EXIT_USAGE;
    }
    for (int32_t i = 0; i < r.ndiags; i++)
        fprintf(stderr, "%s: %s\n", r.diags[i].path, r.diags[i].message);
    size_t bytes = 0;
    long errors = 0;
    double wall = 0, cpu = 0; /* decoding, tokenizing, parsing and freeing, not reading */
    Arena a;
    arena_init(&a);
    for (int32_t i = 0; i < r.nfiles; i++) {
        char *data;
        size_t len;
        SourceError se;
        if (!source_read_file(r.files[i], &data, &len, &se)) {
            errors++;
            continue;
        }
        bytes += len;
        SourceText src;
        ParseResult pr;
        ParseError err;
        double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_THREAD_CPUTIME_ID);
        if (parse_bytes_as(&a, data, len, minor, &src, &pr, &err) != PARSE_OK) errors++;
        arena_reset(&a, KEEP_BETWEEN_FILES);
        cpu += now(CLOCK_THREAD_CPUTIME_ID) - c0, wall += now(CLOCK_MONOTONIC) - w0;
        dw_free(data);
    }
    arena_free(&a);
    printf("cpu %.3f s: %.1f MB/s\n", cpu, cpu > 0 ? (double)bytes / 1e6 / cpu : 0.0);
    printf("parsed %d files, %zu bytes in %.3f s: %.1f MB/s (%ld errors)\n", (int)r.nfiles, bytes,
           wall, wall > 0 ? (double)bytes / 1e6 / wall : 0.0, errors);
    arena_free(&la);
    return EXIT_CLEAN;
}

static int run(int argc, char **argv) {
    if (argc >= 2 && cli_is_help(argv[1])) {
        fputs(usage, stdout);
        return EXIT_CLEAN;
    }
    int minor = LEX_PY_NEWEST;
    if (argc >= 3 && strncmp(argv[1], "--target-version", 16) == 0) {
        const char *v = argv[1][16] == '=' ? argv[1] + 17 : argv[1][16] ? NULL : argv[2];
        int shift = argv[1][16] == '=' ? 1 : 2;
        minor = v ? parse_target_minor(v) : -1;
        if (minor < PARSE_PY_OLDEST) {
            fprintf(stderr,
                    "deadwood parse: --target-version takes py313, py314 or py315, not %s\n",
                    v ? v : "nothing");
            return EXIT_USAGE;
        }
        argc -= shift, argv += shift;
    }
    if (argc == 3 && strcmp(argv[1], "--json") == 0) return parse_json(argv[2], minor);
    if (argc >= 3 && strcmp(argv[1], "--stats") == 0) return parse_stats(argv + 2, argc - 2, minor);
    fputs(usage, stderr);
    return EXIT_USAGE;
}

const Command cmd_parse = {"parse", run, "parse files: the AST as JSON, or throughput", usage};
