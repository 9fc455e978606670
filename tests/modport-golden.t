#!/usr/bin/env bash
# modport golden tests, under both builds (plain, ASan+UBSan).  For every
# fixture tests/modport/**/X.c or X.h (and the article's listing, legacy/hello-2.4.c,
# whose expected files are tests/modport/article.*):
#   X.c.check  what `modport check` prints, then its exit status
#   X.c.fixed  the file after `modport fix` with the options of X.c.args
#              (one per line; default --license=Dual BSD/GPL)
# Asserted for each: check output; the diff applies with patch -p1 and with
# git apply and gives X.c.fixed; --in-place gives the same, mode kept;
# idempotence (fix of X.c.fixed changes nothing, check finds nothing left);
# byte preservation (the only lines removed hold an entry point's name or
# #define MODULE, and CRLF files stay CRLF throughout).
# MODPORT_REGEN=1 rewrites the expected files from the plain build, for review.
. "$(dirname "$0")/lib.sh"
need patch git cmp diff
cd "$TOP" || exit 2
mapfile -t fixtures < <(find tests/modport -name '*.[ch]' | LC_ALL=C sort)
fixtures=(legacy/hello-2.4.c "${fixtures[@]}")
bins=("$TOP/build/bin/modport" "$TOP/build/san/bin/modport")
plan $(( ${#bins[@]} * ${#fixtures[@]} * 7 + 25 ))

tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'

expected() {	# expected FIXTURE: prefix of its expected files
	case $1 in
	legacy/hello-2.4.c) echo tests/modport/article ;;
	*) echo "$1" ;;
	esac
}

local_headers() {	# local_headers FIXTURE DEST: the headers beside it (and in
			# folders beside it: a package's own <linux/x.h>) into DEST
	local h dir; dir=$(dirname "$1")
	for h in "$dir"/*.h "$dir"/*/*.h; do
		[ -e "$h" ] && [ "$h" != "$1" ] || continue
		mkdir -p "$2/$(dirname "${h#"$dir"/}")"
		cp -n "$h" "$2/${h#"$dir"/}"
	done
}

fix_args() {	# fix_args FIXTURE: its fix options, one per line
	local e; e=$(expected "$1")
	if [ -e "$e.args" ]; then cat "$e.args"; else echo "--license=Dual BSD/GPL"; fi
}

run_check() {	# run_check BIN FILE: stdout, then the exit status
	"$1" check "$2" 2>&1; echo "exit $?"
}

if [ -n "${MODPORT_REGEN:-}" ]; then
	for f in "${fixtures[@]}"; do
		e=$(expected "$f")
		run_check "${bins[0]}" "$f" >"$e.check"
		mapfile -t args < <(fix_args "$f")
		mkdir -p "$tmp/regen/$(dirname "$f")"
		cp -p "$f" "$tmp/regen/$f"
		local_headers "$f" "$tmp/regen/$(dirname "$f")"
		"${bins[0]}" fix --in-place "${args[@]}" "$tmp/regen/$f" 2>/dev/null
		cp "$tmp/regen/$f" "$e.fixed"
	done
fi

one() {	# one BIN FIXTURE
	local bin=$1 f=$2 e tag d out status args
	e=$(expected "$f")
	tag="$(basename "$(dirname "$(dirname "$bin")")")/${f#tests/modport/}"
	mapfile -t args < <(fix_args "$f")
	is "$(run_check "$bin" "$f")" "$(cat "$e.check")" "$tag: check output and status"

	d=$tmp/$RANDOM$RANDOM
	mkdir -p "$d/p/$(dirname "$f")" "$d/g/$(dirname "$f")" "$d/i/$(dirname "$f")"
	cp -p "$f" "$d/p/$f"; cp -p "$f" "$d/g/$f"; cp -p "$f" "$d/i/$f"
	local_headers "$f" "$d/i/$(dirname "$f")"	# headers a rule may read
	"$bin" fix "${args[@]}" "$f" >"$d/diff" 2>"$d/err"; status=$?
	[ "$status" -le 1 ] && (cd "$d/p" && patch -s -p1 <"$d/diff") &&
		cmp -s "$d/p/$f" "$e.fixed"
	ok $? "$tag: the diff applies with patch -p1 and gives the expected file"
	[ ! -s "$d/diff" ] && cmp -s "$f" "$e.fixed" ||
		(cd "$d/g" && git apply --whitespace=nowarn -p1 "$d/diff") && cmp -s "$d/g/$f" "$e.fixed"
	ok $? "$tag: git apply gives the same"
	chmod 640 "$d/i/$f"
	"$bin" fix --in-place "${args[@]}" "$d/i/$f" 2>/dev/null
	cmp -s "$d/i/$f" "$e.fixed" && [ "$(stat -c %a "$d/i/$f")" = 640 ] &&
		[ -z "$(find "$d/i" -name '.modport.*')" ]
	ok $? "$tag: --in-place gives the same, keeps the mode, leaves no temporary file"

	cp "$e.fixed" "$d/fixed.${f##*.}"	# a header stays a header
	local_headers "$f" "$d"
	out=$("$bin" fix "${args[@]}" "$d/fixed.${f##*.}" 2>/dev/null)
	is "$out" "" "$tag: idempotent: fix of the fixed file prints no diff"
	out=$("$bin" check "$d/fixed.${f##*.}" | grep -v -e '\[missing-license\]' -e 'by hand \[')
	is "$out" "" "$tag: check of the fixed file finds nothing left to fix"

	preserved "$d/diff" &&
		{ ! grep -q $'\r$' "$f" || [ "$(grep -vc $'\r$' "$e.fixed")" -le 1 ]; }
	ok $? "$tag: bytes preserved: only rule sites change, line ends kept"
}

for bin in "${bins[@]}"; do
	for f in "${fixtures[@]}"; do
		one "$bin" "$f"
	done
done

# The article's port, line by line, as the article has it.
fixed=$(cat tests/modport/article.fixed)
unlike "$fixed" '^#define MODULE' "article: no #define MODULE"
like "$fixed" '^#include <linux/init.h>$' "article: includes <linux/init.h>"
like "$fixed" '^static int hello_init\(void\)$' "article: static int hello_init(void)"
like "$fixed" '^static void hello_exit\(void\)$' "article: static void hello_exit(void)"
like "$fixed" '^module_init\(hello_init\);$' "article: module_init(hello_init);"
like "$fixed" '^module_exit\(hello_exit\);$' "article: module_exit(hello_exit);"
like "$fixed" '^MODULE_LICENSE\("Dual BSD/GPL"\);$' "article: MODULE_LICENSE(\"Dual BSD/GPL\");"
like "$fixed" 'printk\(KERN_INFO "Goodbye cruel world\\n"\);' "article: its 2.4 strings are untouched"

# The older kernels' form that fix keeps under #else is not judged on the
# newer kernels (".remove = f" beside ".remove = f_void" under >= 6.11).
mkdir -p "$tmp/methods" && cp tests/modport/methods/methods.c.fixed "$tmp/methods/methods.c" &&
	cp tests/modport/methods/*.h "$tmp/methods/"
out=$("${bins[1]}" check "$tmp/methods/methods.c" 2>&1 | grep '\[method\]')
is "$(grep -c . <<<"$out"):$(grep -c "'remove'" <<<"$out")" "0:0" \
	"methods: in the fixed file, the #else branches of .remove and probe are the older kernels': nothing is named"

# Without --license, fix does the rest and leaves the license, as an error.
out=$("${bins[1]}" fix tests/modport/no-license.c 2>&1 >/dev/null); status=$?
is "$status" 1 "no --license: fix exits 1 (a finding is left)"
is "$out" "tests/modport/no-license.c:5:12: error: no MODULE_LICENSE(): modpost rejects the module since Linux 5.11; modport does not invent one: fix needs --license=STRING [missing-license]" \
	"no --license: the license is an error that names the file and the rule (where the fixed file has the entry point)"
like "$("${bins[1]}" fix tests/modport/no-license.c 2>/dev/null)" '^\+module_exit\(no_license_exit\);' "no --license: the rest is fixed"

# A module that kbuild builds of one file (obj-m := NAME.o) and that has no
# MODULE_LICENSE() anywhere is named even when no entry point is renamed;
# fix adds the license after the last registration, unless that is under a
# condition (2.4's qtronix: all under #ifdef CONFIG_QTRONIX_KEYBOARD).
lic() {	# lic NAME KBUILD: a folder with NAME.c registering at the top level
	mkdir -p "$tmp/$1"
	printf '%s\n' '#include <linux/module.h>' '#include <linux/init.h>' \
		"static int __init $1_init(void) { return 0; }" \
		"static void __exit $1_exit(void) { }" \
		"module_init($1_init);" "module_exit($1_exit);" >"$tmp/$1/$1.c"
	[ -z "$2" ] || printf '%s\n' "$2" >"$tmp/$1/Kbuild"
}
lic lic1 'obj-m := lic1.o'
out=$("${bins[1]}" check "$tmp/lic1/lic1.c" 2>&1)
like "$out" 'lic1\.c:5:1: warning: no MODULE_LICENSE\(\) in a module that kbuild builds of this file alone.*\[missing-license\]' \
	"registered, no license, obj-m: named at its module_init()"
"${bins[1]}" fix --in-place --license=GPL "$tmp/lic1/lic1.c" 2>/dev/null
is "$(tail -n 3 "$tmp/lic1/lic1.c")" "$(printf '%s\n' 'module_exit(lic1_exit);' '' 'MODULE_LICENSE("GPL");')" \
	"registered, no license, obj-m: fix adds MODULE_LICENSE() after the last registration"
lic lic2 'obj-m += other.o lic2.o'
sed -i '1i #ifdef CONFIG_LIC2' "$tmp/lic2/lic2.c" && echo '#endif' >>"$tmp/lic2/lic2.c"
out=$("${bins[1]}" fix --license=GPL "$tmp/lic2/lic2.c" 2>&1)
like "$out" 'under a condition, which kbuild may not take.*port it by hand \[missing-license\]' \
	"a registration under #ifdef: named, with why"
unlike "$out" 'MODULE_LICENSE\("GPL"\)' "a registration under #ifdef: no license added inside the condition"
lic lic3 ''
lic lic4 "$(printf '%s\n' 'obj-m := lic4.o' 'lic4-objs := lic4.o core.o')"
lic lic5 'obj-y += lic5.o'
out=$(for n in lic3 lic4 lic5; do "${bins[1]}" check "$tmp/$n/$n.c" 2>&1; done)
unlike "$out" 'missing-license' \
	"negative controls: no build file, a module of several files, a built-in object: no missing-license"

# Several modules in one folder: each gets its own names.
cp -r tests/modport/multi "$tmp/multi"
"${bins[1]}" fix --in-place --license=GPL "$tmp/multi" 2>/dev/null
cmp -s "$tmp/multi/alpha.c" <(sed 's/Dual BSD\/GPL/GPL/' tests/modport/multi/alpha.c.fixed) &&
	cmp -s "$tmp/multi/beta-2.c" tests/modport/multi/beta-2.c.fixed
ok $? "a folder of two modules: fixed in one run, alpha_init and beta_2_init"

# One fix runs to its fixed point: gnu-initializer's .remove = lets the
# method rule convert the method in a second pass.  With the bound at one
# pass (MODPORT_MAX_PASSES=1), fix says it did not settle, and exits 1.
cp tests/modport/passes/gnu-remove.c "$tmp/gr.c"
out=$("${bins[1]}" fix --in-place --target=6.11..7.3 "$tmp/gr.c" 2>&1); status=$?
is "$status:$out" "0:modport: $tmp/gr.c: fixed 5 sites: gnu-initializer (4), method" \
	"fixed point: one fix counts the sites of both passes"
cmp -s "$tmp/gr.c" tests/modport/passes/gnu-remove.c.fixed
ok $? "fixed point: one fix gives the golden file"
cp tests/modport/passes/gnu-remove.c "$tmp/gr.c"
out=$(MODPORT_MAX_PASSES=1 "${bins[1]}" fix --in-place --target=6.11..7.3 "$tmp/gr.c" 2>&1); status=$?
is "$status" 1 "fixed point: a bound hit exits 1"
like "$out" "fix did not reach its fixed point in 1 pass \\(the last one still changes it\\): run fix again" \
	"fixed point: a bound hit is said"
like "$out" "gr.c:24:19: error: the method 'remove' .*: it returns nothing \\[method\\]" \
	"fixed point: what the next pass would fix is left, where the file has it now"
grep -q '^	.remove = gp_remove,$' "$tmp/gr.c" && grep -q '^static int gp_remove' "$tmp/gr.c"
ok $? "fixed point: the first pass is written"
out=$("${bins[1]}" fix --in-place --target=6.11..7.3 "$tmp/gr.c" 2>&1); status=$?
is "$status:$out" "0:modport: $tmp/gr.c: fixed 1 site: method" "fixed point: fix again finishes it"
done_testing
