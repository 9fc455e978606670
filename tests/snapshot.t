#!/usr/bin/env bash
# modrun restores a booted kernel instead of booting it: the first run for a
# machine makes the state (beside the kernel, in snapshots/), later runs
# restore it and give the same verdicts as a booted run.  A state is keyed by
# everything that changes the machine; one that is incomplete (no .key: killed
# while saving) is never used, one that does not load is a boot, said in one
# line; so is a run with --device.  Two first runs make one state; four runs restore one at once.  A
# restored guest gets fresh entropy and the host's clock; --each restores after
# a crash.  --no-snapshot and MODRUN_NO_SNAPSHOT=1 boot.
. "$(dirname "$0")/lib.sh"
need make gcc qemu-system-x86_64
MODRUN=$TOP/build/san/bin/modrun	# the host side under ASan and UBSan
plan 50
unset MODRUN_NO_SNAPSHOT

dir=$(build_modules "$TOP/tests/modules" snapshot)
is "$(cat "$dir/build.status")" 0 "the test modules build"
hdir=$(build_modules "$TOP/module" snapshot-hello)
is "$(cat "$hdir/build.status")" 0 "hello builds"

# A kernel folder of our own: its states are this test's.
k=$(mktemp -d)
at_exit 'rm -rf "$k"'
ln -s "$MODRUN_KERNEL/vmlinux" "$MODRUN_KERNEL/release" "$MODRUN_KERNEL/modules" "$k/"
states() { find "$k/snapshots" -name '*.state' 2>/dev/null | wc -l; }
# The verdicts and what the module made the kernel say: a line of the
# kernel's own boot that comes late (TCG on a loaded machine) is not hello's.
verdicts() {
	grep -E '^(not )?ok |^# (taint|/sys|kernel taint)|^# KERN_[A-Z]+ +(hello: |Hello|Goodbye)' <<<"$1" || true
}

out=$("$MODRUN" -k "$k" -e "Hello, world" "$hdir/hello.ko"); status=$?
diag "$out"
is "$status" 0 "the first run passes"
like "$out" '^# snapshot: made .*/snapshots/[0-9a-f]{16}\.state \([0-9]+ MB with its \.ram, in [0-9.]+ s\), restored it$' "it makes the state, and says so"
is "$(states)" 1 "one state"
is "$(find "$k/snapshots" -name '*.key' | wc -l)" 1 "with its key"
made_at=$(date +%s)

restored=$("$MODRUN" -k "$k" -e "Hello, world" "$hdir/hello.ko"); status=$?
diag "$restored"
is "$status" 0 "the next run passes"
like "$restored" '^# snapshot: restored .*/snapshots/[0-9a-f]{16}\.state$' "restored from the state"
like "$restored" '^# KERN_ALERT   Hello, world$' "hello said hello"

booted=$("$MODRUN" -k "$k" --no-snapshot -e "Hello, world" "$hdir/hello.ko"); status=$?
is "$status" 0 "--no-snapshot passes"
unlike "$booted" '^# snapshot' "--no-snapshot boots, and says nothing of states"
is "$(verdicts "$restored")" "$(verdicts "$booted")" "the restored run's verdicts and kernel log are the booted run's" ||
	diag "$(diff <(verdicts "$restored") <(verdicts "$booted"))"
out=$(MODRUN_NO_SNAPSHOT=1 "$MODRUN" -k "$k" "$hdir/hello.ko"); status=$?
is "$status" 0 "MODRUN_NO_SNAPSHOT=1 passes"
unlike "$out" '^# snapshot' "MODRUN_NO_SNAPSHOT=1 boots"

# Another machine, another state; the same machine again restores it.
out=$("$MODRUN" -k "$k" --append loglevel=4 "$hdir/hello.ko"); status=$?
is "$status" 0 "a run with --append passes"
like "$out" '^# snapshot: made ' "--append is another machine: a state of its own"
is "$(states)" 2 "two states"
out=$("$MODRUN" -k "$k" --append loglevel=4 "$hdir/hello.ko")
like "$out" '^# snapshot: restored ' "the same --append restores it"

# A device QEMU may not save (edu has no saved state): a boot.
out=$("$MODRUN" -k "$k" --device edu "$hdir/hello.ko"); status=$?
is "$status" 0 "a run with --device passes"
like "$out" '^# snapshot: booted: --device: ' "it boots, and says why"
is "$(states)" 2 "no state made for it"

