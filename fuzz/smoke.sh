#!/bin/sh
# smoke.sh — the fuzz targets as a quick test: each runs once over every tests/parse fixture and
# the small generated deep-nesting inputs (no mutation: -runs=0), under ASan+UBSan with leak and
# stack-use-after-return detection. A few seconds. Prints the suite protocol of tests/lib/suite.py
# (`FAIL <target>: <why>` per failing target, last `RESULT <passed> <failed> 0`) and exits 0
# when every input passed every target's invariants; a failing input is kept as
# fuzz/corpus-artifacts/smoke-crash-*.
#   BIN=../build/fuzz/bin ./smoke.sh        (`make -C fuzz smoke` builds the targets first)
set -u
cd "$(dirname "$0")"
BIN=${BIN:-../build/fuzz/bin}
CORPUS=${TMPDIR:-/tmp}/deadwood-fuzz-smoke.$$
trap 'rm -rf "$CORPUS" "$CORPUS".*.log' EXIT INT TERM
python3 seeds.py --fixtures-only "$CORPUS" || exit 2
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
mkdir -p corpus-artifacts
passed=0 failed=0
for target in fuzz_parse fuzz_lex fuzz_check fuzz_toml fuzz_cache fuzz_history fuzz_json fuzz_rpc; do
    log=$CORPUS.$target.log
    if "$BIN/$target" -runs=0 -max_len=1048576 -timeout=10 -artifact_prefix="$PWD/corpus-artifacts/smoke-" \
        "$CORPUS" >"$log" 2>&1; then
        echo "ok   $target: $(grep -E '^#[0-9]+.*DONE' "$log" | tail -1)"
        passed=$((passed + 1))
    else
        why=$(grep -m1 -E 'runtime error|fuzz invariant|ERROR: ' "$log")
        echo "FAIL $target: ${why:-exit status $?}"
        grep -E 'runtime error|invariant|SUMMARY|^  [^ ]|^    #[0-9] |Test unit written' "$log" |
            head -14 | sed 's/^/    /'
        failed=$((failed + 1))
    fi
done
echo "RESULT $passed $failed 0"
[ "$failed" -eq 0 ]
