#!/usr/bin/env bash
# The article's 2.6 hello: builds with W=1 without warnings, loads and unloads
# in a real kernel, logs its two lines at KERN_ALERT once each, in order, and
# does not taint the kernel with P.
. "$(dirname "$0")/lib.sh"
need make gcc qemu-system-x86_64
plan 19

dir=$(W=1 build_modules "$TOP/module" hello)
is "$(cat "$dir/build.status")" 0 "hello builds against $KERNEL headers"
unlike "$(cat "$dir/build.log")" 'warning:|error:' "no compiler or modpost warnings with W=1"

out=$("$MODRUN" --log "$dir/run.log" -e "Hello, world" -e "Goodbye, cruel world" "$dir/hello.ko")
status=$?
diag "$out"
is "$status" 0 "modrun passes"
like "$out" '^ok 1 load hello$' "the module loads"
like "$out" '^ok 2 unload hello$' "the module unloads"
is "$(count "$out" '^# KERN_ALERT +Hello, world$')" 1 "'Hello, world' logged once, at KERN_ALERT"
is "$(count "$out" '^# KERN_ALERT +Goodbye, cruel world$')" 1 "'Goodbye, cruel world' logged once, at KERN_ALERT"
is "$(count "$out" 'Hello, world$|Goodbye, cruel world$')" 2 "no other copy of either line at another level"
order=$(grep -nE '^# KERN_ALERT +(Hello, world|Goodbye, cruel world)$' <<<"$out" | sed 's/^[0-9]*:# KERN_ALERT *//' | paste -sd'|')
is "$order" "Hello, world|Goodbye, cruel world" "hello before goodbye"
hello_step=$(sed -n '/^# loading hello/,/^ok 1 /p' <<<"$out")
like "$hello_step" 'Hello, world' "'Hello, world' is logged while loading"
bye_step=$(sed -n '/^# unloading hello/,/^ok 2 /p' <<<"$out")
like "$bye_step" 'Goodbye, cruel world' "'Goodbye, cruel world' is logged while unloading"
like "$out" '^# /sys/module/hello: present$' "/sys/module/hello exists while loaded"
like "$out" '^# /sys/module/hello: gone$' "/sys/module/hello is gone after unload"
like "$out" '^# taint: O E - ' "the module taints O (out-of-tree) and E (unsigned) only"
unlike "$out" 'taints kernel\.$.*license|module license' "no license taint message"
like "$out" '^# kernel taint: [0-9]+ \([^P]*\)$' "the kernel is not tainted P"
like "$out" '^ok [0-9]+ kernel$' "no oops, panic or forbidden taint"
saved=$("$MODRUN" parse -e "Hello, world" -e "Goodbye, cruel world" "$dir/run.log"); status=$?
is "$status" 0 "the saved log (--log) parses to a pass"
is "$(grep -E '^(not )?ok ' <<<"$saved")" "$(grep -E '^(not )?ok ' <<<"$out")" "with the same results as the live run"
done_testing
