#!/usr/bin/env bash
# modport over a driver split across files (issue 18: 2.4.22's ne2k-pci
# with its 8390 core).  Each folder of tests/modport-siblings/ is checked
# (its findings, in check.out) and fixed in place as a whole (each file
# then equals its FILE.fixed); a second fix changes nothing.  core/: the
# core's exported handler, given to request_irq() by the board, is fixed
# with its header prototype; the area the core allocates comes with the
# board's net_device; the board's methods go over a copy of the core's.
# stored/ (the negative control): the board keeps the handler in a table,
# so it is reported and the header's prototype stays.
# MODPORT_REGEN=1 rewrites the expected files, for review.
. "$(dirname "$0")/lib.sh"
need diff cmp
cd "$TOP" || exit 2
src=tests/modport-siblings
mapfile -t dirs < <(cd "$src" && ls -d */ | tr -d /)
nfiles=$(find "$src" -name '*.[ch]' | wc -l)
plan $(( 3 * ${#dirs[@]} + nfiles + 5 ))

tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'
MP=$TOP/build/san/bin/modport

for d in "${dirs[@]}"; do
	cp -r "$src/$d" "$tmp/$d"
	out=$(cd "$tmp" && "$MP" check --target=6.1..7.3 "$d" 2>&1; echo "exit $?")
	if [ -n "${MODPORT_REGEN:-}" ]; then printf '%s\n' "$out" >"$src/$d/check.out"; fi
	is "$out" "$(cat "$src/$d/check.out")" "$d: check finds what check.out says"
	(cd "$tmp" && "$MP" fix --in-place --target=6.1..7.3 --license=GPL "$d" >/dev/null 2>&1)
	[ $? -le 1 ]; ok $? "$d: fix --in-place over the folder (0, or 1: findings left)"
	for f in "$src/$d"/*.[ch]; do
		b=$(basename "$f")
		if [ -n "${MODPORT_REGEN:-}" ]; then cp "$tmp/$d/$b" "$f.fixed"; fi
		cmp -s "$tmp/$d/$b" "$f.fixed"
		ok $? "$d/$b: fixed as $b.fixed"
	done
	out=$(cd "$tmp" && "$MP" fix --target=6.1..7.3 --license=GPL "$d" 2>/dev/null)
	is "$out" "" "$d: idempotent: a second fix prints no diff"
done

core=$tmp/core
like "$(cat "$core/lib.h")" 'extern irqreturn_t lib_interrupt\(int irq, void \*dev_id\);' \
	"core: the header's prototype of the exported handler is converted with it"
like "$(cat "$core/board.c")" 'alloc_etherdev\(sizeof\(struct lib_local\)\)' \
	"core: the board's net_device comes with the area the core allocated"
like "$(cat "$core/board.c")" 'board_probe_netdev_ops = \*dev->netdev_ops;' \
	"core: the board's methods go over a copy of the core's"
like "$(cat "$tmp/stored/lib.h")" 'extern void lib_interrupt\(int irq, void \*dev_id, struct pt_regs \*regs\);' \
	"stored: a handler the board keeps in a table: the prototype stays"
like "$(cat "$src/stored/check.out")" 'not fixed: another file of the driver uses it otherwise' \
	"stored: and the handler is reported, with why"
done_testing