# A state without its key (killed while saving) is never used.
key=$(grep -l 'loglevel=4' "$k"/snapshots/*.key)
rm "$key"
out=$("$MODRUN" -k "$k" --append loglevel=4 "$hdir/hello.ko"); status=$?
is "$status" 0 "a run whose state lost its key passes"
like "$out" '^# snapshot: made ' "and makes the state again"

# A state that does not load: a boot, said in one line; the key goes.
state=${key%.key}.state
truncate -s 4096 "$state"	# cut: killed while writing
out=$("$MODRUN" -k "$k" --append loglevel=4 -e "Hello, world" "$hdir/hello.ko"); status=$?
diag "$out"
is "$status" 0 "a run whose state does not load passes"
is "$(count "$out" '^# snapshot: booted: ')" 1 "it boots, and says why in one line"
like "$out" '^ok [0-9]+ expect "Hello, world"$' "with the module's verdicts"
test -e "$key"
is "$?" 1 "the broken state's key is gone: the next run makes it again"

# Two first runs make one state; four runs restore one at once.
rm -rf "$k/snapshots"
for i in 1 2; do "$MODRUN" -k "$k" "$hdir/hello.ko" >"$k/first$i" 2>&1 & done
wait
both=$(cat "$k/first1" "$k/first2")
is "$(count "$both" '^# PASS: ')" 2 "two first runs at once both pass"
is "$(count "$both" '^# snapshot: made ')" 1 "one of them made the state"
is "$(count "$both" '^# snapshot: restored ')" 1 "the other waited for it and restored it"
is "$(states)" 1 "one state"
made_at=$(date +%s)
for i in 1 2 3 4; do "$MODRUN" -k "$k" "$hdir/hello.ko" >"$k/four$i" 2>&1 & done
wait
all=$(cat "$k"/four?)
is "$(count "$all" '^# PASS: ')" 4 "four runs at once pass"
is "$(count "$all" '^# snapshot: restored ')" 4 "all four restored the one state"

# --each: after a crash, the next module restores too.
out=$("$MODRUN" -k "$k" --each -t 30 "$dir/oops.ko" "$dir/chardev.ko" 2>&1); status=$?
diag "$out"
is "$status" 1 "--each with an oops fails"
like "$out" '^not ok 1 oops # ERROR the kernel crashed$' "the oops is its verdict"
like "$out" '^ok 2 chardev$' "chardev, after it, passes"
like "$out" 'for 2 modules in 2 boots$' "in two runs"
like "$out" '^# snapshot: restored ' "restored, not booted"

# A restored guest has its own entropy, and the host's clock.
sleep $((made_at + 4 - $(date +%s) > 0 ? made_at + 4 - $(date +%s) : 0))
rnd='head -c 16 /dev/urandom | od -An -tx1 | tr -d " "'
a=$("$MODRUN" -k "$k" --log "$k/a.log" -x "$rnd" -x 'date +%s' "$hdir/hello.ko"); status=$?
now=$(date +%s)
"$MODRUN" -k "$k" --log "$k/b.log" -x "$rnd" "$hdir/hello.ko" >/dev/null
diag "$a"
is "$status" 0 "a restored run with commands passes"
[ "$status" = 0 ] || explain "$a" "$(cat "$k/a.log" 2>/dev/null)"
# busybox for -x comes from modrun's cache, not from beside a -k folder
# (whose ../.. is / here: root made /busybox there, a user could not)
bb=$(cd "$k/../.." && pwd -P)/busybox
test -e "$bb"
is "$?" 1 "busybox was not put beside the -k folder ($bb)"
like "$a" '^# snapshot: restored ' "(restored)"
ra=$(grep -A1 '^# exec: "head' "$k/a.log" | sed -n 's/^# out: //p' | tr -d '\r')
rb=$(grep -A1 '^# exec: "head' "$k/b.log" | sed -n 's/^# out: //p' | tr -d '\r')
like "$ra" '^[0-9a-f]{32}$' "the guest read 16 random bytes"
[ -n "$ra" ] && [ "$ra" != "$rb" ]
is "$?" 0 "two guests restored from one state read different random bytes"
unlike "$(cat "$k/a.log")" 'modrun-init: (reseeding the RNG|clock_settime)' "the guest took the entropy and the clock it was given"
t=$(grep -A1 '^# exec: "date' "$k/a.log" | sed -n 's/^# out: //p' | tr -d '\r')
d=$(( ${t:-0} > now ? ${t:-0} - now : now - ${t:-0} ))
[ "$d" -le 3 ]
is "$?" 0 "the guest's clock is the host's (within 3 s; the state is older): $t against $now"

# At most four states a kernel: the least recently used go (five older
# ones here, made up; a sixth machine's run makes its own).
for i in 1 2 3 4 5; do
	f=$k/snapshots/00000000000000a$i
	: >"$f.key"; : >"$f.state"; : >"$f.ram"
	touch -d "2020-01-0$i" "$f.key"
done
out=$(timeout 300 "$MODRUN" -k "$k" --append loglevel=5 "$hdir/hello.ko"); status=$?
is "$status" 0 "a run that makes a fifth state passes (and ends)"
is "$(states)" 4 "four states are kept"
test -e "$k/snapshots/00000000000000a1.key" || test -e "$k/snapshots/00000000000000a1.state"
is "$?" 1 "the least recently used went, with its files"

out=$("$MODRUN" --list-kernels); status=$?
is "$status" 0 "--list-kernels"
like "$out" '^6\.1 .*, (state: [0-9]+ \([0-9]+ MB\)|no state)$' "says which kernels have a state"
done_testing
