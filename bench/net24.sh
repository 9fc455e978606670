#!/usr/bin/env bash
# net24.sh [TREE]: a Linux 2.4 network driver, ported by modport alone, in
# today's kernels (issue 18).
#
# TREE is the Linux 2.4.22 tree (default cache/linux-2.4.22; not part of
# this repository: when it is absent the script says so and exits 0).  The
# driver is ne2k-pci (drivers/net/ne2k-pci.c with the 8390 core it shares
# with every NE2000 driver, 8390.c and 8390.h): QEMU emulates its card
# (ne2k_pci), it moves packets by port I/O alone (no DMA mapping), and it
# runs no kernel thread; 8139too, the other candidate, has a thread of its
# own (daemonize(), sigmask_lock, kill_proc(), reparent_to_init()) whose
# 2.4 process model has no successor modport could write.
#
# For each kernel of $KERNELS (default "6.1 7.3"): a copy of the three files
# is ported with `modport fix --in-place --target=6.1..7.3`, built with
# kbuild (8390.ko and ne2k-pci.ko), and, when both build, proven with
# `modrun --nic ne2k_pci`: the driver must probe QEMU's card, udhcpc must
# get QEMU's lease (10.0.2.15) through it, and the gateway (10.0.2.2) must
# answer a ping.  Prints what modport left to a person (its findings, by
# rule) and, when the port does not build, the compiler's errors by kind.
#
# Before issue 18's net24 work: 69 compiler errors on 6.1, 12 on 7.3, 26
# findings left; after it, 0 and 0, and both kernels pass.
#
# Environment: KERNELS, NET24_WORK (default build/net24), MODRUN_TIMEOUT (120).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd -P)
cache=${CACHE:-$top/cache}
tree=${1:-$cache/linux-2.4.22}
kernels=${KERNELS:-6.1 7.3}
work=${NET24_WORK:-$top/build/net24}
timeout=${MODRUN_TIMEOUT:-120}
modport=$top/build/bin/modport
modrun=$top/build/bin/modrun
files="ne2k-pci.c 8390.c 8390.h"

if [ ! -e "$tree/drivers/net/ne2k-pci.c" ]; then
	echo "net24: no Linux 2.4.22 tree at $tree (bench/legacy/README.md says how to fetch it): skipped"
	exit 0
fi
for t in "$modport" "$modrun"; do
	[ -x "$t" ] || make -C "$top" -s "${t#"$top"/}" >/dev/null ||
		{ echo "net24: cannot build $t" >&2; exit 1; }
done

# port DIR: the three files, ported; the findings left in DIR/findings.
port() {
	local dir=$1 f
	rm -rf "$dir"
	mkdir -p "$dir"
	for f in $files; do cp "$tree/drivers/net/$f" "$dir/"; done
	"$modport" fix --in-place --target=6.1..7.3 --license=GPL "$dir" >"$dir/fix.log" 2>&1
	"$modport" check --target=6.1..7.3 "$dir" >"$dir/findings" 2>/dev/null
	printf 'obj-m := 8390.o ne2k-pci.o\n' >"$dir/Kbuild"
}

# prove KERNEL DIR: boot with QEMU's ne2k_pci card; 0 when all passed.
prove() {
	local k=$1 dir=$2
	"$modrun" -k "$cache/kernels/$k" -t "$timeout" --nic ne2k_pci \
		-x 'ip link show eth0' -x 'udhcpc -i eth0 -n -q -t 5' \
		-x 'ip -4 addr show eth0' -x 'ping -c 3 10.0.2.2' \
		"$dir/8390.ko" "$dir/ne2k-pci.ko" >"$dir/modrun.log" 2>&1
}

declare -A result errors left
for k in $kernels; do
	if [ ! -e "$cache/kernels/$k/ready" ]; then
		echo "net24: kernel $k is not provisioned (scripts/provision-kernel $k): skipped" >&2
		result[$k]="not provisioned"
		continue
	fi
	dir=$work/$k
	port "$dir"
	"$top/scripts/kbuild" "$k" "$dir" -k modules >"$dir/build.log" 2>&1
	errors[$k]=$(grep -c 'error:' "$dir/build.log")
	left[$k]=$(grep -c '\[[a-z0-9-]*\]$' "$dir/findings")
	if [ ! -e "$dir/ne2k-pci.ko" ] || [ ! -e "$dir/8390.ko" ]; then
		result[$k]="does not build: $(grep -c 'error:' "$dir/build.log") compiler errors"
		continue
	fi
	if prove "$k" "$dir"; then
		result[$k]="builds, probes, gets 10.0.2.15, pings 10.0.2.2"
	else
		result[$k]="builds; modrun: $(grep -E '^not ok' "$dir/modrun.log" | head -n 1)"
	fi
done

echo
echo "ne2k-pci (2.4.22) ported by modport fix --target=6.1..7.3 alone"
echo
echo "| kernel | compiler errors | findings left | result |"
echo "|---|---|---|---|"
for k in $kernels; do
	echo "| $k | ${errors[$k]:--} | ${left[$k]:--} | ${result[$k]} |"
done
first=${kernels%% *}
if [ -e "$work/$first/findings" ]; then
	echo
	echo "left to a person by modport (findings of check after fix, by rule):"
	grep -o '\[[a-z0-9-]*\]$' "$work/$first/findings" | sort | uniq -c | sort -rn
	if [ ! -e "$work/$first/ne2k-pci.ko" ]; then
		echo
		echo "the compiler's errors on $first, by kind:"
		grep 'error:' "$work/$first/build.log" | sed 's/^[^:]*:[0-9]*:[0-9]*: error: //' |
			sort | uniq -c | sort -rn | head -n 15
	fi
fi
echo "logs: $work/KERNEL/{fix.log,findings,build.log,modrun.log}"
