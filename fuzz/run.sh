#!/bin/sh
# run.sh — fuzzes every target for a share of $SECONDS and prints a summary per run.
#   BIN=../build/fuzz/bin SECONDS=600 JOBS=1 ./run.sh        (what `make -C fuzz` does)
# Shares: fuzz_parse 30% (-max_len=65536), fuzz_lex 11% (-max_len=65536), fuzz_parse 10% on
# the deep-nesting seeds with -max_len=409600 (100,000-deep inputs are ~200 KB), fuzz_check
# 25% (-max_len=16384: multi-module packages through every rule, the index and the queries),
# fuzz_toml 6% (configurations), fuzz_cache 5% (cache entries), fuzz_history 4% (history cache
# entries), fuzz_json 5% (JSON and notebooks) and fuzz_rpc 4% (the language server's framing).
# Each run keeps its corpus in corpus-<name>/ and writes crashes, timeouts, leaks and OOMs to
# corpus-artifacts/.
# Exit status 1 when any run found something.
set -u
cd "$(dirname "$0")"
BIN=${BIN:-../build/fuzz/bin}
# absolute: libFuzzer starts the target again by this path (-merge, -fork) from fuzz_check's own
# working directory
BIN=$(cd "$BIN" 2>/dev/null && pwd || echo "$BIN")
SECONDS_TOTAL=${SECONDS:-60}
JOBS=${JOBS:-1}
# absolute paths too: fuzz_check works in a directory of its own (its modules need a package on disk)
DICT=$PWD/python.dict
ART=$PWD/corpus-artifacts/
mkdir -p corpus-parse corpus-lex corpus-parse-deep corpus-check corpus-toml corpus-cache \
    corpus-history corpus-json corpus-rpc "$ART" corpus-logs
# ASan handles the parser's longjmp unwinding (its interceptor unpoisons the abandoned frames);
# detect_stack_use_after_return=1 works with it too, and smoke.sh turns it on (see README.md).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

share() { s=$((SECONDS_TOTAL * $1 / 100)); [ "$s" -lt 1 ] && s=1; echo "$s"; }

found=0
summary=""
# run NAME BINARY SECONDS MAX_LEN CORPUS SEEDS: the first time (or after `make seeds`), merges
# the seeds into CORPUS (-merge=1 keeps the inputs that add coverage), so that later runs load
# that smaller set instead of every seed, and spend their time mutating.
run() {
    name=$1 bin=$2 secs=$3 maxlen=$4 corpus=$5 seeds=$6
    log=corpus-logs/$name.log
    common="-max_len=$maxlen -timeout=${TIMEOUT:-10} -rss_limit_mb=2048 -artifact_prefix=$ART"
    before=$(ls "$ART" | wc -l)
    if [ ! -e "$corpus/.seeded" ] || [ "$seeds/.done" -nt "$corpus/.seeded" ]; then
        echo "== $name: merging $seeds into $corpus (once), log $log.merge"
        # shellcheck disable=SC2086
        "$BIN/$bin" -merge=1 $common "$PWD/$corpus" "$PWD/$seeds" >"$log.merge" 2>&1 &&
            touch "$corpus/.seeded"
    fi
    par=""
    [ "$JOBS" -gt 1 ] && par="-fork=$JOBS -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
    echo "== $name: $secs s, -max_len=$maxlen, log $log"
    # shellcheck disable=SC2086
    "$BIN/$bin" -max_total_time="$secs" $common -dict="$DICT" -print_final_stats=1 \
        -detect_leaks=1 $par "$PWD/$corpus" >"$log" 2>&1
    rc=$?
    after=$(ls "$ART" | wc -l)
    stats=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(echo "$stats" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$stats" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
    corp=$(echo "$stats" | sed -n 's/.*corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p')
    line="$name: ${execs:-?} execs, ${rate:-?} exec/s, cov: ${cov:-?} ft: ${ft:-?} corp: ${corp:-?}, exit $rc, $((after - before)) new findings"
    echo "   $line"
    summary="$summary$line
"
    if [ "$rc" -ne 0 ] || [ "$after" -ne "$before" ]; then
        found=1
        grep -E 'ERROR: |runtime error|fuzz invariant|SUMMARY|Test unit written' "$log" "$log.merge" 2>/dev/null | head -8
        echo "   reproduce: $BIN/$bin fuzz/$ART<file>"
    fi
}

run parse fuzz_parse "$(share 30)" 65536 corpus-parse corpus-seed
run lex fuzz_lex "$(share 11)" 65536 corpus-lex corpus-seed
TIMEOUT=30 run parse-deep fuzz_parse "$(share 10)" 409600 corpus-parse-deep corpus-deep
TIMEOUT=20 run check fuzz_check "$(share 25)" 16384 corpus-check corpus-check-seed
run toml fuzz_toml "$(share 6)" 16384 corpus-toml corpus-toml-seed
run cache fuzz_cache "$(share 5)" 65536 corpus-cache corpus-cache-seed
run history fuzz_history "$(share 4)" 65536 corpus-history corpus-history-seed
run json fuzz_json "$(share 5)" 65536 corpus-json corpus-json-seed
run rpc fuzz_rpc "$(share 4)" 65536 corpus-rpc corpus-rpc-seed

echo "== summary ($SECONDS_TOTAL s)"
printf '%s' "$summary"
if [ "$found" -ne 0 ]; then
    echo "findings in fuzz/$ART"
    exit 1
fi
