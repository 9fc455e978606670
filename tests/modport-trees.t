#!/usr/bin/env bash
# modport on whole trees, with the ASan+UBSan build (skipped when a tree is
# not in the cache):
#  - Linux 2.4.22, ported --target=2.6.0 (the article's port): no file is
#    refused, before or after the port (every file
#    tokenizes); the tree's diff touches only rule sites (preserved, lib.sh);
#    fix --in-place ports hundreds of modules; afterwards check finds nothing
#    but what needs a person, no 2.4 module-interface site is left without a
#    finding (bench/legacy/leftovers.pl), and fix has no diff (idempotence on
#    real code); no temporary file is left.
#  - linux-source-6.1 (make bench unpacks it): only the true leftovers (3c515.c's
#    cleanup_module, pcxhr_mixer.c's #define __NO_VERSION__, atl2.c's
#    MODULE_PARM in a dead compatibility macro, parisc's asm/floppy.h's
#    void floppy_hardint() given to request_irq(); none in an argument a
#    macro of the file drops - sis190.c's dev->quota, iosapic.c's
#    slot_name - nor in sisusb_con.c, which no configuration builds),
#    checked --target=6.1:
#    the tree's own kernel (6.1..7.3 would add what 6.1 still has and 7.3
#    has not: del_timer(), class_create(THIS_MODULE, ...), EXTRA_CFLAGS); no false
#    positive, no error.
#  - an empty folder is fine.
. "$(dirname "$0")/lib.sh"
need diff strings
SAN=$TOP/build/san/bin/modport
plan 15
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'


if [ -d "$CACHE/linux-2.4.22" ]; then
	cp -r "$CACHE/linux-2.4.22" "$tmp/t24"
	"$SAN" fix --target=2.6.0 --license=GPL "$tmp/t24" >"$tmp/tree.diff" 2>/dev/null
	"$SAN" fix --target=2.6.0 --in-place --license=GPL "$tmp/t24" 2>"$tmp/err"; status=$?
	is "$status" 1 "2.4.22: fix --in-place runs through (1: what needs a person is reported; the Latin-1 files are only a note)"
	is "$(grep -c ': note: invalid UTF-8' "$tmp/err")" "$(grep -c 'invalid UTF-8' "$tmp/err")" "2.4.22: invalid UTF-8 is a note"
	is "$(grep -c 'not processed' "$tmp/err")" 0 "2.4.22: no file refused: every file tokenizes (GCC 2 multi-line strings included; som.h's comment open in its last directive ends with the file)"
	out=$(preserved "$tmp/tree.diff" | head -5)
	is "$out" "" "2.4.22: the diff of the whole tree touches only rule sites"
	n=$(diff -rq "$CACHE/linux-2.4.22" "$tmp/t24" | wc -l)
	[ "$n" -ge 250 ]; ok $? "2.4.22: $n files ported"
	"$SAN" check --target=2.6.0 "$tmp/t24" >"$tmp/findings" 2>/dev/null
	out=$(grep -v "by hand \[" "$tmp/findings")
	is "$out" "" "2.4.22: check of the ported tree finds nothing but what needs a person"
	out=$(perl "$TOP/bench/legacy/leftovers.pl" "$tmp/t24" "$tmp/findings" | grep -v '^  ' | tail -n 1)
	is "$out" "silent 0" "2.4.22: no 2.4 module-interface site is left silently: each is rewritten or named by a finding (bench/legacy/leftovers.pl)"
	out=$("$SAN" fix --target=2.6.0 --license=GPL "$tmp/t24" 2>"$tmp/err2")
	is "$out" "" "2.4.22: fix of the ported tree prints no diff"
	is "$(grep -c 'not processed' "$tmp/err2")" 0 "2.4.22: every ported file still tokenizes"
	is "$(find "$tmp/t24" -name '.modport.*' | wc -l)" 0 "2.4.22: no temporary file left"
	# To today's kernels (the default target), where fixes make work for
	# other fixes (a handler made irqreturn_t, devfs handles left unused):
	# one fix reaches its fixed point, a second changes nothing.
	rm -rf "$tmp/t24"
	cp -r "$CACHE/linux-2.4.22" "$tmp/t24"
	"$TOP/build/bin/modport" fix --in-place --license=GPL "$tmp/t24" >/dev/null 2>&1
	out=$("$TOP/build/bin/modport" fix --license=GPL "$tmp/t24" 2>/dev/null | grep '^+++ ' | head -5)
	is "$out" "" "2.4.22: fix --target=6.1..7.3 reaches its fixed point: a second fix prints no diff"
else
	for _ in 1 2 3 4 5 6 7 8 9 10 11; do skip "no $CACHE/linux-2.4.22"; done
fi

tree=$CACHE/linux-source-6.1/linux-source-6.1
if [ -d "$tree/drivers" ]; then
	out=$(cd "$tree/.." && "$SAN" check --target=6.1 --ignore=gone,signature linux-source-6.1 2>&1); status=$?
	is "$status" 1 "6.1: exit status 1 (findings, no error)"
	out=$(printf '%s\n' "$out" | sed 's/: warning: .*\[/ [/')
	is "$out" "$(cat <<-EOF
	linux-source-6.1/arch/parisc/include/asm/floppy.h:52:13 [void-irq-handler]
	linux-source-6.1/drivers/net/ethernet/3com/3c515.c:1553:6 [implicit-exit]
	linux-source-6.1/drivers/net/ethernet/atheros/atlx/atl2.c:10:1 [module-parm]
	linux-source-6.1/drivers/net/ethernet/atheros/atlx/atl2.c:2773:5 [module-parm]
	linux-source-6.1/sound/pci/pcxhr/pcxhr_mixer.c:2:1 [no-version]
	EOF
	)" "6.1: only the true leftovers: 3c515.c's cleanup_module, pcxhr_mixer.c's __NO_VERSION__, atl2.c's MODULE_PARM in a dead macro (converted, with its include), parisc floppy.h's void handler given to request_irq(); not sis190.c's dev->quota nor iosapic.c's slot_name, in arguments their macros drop, nor sisusb_con.c (depends on BROKEN)"
	# The atlas's findings: a modern tree breaks nowhere on its own
	# kernel: none is left (pointers to ata_probe_ent and at91_can_data,
	# never dereferenced, compile: an incomplete struct,
	# tests/data/gone-classes/opaque; a debug macro's bufflen is dropped:
	# nothing defines DEBUG_MASK, tests/data/droparg).
	# Files kbuild builds for another architecture only, the kernel's
	# macros that only stringify an argument, calls under #ifdef f where f
	# is no macro of x86's and a name four local headers down are classes
	# of tests/data/gone-classes (README).
	gone=$(cd "$tree/.." && "$TOP/build/bin/modport" check --target=6.1 --rules=gone,signature linux-source-6.1 2>&1)
	n=$(grep -c 'warning:' <<<"$gone")
	[ "$n" -eq 0 ]; ok $? "6.1, gone and signature: $n findings over the whole tree (none; 3 before the file's macros' dropped arguments and structs that only type pointers nothing dereferences, 12 before kbuild's architectures, the atlas's P and Z lines and four-deep headers, 30 before the classes of tests/data/gone-classes, 445 before the project's headers, opaque and aliased structs were read)" ||
		diag "$gone"
else
	skip "no $tree (make bench unpacks it)"
	skip "no $tree"
	skip "no $tree"
fi

mkdir "$tmp/empty"
out=$("$SAN" check "$tmp/empty" 2>&1); status=$?
is "$status:$out" "0:" "an empty folder: nothing to say, exit 0"
done_testing
