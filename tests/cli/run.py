#!/usr/bin/env python3
"""deadwood's command line, end to end: the binary run on copies of tests/cli/tree (and of
examples/zenflow) in temporary directories, asserting standard output, standard error, exit
status and what is left on disk.

Covered: commands and help, exit statuses, output formats, --output-file, --statistics, --color
(with a pseudo-terminal for `auto`), --jobs determinism, rule selection, configuration lookup
(walking up, precedence, nesting, --config, --isolated), every configuration key and its errors
(file:line:col), file discovery (excludes, --force-exclude, .gitignore, symbolic-link loops,
unreadable files, a file that vanishes mid-run, paths that do not exist), standard input, the
result cache (hits, invalidation by content and by configuration, whole-tree rules after a
change, corrupt entries, concurrent runs, --no-cache, its location), that nothing but the cache
is written in the analyzed tree, and the documentation (man page, README, pre-commit manifest).
"""
import os
import shutil
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clilib import TMP, s  # noqa: E402
import cases_cache  # noqa: E402
import cases_config  # noqa: E402
import cases_docs  # noqa: E402
import cases_files  # noqa: E402
import cases_history  # noqa: E402
import cases_run  # noqa: E402

TESTS = [getattr(mod, name) for mod in (cases_run, cases_config, cases_files, cases_cache, cases_docs,
                                        cases_history)
         for name in mod.__dict__ if name.startswith("test_")]


def main():
    only = [a for a in s.rest if not a.startswith("-")]
    try:
        for t in TESTS:
            if only and not any(o in t.__name__ for o in only):
                continue
            try:
                t()
            except Exception as e:  # a crash in one test is a failure, not the end of the suite
                s.fail(t.__name__, f"{type(e).__name__}: {e}\n{traceback.format_exc()[-1500:]}")
    finally:
        for d, dirs, files in os.walk(TMP):
            for n in dirs:
                try:
                    os.chmod(os.path.join(d, n), 0o755)
                except OSError:
                    pass
        shutil.rmtree(TMP, ignore_errors=True)
    s.finish()


main()
