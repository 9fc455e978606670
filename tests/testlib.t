#!/usr/bin/env bash
# The test library's own checks, with negative controls: a missing tool is a
# failure that names it (never a pass), and the "no QEMU left" check sees a
# process that is left behind.
. "$(dirname "$0")/lib.sh"
need setsid pgrep sleep
plan 8
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'

# A test script that sources lib.sh, in a PATH where some tools are missing.
cat >"$tmp/needs.t" <<EOT
. "$TOP/tests/lib.sh"
need bash modrun-no-such-tool
plan 1
ok 0 "never reached"
done_testing
EOT
out=$(bash "$tmp/needs.t" 2>&1); status=$?
is "$status" 1 "need: a missing tool fails the test"
like "$out" '^not ok 1 - needs modrun-no-such-tool: command not found' "need: and names the tool"

cat >"$tmp/notfound.t" <<EOT
. "$TOP/tests/lib.sh"
plan 1
out=\$(modrun-no-such-tool --version)
ok 0 "an assertion that passes"
done_testing
EOT
out=$(bash "$tmp/notfound.t" 2>&1); status=$?
is "$status" 1 "a command not found inside \$(...) fails a test whose assertions passed"
like "$out" 'commands not found: modrun-no-such-tool' "and the failure names it"

# Negative control of the "no QEMU left running" check: a session that
# leaves a process behind is seen.
session_run bash -c 'sleep 60 </dev/null >/dev/null 2>&1 & exit 0'
left=$(left_in_session)
[ "$left" -ge 1 ]; ok $? "left_in_session sees a process left behind ($left)"
pkill -s "$(cat "$T_SIDFILE")" sleep
for _ in 1 2 3 4 5 6 7 8 9 10; do [ "$(left_in_session)" = 0 ] && break; sleep 0.2; done
is "$(left_in_session)" 0 "and none once it is gone"

# Without pgrep, the check cannot count: it must not say 0.
mkdir "$tmp/bin"
for t in bash cat wc mktemp sort tr rm setsid; do ln -s "$(command -v $t)" "$tmp/bin/$t"; done
cat >"$tmp/nopgrep.t" <<EOT
. "$TOP/tests/lib.sh"
plan 1
session_run true
is "\$(left_in_session)" 0 "nothing left"
done_testing
EOT
out=$(PATH=$tmp/bin bash "$tmp/nopgrep.t" 2>&1); status=$?
[ "$status" -ne 0 ]; ok $? "without pgrep the no-QEMU-left check fails"
like "$out" 'pgrep' "and names pgrep"
done_testing
