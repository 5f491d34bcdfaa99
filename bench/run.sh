#!/usr/bin/env bash
# run.sh — `make bench`: installs what the benchmarks need (Debian packages and npm packages,
# idempotently; anything that cannot be installed is skipped with a message and reported), then
# runs bench/harness/main.py, which measures and writes bench/RESULTS.md (+ bench/scale.png).
#
#   make bench                     everything (tens of minutes)
#   BENCH_QUICK=1 make bench       a fast subset for development; writes bench/work/RESULTS-quick.md
#   BENCH_SECTIONS=parse,scale     only some of: parse, check, compare, scale, history, robust (the
#                                  robustness harness, as `make robustness`, into bench/ROBUST.md),
#                                  lsp (the language server: bench/lsp.py, into bench/LSP.md)
#   BENCH_HISTORY_REPO=PATH        the repository DW303's section reads (default: sqlalchemy's
#                                  mirror, when the machine has it)
#   BENCH_NO_INSTALL=1             install nothing, use what is there
#
# Everything it installs or builds for itself lives in bench/work/ (gitignored): the npm packages
# (bench/work/node), the corpora (bench/work/corpus, hard links), tool outputs (bench/work/out),
# raw results (bench/work/results.json) and the log (bench/work/bench.log).
set -uo pipefail
cd "$(dirname "$0")/.."
WORK=bench/work
mkdir -p "$WORK"
SKIPPED="$WORK/setup-skipped.txt"
: > "$SKIPPED"

APT_PACKAGES="hyperfine time valgrind gnuplot-nox pyflakes3 flake8 pylint python3-mypy"
NPM_PACKAGES="pyright@${PYRIGHT_VERSION:-1.1.414} @astral-sh/ruff-wasm-nodejs@${RUFF_WASM_VERSION:-0.17.4}"
PY313="${BENCH_PY313:-$HOME/.pyenv/versions/3.13.0/bin/python3}"
export BENCH_PY313="$PY313"
export BENCH_NODE_MODULES="${BENCH_NODE_MODULES:-$PWD/$WORK/node/node_modules}"

skip() {
    echo "bench: skipped: $*"
    echo "$*" >> "$SKIPPED"
}

deb_installed() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"
}

apt_updated=0
apt_install() {  # installs the missing ones among "$@"; skips those that cannot be had
    local missing=() p
    for p in "$@"; do deb_installed "$p" || missing+=("$p"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        for p in "${missing[@]}"; do skip "$p (Debian package; not root or no apt-get)"; done
        return 0
    fi
    if [ $apt_updated = 0 ]; then
        apt-get update -qq >/dev/null 2>&1 || echo "bench: apt-get update failed; trying anyway"
        apt_updated=1
    fi
    echo "bench: apt-get install ${missing[*]}"
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >"$WORK/apt.log" 2>&1
    then
        for p in "${missing[@]}"; do  # one by one, to keep whatever can be had
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$p" >>"$WORK/apt.log" 2>&1 ||
                skip "$p (apt-get install failed; see $WORK/apt.log)"
        done
    fi
}

npm_install() {
    local dir="$WORK/node" want=() spec name ver have
    command -v npm >/dev/null || apt_install nodejs npm
    if ! command -v npm >/dev/null || ! command -v node >/dev/null; then
        skip "pyright and ruff-wasm (npm packages; no node/npm)"
        return 0
    fi
    for spec in $NPM_PACKAGES; do
        name="${spec%@*}"
        ver="${spec##*@}"
        have=$(node -p "require('./$dir/node_modules/$name/package.json').version" 2>/dev/null)
        [ "$have" = "$ver" ] || want+=("$spec")
    done
    [ ${#want[@]} -eq 0 ] && return 0
    mkdir -p "$dir"
    echo "bench: npm install ${want[*]}"
    if ! npm install --prefix "$dir" --no-audit --no-fund "${want[@]}" >"$WORK/npm.log" 2>&1
    then
        skip "${want[*]} (npm install failed; see $WORK/npm.log)"
    fi
}

if [ -z "${BENCH_NO_INSTALL:-}" ]; then
    apt_install $APT_PACKAGES
    npm_install
fi

if [ ! -x "$PY313" ] || [ ! -f "$(dirname "$PY313")/../lib/python3.13/os.py" ]; then
    echo "bench: needs CPython 3.13 and its stdlib at $PY313 (set BENCH_PY313)" >&2
    exit 2
fi
if [ ! -x ./deadwood ]; then
    echo "bench: no ./deadwood; run make first" >&2
    exit 2
fi
case ",${BENCH_SECTIONS:-robust}," in
*,robust,*)
    if [ ! -x build/release/bin/glob_steps ]; then  # (the robust section's glob families)
        echo "bench: no build/release/bin/glob_steps; run make drivers first" >&2
        exit 2
    fi
    ;;
esac
echo "bench: df -h $WORK: $(df -h "$WORK" | tail -1)"
"$PY313" bench/harness/main.py 2>&1 | tee "$WORK/bench.log"
status="${PIPESTATUS[0]}"
# growth with hostile input, as `make robustness` (bench/robustness/; writes bench/ROBUST.md);
# BENCH_SECTIONS=...,robust selects it. A bound passed fails the bench.
case ",${BENCH_SECTIONS:-robust}," in
*,robust,*)
    "$PY313" bench/robustness/run.py --out bench/ROBUST.md 2>&1 | tee -a "$WORK/bench.log"
    if [ "${PIPESTATUS[0]}" != 0 ]; then
        echo "bench: a robustness bound was passed or a run failed (bench/ROBUST.md)"
        status=1
    fi
    ;;
esac
# the language server on the stdlib (bench/lsp.py; writes bench/LSP.md); BENCH_SECTIONS=...,lsp
# selects it
case ",${BENCH_SECTIONS:-lsp}," in
*,lsp,*)
    "$PY313" bench/lsp.py --stdlib "$(dirname "$PY313")/../lib/python3.13" 2>&1 | tee -a "$WORK/bench.log"
    [ "${PIPESTATUS[0]}" = 0 ] || status=1
    ;;
esac
exit "$status"
