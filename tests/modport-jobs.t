#!/usr/bin/env bash
# modport --jobs=N: the files shared among N processes, and what is printed
# byte for byte what one process prints (stdout, stderr, exit status,
# --summary), in the order of the files; MODPORT_TRACE_JOBS shows that N
# processes ported them.  Without --jobs, one process per CPU it may run
# on (taskset); fix --in-place stays one process.
. "$(dirname "$0")/lib.sh"
need diff
need sort
need taskset
need nproc
cd "$TOP" || exit 2
bins=("$TOP/build/bin/modport" "$TOP/build/san/bin/modport")
plan $(( ${#bins[@]} * 15 + 18 ))

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A tree whose middle folder holds a file modport cannot port (an
# unterminated comment: a message on stderr, exit status 2).
mkdir -p "$tmp/tree/a" "$tmp/tree/b" "$tmp/tree/c"
cp tests/modport/*.c "$tmp/tree/a/"
cp legacy/hello-2.4.c "$tmp/tree/b/hello.c"
printf 'int x; /* never closed\n' >"$tmp/tree/b/open.c"
cp tests/modport/*.c "$tmp/tree/c/"

# run NAME ARGS...: stdout, stderr and status to $tmp/NAME.{out,err,rc}
run() {
	local name=$1
	shift
	"$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	echo $? >"$tmp/$name.rc"
}

# traced_jobs: how many worker processes MODPORT_TRACE_JOBS saw start
traced_jobs() {
	cat "$tmp/trace" 2>/dev/null | grep -c '^job '
}

# same A B: the three outputs of runs A and B agree byte for byte
same() {
	cmp -s "$tmp/$1.out" "$tmp/$2.out" && cmp -s "$tmp/$1.err" "$tmp/$2.err" &&
		cmp -s "$tmp/$1.rc" "$tmp/$2.rc"
}

for bin in "${bins[@]}"; do
	tag=$(basename "$(dirname "$(dirname "$bin")")")
	run one "$bin" check -j1 "$tmp/tree" tests/modport nosuch.c tests/data
	run three "$bin" check --jobs=3 "$tmp/tree" tests/modport nosuch.c tests/data
	same one three
	ok $? "$tag: check -j3 prints what one process prints"
	is "$(cat "$tmp/three.rc")" 2 "$tag: check -j3: the unreadable and the unterminated give status 2"
	like "$(cat "$tmp/three.err")" "unterminated comment" \
		"$tag: check -j3: the unterminated comment is said on stderr"
	# stderr in file order: open.c's message before nosuch.c's
	is "$(grep -o -e 'open\.c' -e 'nosuch\.c' "$tmp/three.err" | tr '\n' ' ')" \
		"open.c nosuch.c " "$tag: check -j3: stderr in the files' order"
	[ "$(grep -c ': warning: ' "$tmp/three.out")" -gt 100 ]
	ok $? "$tag: check -j3 found the fixtures' findings (over 100)"
	# the negative control of the comparison: other rules, other output
	run other "$bin" check --jobs=3 --ignore=gone "$tmp/tree" tests/modport nosuch.c tests/data
	! same one other
	ok $? "$tag: control: the comparison sees a different output"

	run one "$bin" check -j1 --summary "$tmp/tree"
	run two "$bin" check --summary -j 2 "$tmp/tree"
	same one two
	ok $? "$tag: check --summary -j2: the same counts as one process"

	run one "$bin" fix -j1 --target=6.1 "$tmp/tree" tests/modport
	run four "$bin" fix --target=6.1 -j4 "$tmp/tree" tests/modport
	same one four
	ok $? "$tag: fix -j4 prints the diffs one process prints"

	run one "$bin" check -j1 tests/modport/aio.c - tests/modport/annotate.c <legacy/hello-2.4.c
	run two "$bin" check -j2 tests/modport/aio.c - tests/modport/annotate.c <legacy/hello-2.4.c
	same one two
	ok $? "$tag: check -j2 with standard input among the files: in order"

	rm -f "$tmp/trace"
	MODPORT_TRACE_JOBS=$tmp/trace "$bin" check -j3 "$tmp/tree" >/dev/null 2>&1
	files=$(find "$tmp/tree" -name '*.[ch]' | wc -l)
	is "$(grep -c '^job ' "$tmp/trace")" 3 "$tag: -j3 started 3 processes"
	is "$(awk '/^job / { print $4 }' "$tmp/trace" | sort -u | wc -l)" 3 \
		"$tag: -j3: 3 different processes"
	is "$(awk '{ n += $10 } END { print n }' "$tmp/trace")" "$files" \
		"$tag: -j3: together they ported every file ($files), each once"
done

# A worker killed while the processes gather the project's names from its
# headers (MODPORT_TEST_JOB_DIES: after its first header): the parent marks
# it dead, the others do not wait for it and read the names on their own,
# and what is printed is what one process prints, and a line that says so.
run one "$TOP/build/bin/modport" check -j1 "$tmp/tree" tests/modport nosuch.c tests/data
for k in 1 3; do
	run dies timeout 300 env MODPORT_TEST_JOB_DIES=$k "$TOP/build/bin/modport" \
		check --jobs=3 "$tmp/tree" tests/modport nosuch.c tests/data
	cmp -s "$tmp/one.out" "$tmp/dies.out" && cmp -s "$tmp/one.rc" "$tmp/dies.rc"
	ok $? "job $k killed while gathering: stdout and status as one process's"
	is "$(grep -v "^modport: job $k (pid [0-9]*) was killed by signal 9" "$tmp/dies.err" | cmp - "$tmp/one.err" && echo same):$(grep -c "^modport: job $k (pid [0-9]*) was killed by signal 9" "$tmp/dies.err")" \
		"same:1" "job $k killed while gathering: stderr as one process's, and the kill said once"
done
# A chunk (a folder's files) that prints nothing wakes no one: the workers
# tell the parent only of a chunk that printed something (or of the one
# it waits for, output of a later one being ready).  Twelve folders, all
# quiet, then all loud.
for k in $(seq 12); do
	mkdir -p "$tmp/quiet/d$k" "$tmp/loud/d$k"
	cp module/hello.c "$tmp/quiet/d$k/"
	cp legacy/hello-2.4.c "$tmp/loud/d$k/hello.c"
done
told() { awk '/^job / { n += $6 } END { print n + 0 }' "$tmp/trace"; }
rm -f "$tmp/trace"
MODPORT_TRACE_JOBS=$tmp/trace run quiet "$bin" check -j2 "$tmp/quiet"
is "$(cat "$tmp/quiet.rc"):$(wc -c <"$tmp/quiet.out"):$(told)" "0:0:0" \
	"-j2 over 12 quiet folders: nothing printed, the parent told of no chunk"
rm -f "$tmp/trace"
MODPORT_TRACE_JOBS=$tmp/trace run loud "$bin" check -j2 "$tmp/loud"
is "$(told)" 12 "negative control: 12 folders that print findings, each told of once"
run loud1 "$bin" check -j1 "$tmp/loud"
same loud1 loud
ok $? "-j2 over the loud folders prints what one process prints"

bin=${bins[0]}
for bad in 0 x 1025 -1; do
	out=$("$bin" check --jobs="$bad" tests/modport 2>&1); status=$?
	is "$status:$(head -n 1 <<<"$out")" \
		"2:modport: --jobs wants a number of processes from 1 to 1024" \
		"--jobs=$bad is a usage error"
done
# Summaries shared (hdrsum.h): static-redecl-deep's four headers are
# checked first and summarized by whichever process checked them; deep.c's
# check, in either process, takes the three it asks about (deep-d.h, four
# deep, is not asked) from there instead of reading them again, and finds
# what one process finds.  With no room for them (MODPORT_TEST_SHARE_ROOM),
# none is taken, and the output is the same.
mkdir -p "$tmp/deep"
cp tests/modport/static-redecl-deep/*.[ch] "$tmp/deep/"
taken() { awk '/^job / { n += $NF } END { print n + 0 }' "$tmp/trace"; }
for bin in "${bins[@]}"; do
	tag=$(basename "$(dirname "$(dirname "$bin")")")
	run deep1 "$bin" check -j1 "$tmp/deep"
	rm -f "$tmp/trace"
	MODPORT_TRACE_JOBS=$tmp/trace run deep2 "$bin" check -j2 "$tmp/deep"
	same deep1 deep2 && [ "$(grep -c "deep_verbose.*static-redecl" "$tmp/deep2.out")" = 1 ]
	ok $? "$tag: check -j2 of static-redecl-deep: deep_verbose's finding, what one process prints"
	is "$(taken)" 3 "$tag: check -j2: the 3 headers deep.c asks about are summaries shared, not read again"
	rm -f "$tmp/trace"
	MODPORT_TEST_SHARE_ROOM=64 MODPORT_TRACE_JOBS=$tmp/trace run deep0 "$bin" check -j2 "$tmp/deep"
	same deep1 deep0 && [ "$(taken)" = 0 ]
	ok $? "$tag: check -j2 with no room to share summaries: none taken, the same output"
done
# No --jobs: a process per CPU that modport may run on, the same output.
cpus=$(nproc)
[ "$cpus" -gt 1 ] && want=$cpus || want=0	# one: no job starts
rm -f "$tmp/trace"
MODPORT_TRACE_JOBS=$tmp/trace run default "$bin" check "$tmp/tree" tests/modport nosuch.c tests/data
is "$(traced_jobs)" "$want" \
	"no --jobs: as many processes as CPUs ($cpus; 0 job lines for one)"
run one "$bin" check -j1 "$tmp/tree" tests/modport nosuch.c tests/data
same one default
ok $? "no --jobs: what -j1 prints, byte for byte"
rm -f "$tmp/trace"
MODPORT_TRACE_JOBS=$tmp/trace taskset -c 0 "$bin" check "$tmp/tree" >/dev/null 2>&1
is "$(traced_jobs)" 0 \
	"no --jobs on one CPU (taskset -c 0): one process"
rm -f "$tmp/trace"
cp -r "$tmp/tree/b" "$tmp/inplace-default"
MODPORT_TRACE_JOBS=$tmp/trace "$bin" fix --in-place "$tmp/inplace-default" >/dev/null 2>&1
is "$?:$(traced_jobs)" "2:0" \
	"fix --in-place without --jobs: one process (status 2: open.c)"
cmp -s "$tmp/inplace-default/open.c" "$tmp/tree/b/open.c"
ok $? "fix --in-place without --jobs: the file it cannot port is untouched"
cp -r "$tmp/tree/b" "$tmp/inplace"
out=$("$bin" fix --in-place -j2 "$tmp/inplace" 2>&1); status=$?
is "$status" 2 "fix --in-place -j2 is a usage error"
like "$out" "--in-place runs as one process" "fix --in-place -j2 says why"
done_testing
