#!/usr/bin/env bash
# modport's rule table: --list-rules (one rule a line, tab-separated: ID,
# kind, gone in, new since, summary), tied to the docs and the fixtures -
# every ID has its entry in modport.1 and is expected by at least one golden
# fixture - and the selection: --rules, --ignore, --target, under both builds.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 2
bins=("$TOP/build/bin/modport" "$TOP/build/san/bin/modport")
mapfile -t ids < <("${bins[0]}" --list-rules | grep -v '^#' | cut -f1)
plan $(( 2 * ${#ids[@]} + 4 + ${#bins[@]} * 10 ))

list=$("${bins[0]}" --list-rules | grep -v '^#')
[ "${#ids[@]}" -ge 20 ]; ok $? "--list-rules lists ${#ids[@]} rules"
is "$(printf '%s\n' "${ids[@]}" | sort | uniq -d)" "" "--list-rules: no ID twice"
bad=$(awk -F'\t' 'NF != 5 || $1 !~ /^[a-z0-9-]+$/ || ($2 != "fix" && $2 != "report") ||
	$3 !~ /^([0-9]+\.[0-9]+(\.[0-9]+)?|-)$/ || $4 !~ /^[0-9]+\.[0-9]+(\.[0-9]+)?$/ || $5 == ""' <<<"$list")
is "$bad" "" "--list-rules: ID, fix or report, two versions, a summary on every line"
is "$("${bins[0]}" --list-rules | grep -v '^#' | md5sum)" "$(md5sum <<<"$list")" "--list-rules is stable"

for id in "${ids[@]}"; do
	grep -Eq "^\.It Cm (.* )?$id( ,.*)?$" modport/modport.1
	ok $? "$id: has its entry in modport.1"
	grep -rqF --include='*.check' "[$id]" tests/modport
	ok $? "$id: expected by a golden fixture"
done

for bin in "${bins[@]}"; do
	tag=$(basename "$(dirname "$(dirname "$bin")")")
	all=$("$bin" check legacy/hello-2.4.c); status=$?
	is "$status" 1 "$tag: the article's listing has findings"
	out=$("$bin" check --rules=implicit-init,missing-license legacy/hello-2.4.c)
	is "$(sed 's/.*\[//' <<<"$out" | sort -u | tr '\n' ' ')" "implicit-init] missing-license] " \
		"$tag: --rules keeps only those rules' findings"
	out=$("$bin" check --ignore=define-module legacy/hello-2.4.c)
	is "$out" "$(grep -v '\[define-module\]' <<<"$all")" "$tag: --ignore drops that rule's findings, the rest stays"
	out=$("$bin" check --rules=cli-sti legacy/hello-2.4.c); status=$?
	is "$status:$out" "0:" "$tag: no selected rule finds anything: exit 0"
	out=$("$bin" fix --license=GPL --ignore=define-module,missing-license legacy/hello-2.4.c)
	like "$out" '^ #define MODULE$' "$tag: fix --ignore keeps what that rule would remove"
	unlike "$out" 'MODULE_LICENSE' "$tag: fix --ignore=missing-license adds no license"
	like "$out" '^\+module_exit\(hello_2_4_exit\);$' "$tag: fix --ignore does the other rules"
	out=$("$bin" check --rules=implicit-init,no-such-rule legacy/hello-2.4.c 2>&1); status=$?
	is "$status:$out" "2:modport: --rules: unknown rule 'no-such-rule' (--list-rules lists them)" \
		"$tag: an unknown ID is a usage error that names it"
	"$bin" check --target=6.1 legacy/hello-2.4.c >/dev/null && "$bin" check --target=2.6.17..7.3 legacy/hello-2.4.c >/dev/null
	is "$?" 1 "$tag: --target takes a version and a range"
	out=$("$bin" check --target=7.3..6.1 legacy/hello-2.4.c 2>&1); status=$?
	is "$status:$(head -n 1 <<<"$out")" "2:modport: --target wants a kernel version (6.1, 2.6.17) or a range LO..HI" \
		"$tag: a range upside down is a usage error"
done
done_testing
