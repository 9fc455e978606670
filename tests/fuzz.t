#!/usr/bin/env bash
# The fuzzing harnesses (fuzz/, make fuzz), built with ASan and UBSan
# instead of AFL++, replay every regression input that a campaign found
# (tests/data/fuzz/TARGET/) and the seeds (the fixtures): none may crash
# or draw a sanitizer report, or hang (a timeout).
. "$(dirname "$0")/lib.sh"
plan 4
h=$TOP/build/san/bin/fuzz-modport
inputs=("$TOP"/tests/modport/*.c "$TOP"/legacy/*.c)
[ -d "$TOP/tests/data/fuzz/modport" ] && inputs+=("$TOP"/tests/data/fuzz/modport/*)
out=$(timeout 120 "$h" "${inputs[@]}" 2>&1); status=$?	# 124: a hang
is "$status" 0 "fuzz-modport (ASan, UBSan) replays ${#inputs[@]} inputs without a crash"
is "$out" "" "and without a sanitizer report"
h=$TOP/build/san/bin/fuzz-modrun-parse
inputs=("$TOP"/tests/data/modrun/*)
[ -d "$TOP/tests/data/fuzz/modrun-parse" ] && inputs+=("$TOP"/tests/data/fuzz/modrun-parse/*)
out=$(timeout 120 "$h" "${inputs[@]}" 2>&1); status=$?	# 124: a hang
is "$status" 0 "fuzz-modrun-parse (ASan, UBSan) replays ${#inputs[@]} saved logs without a crash"
is "$out" "" "and without a sanitizer report"
done_testing
