#!/usr/bin/env bash
# modport's rule table: --list-rules (one rule a line, tab-separated: ID,
# kind, gone in, new since, summary), tied to the docs and the fixtures -
# every ID has its entry in modport.1 and is expected by at least one golden
# fixture - and the selection: --rules, --ignore, --target, under both builds.
# And what every rule's findings share (tests/data/droparg): none is made
# in an argument that the file's own macro drops in the build (its live
# definition: #undef X, or X that nothing defines, picks the #else of
# "#ifdef X"), with negative controls that the build compiles - the
# same uses outside the macros, CONFIG_X (the tree can set it), X the
# file defines, X from the Makefile's -DX, and a name that is also a
# function.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 2
bins=("$TOP/build/bin/modport" "$TOP/build/san/bin/modport")
mapfile -t ids < <("${bins[0]}" --list-rules | grep -v '^#' | cut -f1)
plan $(( 2 * ${#ids[@]} + 4 + ${#bins[@]} * 10 + 12 ))

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

# Arguments the file's own macros drop (tests/data/droparg).
d=tests/data/droparg
chk() { "${bins[0]}" check --target=6.1 "$@" 2>&1; }
is "$(chk "$d/off.c")" "" "no rule's finding in an argument the file's macro drops (pci-slot-name, gone, napi)"
on=$(chk "$d/on.c")
like "$on" "on.c:11:24: warning: struct pci_dev has no slot_name .*\[pci-slot-name\]" "negative control: slot_name outside the macro"
like "$on" "on.c:16:21: warning: the member 'bufflen' of struct scsi_cmnd went away.*\[gone\]" "negative control: bufflen outside the macro"
like "$on" "on.c:21:34: warning: the old NAPI.*\[napi\]" "negative control: dev->quota outside the macro"
like "$(chk "$d/config.c")" "config.c:16:40: warning: struct pci_dev has no slot_name" \
	"negative control: #ifdef CONFIG_PCI_DEBUG, which the tree can set, compiles DBG_IRT's arguments"
like "$(chk "$d/defined.c")" "defined.c:22:40: warning: the member 'bufflen' of struct scsi_cmnd went away" \
	"negative control: the file defines DEBUG_MASK: the first branch's dprintkdbg is live"
like "$(chk "$d/function.c")" "function.c:19:42: warning: the old NAPI" \
	"negative control: rx_quota is also a function: its call compiles its arguments"
like "$(chk "$d/flags/drv.c")" "drv.c:16:40: warning: struct pci_dev has no slot_name" \
	"negative control: the Makefile's -DDEBUG_IRT"
tmp=$(mktemp -d)
at_exit "rm -rf '$tmp'"
cp -r "$d/flags" "$tmp/flags" && sed -i '/-DDEBUG_IRT/d' "$tmp/flags/Makefile"
is "$(chk "$tmp/flags/drv.c")" "" "the same folder without -DDEBUG_IRT: DBG_IRT drops its arguments"
sed '/^#ifdef RX_QUOTA/,/^#else/d; /^#endif/d' "$d/function.c" >"$tmp/function.c"
is "$(chk "$tmp/function.c")" "" "the same file without the function: rx_quota drops its argument"
is "$(chk "$d/off.c" --rules=gone,signature)" "" "gone's dropped arguments are the same test"
out=$("${bins[0]}" fix --target=6.1 "$d/off.c" 2>&1)
unlike "$out" "pci_name" "fix leaves what the build never compiles"
done_testing
