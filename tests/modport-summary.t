#!/usr/bin/env bash
# modport check --summary: the findings, then RULE COUNT per rule sorted by
# rule ID and a total, agreeing with the [RULE] tags of the findings.
. "$(dirname "$0")/lib.sh"
need diff
cd "$TOP" || exit 2
bins=("$TOP/build/bin/modport" "$TOP/build/san/bin/modport")
plan $(( ${#bins[@]} * 5 + 2 ))

for bin in "${bins[@]}"; do
	tag=$(basename "$(dirname "$(dirname "$bin")")")
	plain=$("$bin" check tests/modport 2>/dev/null)
	out=$("$bin" check --summary tests/modport 2>/dev/null); status=$?
	is "$status" 1 "$tag: --summary keeps check's exit status"
	is "$(head -n "$(printf '%s\n' "$plain" | wc -l)" <<<"$out")" "$plain" \
		"$tag: the diagnostics come first, unchanged"
	want=$(printf '%s\n' "$plain" | grep ': warning: ' |
		sed -n 's/.*\[\([a-z0-9-]*\)\]$/\1/p' | LC_ALL=C sort | uniq -c |
		awk '{ print $2, $1; t += $1 } END { print "total", t }')
	is "$(tail -n "$(wc -l <<<"$want")" <<<"$out")" "$want" \
		"$tag: per-rule counts, sorted by rule ID, then the total"
	out=$("$bin" check --summary legacy/hello-2.4.c | tail -n 6)
	is "$out" "define-module 1
implicit-exit 1
implicit-init 1
init-include 1
missing-license 1
total 5" "$tag: the article's listing: one of each"
	out=$("$bin" check --summary tests/modport/ported.c); status=$?
	is "$out:$status" "total 0:0" "$tag: a clean file: total 0, exit 0"
done
out=$("${bins[0]}" fix --summary legacy/hello-2.4.c 2>&1); status=$?
is "$status" 2 "fix --summary is a usage error"
like "$out" "--summary is for check" "fix --summary says why"
done_testing
