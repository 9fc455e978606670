#!/usr/bin/env bash
# modrun parse: the verdict of saved logs (tests/data/modrun/*.log), without
# booting: complete, crashed, cut short, silent, malformed, tainted W; with
# commands (--exec), and of --each (a crash between two good modules).
. "$(dirname "$0")/lib.sh"
need diff
plan 35
data=$TOP/tests/data/modrun
M=$TOP/build/san/bin/modrun

out=$("$M" parse "$data/complete.log"); status=$?
is "$status" 0 "complete: passes"
like "$out" '^# KERN_ALERT   Hello, world$' "complete: the log line with its level"
like "$out" '^ok 3 taint hello$' "complete: the taint test passes"
out=$("$M" parse -e "Goodbye, cruel world" -e "Goodbye cruel world" - <"$data/complete.log"); status=$?
is "$status" 1 "complete, from stdin, with an unmet expectation: fails"
like "$out" '^ok 4 expect "Goodbye, cruel world"$' "the met expectation passes"
like "$out" '^not ok 5 expect "Goodbye cruel world"$' "the unmet one fails"

out=$("$M" parse "$data/crash.log"); status=$?
is "$status" 1 "crash: fails"
like "$out" '^# crash: .*BUG: kernel NULL pointer dereference' "crash: the first crash line is named"
like "$out" 'Kernel panic - not syncing: Fatal exception' "crash: the console's last lines are shown"
like "$out" '^not ok [0-9]+ kernel # ERROR the kernel crashed$' "crash: the kernel test fails"

out=$("$M" parse "$data/interrupted.log"); status=$?
is "$status" 1 "cut short: fails"
like "$out" '^not ok [0-9]+ kernel # ERROR the report ended early$' "cut short: says the report ended early"

out=$("$M" parse "$data/no-report.log"); status=$?
is "$status" 1 "no report: fails"
like "$out" '^not ok 1 kernel # ERROR the kernel crashed$' "no report: the panic is the verdict"
like "$out" 'Attempted to kill init' "no report: the panic is shown"

out=$("$M" parse "$data/malformed.log"); status=$?
is "$status" 1 "malformed: fails"
like "$out" 'ERROR malformed report lines' "malformed: says so"

out=$("$M" parse "$data/warn.log"); status=$?
is "$status" 1 "a W taint gained during the run: fails"
like "$out" '^# forbidden kernel taint gained: W$' "and names it"
out=$("$M" parse --forbid-taint P "$data/warn.log"); status=$?
is "$status" 0 "unless W is allowed"

out=$("$M" parse "$data/exec.log"); status=$?
is "$status" 1 "exec: a command that exits 1 fails the run"
like "$out" '^ok 2 exec "echo hi >/dev/modrun_echo; cat /dev/modrun_echo"$' "exec: the good command passes"
like "$out" '^# hi$' "exec: with its output"
like "$out" '^# KERN_INFO +chardev: 3 bytes written$' "exec: and what the kernel said while it ran"
like "$out" '^not ok 3 exec "echo failing; exit 1"$' "exec: the failing one fails"
like "$out" '^# exit status 1$' "exec: with its exit status"

out=$("$M" parse "$data/each.log"); status=$?
is "$status" 1 "each: fails"
like "$out" '^# modrun: kernel .*, --each: 3 modules in 2 boots$' "each: three modules in two boots"
like "$out" '^    # Subtest: oops$' "each: subtests"
like "$out" '^not ok 2 oops # ERROR the kernel crashed$' "each: the oops is its module's verdict"
like "$out" '^ok 3 chardev$' "each: the module after the crash passes"

# A crash after a module's end, before the next began (a timer it left):
# that module's verdict, not the next one's.
out=$("$M" parse "$data/each-late-crash.log"); status=$?
is "$status" 1 "late crash: fails"
like "$out" '^not ok 1 first # ERROR the kernel crashed$' "late crash: blamed on the module that had ended"
like "$out" '^    # crash: .*BUG: unable to handle page fault' "late crash: the crash is shown in its run"
like "$out" '^ok 2 second$' "late crash: the next module, in the next boot, passes"
done_testing
