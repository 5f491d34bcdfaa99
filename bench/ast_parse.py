"""ast_parse.py — CPython's own parser as the baseline for deadwood's parser throughput.

    python3.13 bench/ast_parse.py LISTFILE
        reads every file named in LISTFILE (one path a line) into memory first, then times
        ast.parse(source_bytes, filename) over all of them (interpreter start-up and file reading
        excluded; each tree dropped before the next parse; the garbage collector as usual), and
        prints, in the shape of `deadwood parse --stats`:
            cpu C s: Y MB/s
            parsed N files, B bytes in S s: X MB/s (E errors)
        S is wall time (time.perf_counter), C is this process's CPU time (time.process_time).
    python3 bench/ast_parse.py --list-ok LISTFILE
        prints the files of LISTFILE that this interpreter's ast.parse accepts.

Standard library only; runs on any Python 3.
"""
import ast
import sys
import time


def read_list(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def try_parse(source, path):
    try:
        ast.parse(source, filename=path)
        return True
    except (SyntaxError, ValueError, UnicodeDecodeError, RecursionError, MemoryError):
        return False


def main(argv):
    if len(argv) == 3 and argv[1] == "--list-ok":
        for p in read_list(argv[2]):
            with open(p, "rb") as f:
                if try_parse(f.read(), p):
                    print(p)
        return 0
    if len(argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    sources = []
    for p in read_list(argv[1]):
        with open(p, "rb") as f:
            sources.append((p, f.read()))
    nbytes = sum(len(s) for _, s in sources)
    errors = 0
    w0, c0 = time.perf_counter(), time.process_time()
    for p, s in sources:
        if not try_parse(s, p):
            errors += 1
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    print("cpu %.3f s: %.1f MB/s" % (cpu, nbytes / 1e6 / cpu if cpu else 0.0))
    print("parsed %d files, %d bytes in %.3f s: %.1f MB/s (%d errors)"
          % (len(sources), nbytes, wall, nbytes / 1e6 / wall if wall else 0.0, errors))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
