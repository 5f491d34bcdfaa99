# sources.mk — what the deadwood program is built from and how: its C sources, the compiler
# flags and the libraries. The one list both builds read: the Makefile includes it, setup.py
# (the Python package's build, `pip install .`) parses it. Plain `NAME := value` lines only, with
# `\` continuations. tests/build/run.py checks that it names every .c file under src/.
STD            := -std=c11 -D_GNU_SOURCE
WARN           := -Wall -Wextra -Wshadow -Wstrict-prototypes -Werror
RELEASE_CFLAGS := -O2 -g
LDLIBS         := -lpthread -lm

# the library (everything but the command line)
LIB_SRC := \
    src/ast/ast.c \
    src/ast/bigint.c \
    src/ast/unparse.c \
    src/base/arena.c \
    src/base/atomic_write.c \
    src/base/buf.c \
    src/base/finding.c \
    src/base/json.c \
    src/base/sha256.c \
    src/base/threads.c \
    src/base/wire.c \
    src/cache/cache.c \
    src/cfg/cfg.c \
    src/cfg/names.c \
    src/check/check.c \
    src/check/noqa.c \
    src/check/registry.c \
    src/check/run.c \
    src/check/tree.c \
    src/check/tree_text.c \
    src/checks/class_attrs.c \
    src/checks/dead_store.c \
    src/checks/deref_before_none_check.c \
    src/checks/duplicate_arm.c \
    src/checks/duplicate_condition.c \
    src/checks/function_as_condition.c \
    src/checks/identical_branches.c \
    src/checks/identical_ifexp.c \
    src/checks/if_chain.c \
    src/checks/leaves.c \
    src/checks/none_check_deviation.c \
    src/checks/none_dereference.c \
    src/checks/none_result_collect.c \
    src/checks/none_result_dereference.c \
    src/checks/override_drift.c \
    src/checks/redundant_condition.c \
    src/checks/redundant_override.c \
    src/checks/stale_override.c \
    src/checks/syntax_error.c \
    src/checks/syntax_too_new.c \
    src/checks/unreachable_code.c \
    src/checks/unreadable_file.c \
    src/checks/unused_noqa.c \
    src/config/config.c \
    src/config/project.c \
    src/config/toml.c \
    src/config/toml_scalar.c \
    src/discover/gitignore.c \
    src/discover/gitrepo.c \
    src/discover/glob.c \
    src/discover/nfa.c \
    src/discover/walk.c \
    src/discover/wildmatch.c \
    src/fix/apply.c \
    src/fix/diff.c \
    src/fix/edits.c \
    src/fix/noqa_add.c \
    src/fix/session.c \
    src/fix/write.c \
    src/flow/flow.c \
    src/history/git.c \
    src/history/history.c \
    src/history/lcs.c \
    src/history/log.c \
    src/history/normalize.c \
    src/history/store.c \
    src/history/units.c \
    src/history/versions.c \
    src/index/bodies.c \
    src/index/calls.c \
    src/index/query.c \
    src/index/resolve.c \
    src/index/summary.c \
    src/index/summary_io.c \
    src/lex/lex.c \
    src/lex/unicode.c \
    src/lsp/actions.c \
    src/lsp/diag.c \
    src/lsp/nav.c \
    src/lsp/notebook.c \
    src/lsp/rpc.c \
    src/lsp/server.c \
    src/lsp/text.c \
    src/lsp/workspace.c \
    src/output/out_github.c \
    src/output/out_json.c \
    src/output/out_sarif.c \
    src/output/out_sarif_text.c \
    src/output/out_text.c \
    src/output/output.c \
    src/parse/literal.c \
    src/parse/parse_expr.c \
    src/parse/parse_pattern.c \
    src/parse/parse_stmt.c \
    src/parse/parse_string.c \
    src/parse/parser.c \
    src/source/notebook.c \
    src/source/source.c

# the command line (src/cli)
CLI_SRC := \
    src/cli/check_fix.c \
    src/cli/cli_index.c \
    src/cli/cmd_callers.c \
    src/cli/cmd_check.c \
    src/cli/cmd_hierarchy.c \
    src/cli/cmd_overrides.c \
    src/cli/cmd_parse.c \
    src/cli/cmd_rule.c \
    src/cli/cmd_server.c \
    src/cli/main.c
