#!/usr/bin/env bash
# Faults: what happens to modrun and modport when they are interrupted,
# killed, run four at once, or given a broken kernel or cache.
#  - SIGINT and SIGTERM during a run: QEMU ends, the verdict says
#    "interrupted", exit 130, no temporary file left;
#  - SIGKILL of modrun: QEMU ends too (PR_SET_PDEATHSIG);
#  - four modrun runs at once on the same kernel all pass;
#  - a cache that cannot be written, or is full: one clear line, exit 2;
#  - a truncated or corrupted vmlinux or vmlinuz: a clear error, no boot;
#  - modport fix --in-place killed with SIGKILL, again and again: the source
#    is always either the original or the whole fixed file.
# The time each interrupted run took to end is shown (not asserted).
. "$(dirname "$0")/lib.sh"
need setsid pgrep timeout cmp qemu-system-x86_64
plan 26
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'
hello=$TOP/module/hello.ko
mkdir -p "$tmp/tmpdir"

# interrupt SIGNAL: a run whose guest sleeps in --exec, signalled once the
# guest is there (the report's "# exec" line), then timed to its end.
interrupt() {
	local sig=$1 pid t0 t1 status out
	: >"$tmp/out"
	TMPDIR=$tmp/tmpdir session_run "$MODRUN" -t 120 -x 'sleep 100' "$hello" >"$tmp/out" 2>&1 &
	pid=$!
	for _ in $(seq 1 300); do
		grep -q 'sleep 100' "$tmp/out" && break
		sleep 0.1
	done
	sleep 0.5
	t0=$(date +%s.%N)
	pkill -"$sig" -s "$(cat "$T_SIDFILE")" -x modrun
	wait "$pid"; status=$?
	t1=$(date +%s.%N)
	out=$(cat "$tmp/out")
	is "$status" 130 "SIG$sig: modrun exits 130"
	like "$out" "interrupted" "SIG$sig: the verdict says interrupted"
	is "$(left_in_session)" 0 "SIG$sig: no QEMU left running ($(echo "$t1 - $t0" | bc) s to end)"
	is "$(ls -A "$tmp/tmpdir")" "" "SIG$sig: no temporary file left"
}
interrupt INT
interrupt TERM

# SIGKILL: modrun cannot clean up; its QEMU dies with it all the same.
session_run "$MODRUN" -t 120 -x 'sleep 100' "$hello" >"$tmp/out" 2>&1 &
pid=$!
for _ in $(seq 1 300); do grep -q 'sleep 100' "$tmp/out" && break; sleep 0.1; done
pkill -KILL -s "$(cat "$T_SIDFILE")" -x modrun
wait "$pid"
for _ in $(seq 1 50); do [ "$(left_in_session)" = 0 ] && break; sleep 0.1; done
is "$(left_in_session)" 0 "SIGKILL of modrun: its QEMU ends too"

# Four at once, on the same kernel.
for i in 1 2 3 4; do "$MODRUN" -e "Hello, world" "$hello" >"$tmp/par$i" 2>&1 & done
fails=0
for i in 1 2 3 4; do wait -n || fails=$((fails + 1)); done
is "$fails" 0 "four modrun runs at once all pass"
like "$(cat "$tmp/par1" "$tmp/par2" "$tmp/par3" "$tmp/par4")" "PASS" "and each says PASS"
is "$(grep -l 'PASS: all' "$tmp"/par? | wc -l)" 4 "all four"

# The cache: not writable (a path under a file), or full.
out=$(MODRUN_CACHE=/proc/version/cache "$MODRUN" -k 6.1-rt "$hello" 2>&1); status=$?
is "$status" 2 "a cache that cannot be written: exit 2"
is "$(wc -l <<<"$out")" 1 "in one line"
like "$out" "cannot write the cache /proc/version/cache: Not a directory" "that names the cache and why"
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then
	out=$(unshare -m bash -c 'mount -t tmpfs -o size=1m none "$1" && MODRUN_CACHE=$1/c "$2" -k 6.1 "$3"' \
		full "$tmp/tmpdir" "$MODRUN" "$hello" 2>&1); status=$?
	is "$status" 2 "a full cache: exit 2"
	like "$out" "^modrun: kernel 6\.1: the cache .* has less than [0-9]+ MB free" "in one line that says so"
else
	skip "a full cache needs root (a small tmpfs)"; skip "a full cache needs root"
fi

# Broken kernel images.
mkdir -p "$tmp/k"
cp "$MODRUN_KERNEL/release" "$tmp/k/"
head -c 3000000 "$MODRUN_KERNEL/vmlinux" >"$tmp/k/vmlinux"
out=$(timeout 60 "$MODRUN" -k "$tmp/k" "$hello" 2>&1); status=$?
is "$status" 2 "a truncated vmlinux: exit 2, before booting"
like "$out" "vmlinux: truncated" "named as truncated"
rm "$tmp/k/vmlinux"
head -c 2000000 "$(readlink -f "$MODRUN_KERNEL/vmlinuz")" >"$tmp/k/vmlinuz"
out=$(timeout 60 "$MODRUN" -k "$tmp/k" "$hello" 2>&1); status=$?
is "$status" 2 "a truncated vmlinuz: exit 2"
like "$out" "vmlinuz: truncated" "named as truncated"
head -c 100000 /dev/urandom >"$tmp/k/vmlinuz"
out=$(timeout 60 "$MODRUN" -k "$tmp/k" "$hello" 2>&1); status=$?
is "$status" 2 "random bytes as vmlinuz: exit 2"
like "$out" "neither an ELF vmlinux nor a bzImage" "named as no kernel"

# modport fix --in-place under SIGKILL: a large legacy source, killed at
# random moments while it writes.
for i in $(seq 1 400); do cat "$TOP/legacy/hello-2.4.c"; echo "int pad_$i;"; done >"$tmp/big.c"
sed -i '1!{/#define MODULE/d}' "$tmp/big.c"
cp "$tmp/big.c" "$tmp/orig.c"
"$TOP/build/bin/modport" fix --in-place --license=GPL "$tmp/big.c" 2>/dev/null
mv "$tmp/big.c" "$tmp/fixed.c"
cmp -s "$tmp/orig.c" "$tmp/fixed.c"; [ $? = 1 ]; ok $? "the large source has something to fix"
bad=0 killed=0
for i in $(seq 1 40); do
	cp "$tmp/orig.c" "$tmp/big.c"
	"$TOP/build/bin/modport" fix --in-place --license=GPL "$tmp/big.c" 2>/dev/null &
	pid=$!
	sleep "0.00$((RANDOM % 10))"
	kill -KILL "$pid" 2>/dev/null && killed=$((killed + 1))
	wait "$pid" 2>/dev/null
	cmp -s "$tmp/big.c" "$tmp/orig.c" || cmp -s "$tmp/big.c" "$tmp/fixed.c" || bad=$((bad + 1))
done
is "$bad" 0 "modport fix --in-place killed 40 times ($killed while running): the source is always whole, original or fixed"
[ "$killed" -gt 0 ]; ok $? "some kills landed while it ran ($killed of 40)"
done_testing
