#!/usr/bin/env bash
# modrun(1): clean mdoc, --help and --version.  (modport's: modport-docs.t.)
. "$(dirname "$0")/lib.sh"
need mandoc man
plan 6
check_manual "$MODRUN" "$TOP/modrun/modrun.1"
done_testing
