#!/usr/bin/env bash
# Unit tests of modport's kversion (targets, conditions, resolution) under
# ASan+UBSan, and the default target kept equal to kernels.conf's kernels.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 2
unit=build/tests/unit-kversion
[ -x "$unit" ] || { echo "1..0 # SKIP $unit not built (make build/tests/unit-kversion)"; exit 1; }
"$unit"
