/* main.c — `deadwood SUBCOMMAND ...`: dispatch, --version and help. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

static const Command *const commands[] = {&cmd_check,  &cmd_callers, &cmd_overrides, &cmd_hierarchy,
                                          &cmd_server, &cmd_rule,    &cmd_parse};
enum { NCOMMANDS = sizeof commands / sizeof *commands };

int cli_usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("deadwood: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return EXIT_USAGE;
}

int cli_option_value(int argc, char **argv, int *i, const char *name, const char *short_name,
                     const char **val) {
    const char *a = argv[*i];
    for (int k = 0; k < 2; k++) {
        const char *n = k ? short_name : name;
        if (!n) continue;
        size_t len = strlen(n);
        if (strncmp(a, n, len) != 0) continue;
        if (a[len] == '=' || (k == 1 && a[len])) { /* --name=VALUE, -jVALUE, -j=VALUE */
            *val = a + len + (a[len] == '=');
            return 1;
        }
        if (a[len]) continue;
        if (*i + 1 >= argc) {
            cli_usage_error("option '%s' needs a value", n);
            return -1;
        }
        *val = argv[++*i];
        return 1;
    }
    return 0;
}

bool cli_is_help(const char *arg) {
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

int cli_char_col(const char *line_start, int byte_col) {
    if (!line_start) return byte_col + 1;
    int n = 0;
    for (int i = 0; i < byte_col && line_start[i] && line_start[i] != '\n'; i++)
        n += ((unsigned char)line_start[i] & 0xc0) != 0x80;
    return n + 1;
}

static void help(FILE *f) {
    fprintf(f,
            "deadwood %s — finds dead branches, certain-None dereferences and drifted copies "
            "in Python code\n\nUsage: deadwood COMMAND [OPTIONS] [ARGS]\n\nCommands:\n",
            DEADWOOD_VERSION);
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
    fprintf(f, "  %-10s %s\n", "help", "this text, or a command's: deadwood help COMMAND");
    fprintf(f, "\nOptions:\n  --version  print the version\n  -h, --help print this help\n");
}

/* Memory a file's arena gives back is kept for the next file and for the index, instead of being
 * returned to the kernel and faulted in again page by page: glibc otherwise maps every block
 * over 128 KiB on its own and unmaps it when freed. A first touch of a page costs several
 * microseconds on a virtual machine; this removes 800 of them from a check of the standard
 * library, and 2,000 when the whole-tree index is built (`perf stat -e page-faults`). Not for
 * `parse`, which holds one file's tree at a time and is measured by its peak memory: blocks it
 * kept would add a quarter to it. */
static void keep_freed_memory(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
}

/* When standard output and standard error are one file (`> out 2>&1`, `2>&1 | less`), a message
 * on stderr (unbuffered) would land wherever stdout's buffer happened to be cut, often in the
 * middle of a line: every command writes whole lines to stdout and its messages between them,
 * so stdout is then written line by line, and each message falls between two lines. (Only then:
 * a line-buffered stdout costs a write per line, which a file of its own does not need.) */
static void keep_lines_whole(void) {
    struct stat o, e;
    if (fstat(STDOUT_FILENO, &o) == 0 && fstat(STDERR_FILENO, &e) == 0 && o.st_dev == e.st_dev &&
        o.st_ino == e.st_ino)
        setvbuf(stdout, NULL, _IOLBF, 0);
}

int main(int argc, char **argv) {
    keep_lines_whole();
    if (argc < 2) {
        help(stderr);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "parse") != 0) keep_freed_memory();
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        printf("deadwood %s\n", DEADWOOD_VERSION);
        return EXIT_CLEAN;
    }
    if (cli_is_help(name) || strcmp(name, "help") == 0) {
        if (argc > 2 && strcmp(name, "help") == 0) {
            for (int i = 0; i < NCOMMANDS; i++)
                if (strcmp(commands[i]->name, argv[2]) == 0) {
                    fputs(commands[i]->usage, stdout);
                    return EXIT_CLEAN;
                }
            return cli_usage_error("no command '%s' (try: deadwood help)", argv[2]);
        }
        help(stdout);
        return EXIT_CLEAN;
    }
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i]->name, name) == 0) return commands[i]->run(argc - 1, argv + 1);
    return cli_usage_error("unknown command '%s' (try: deadwood help)", name);
}
