#!/usr/bin/env bash
# ldd3-errors.sh [ORIG]: is the first build error of each LDD3 module that
# modport's port does not build named by a finding? (issue 17)
#
# ORIG (default cache/ldd3-orig) holds the Linux Device Drivers 3rd edition
# examples as published; it is not part of this repository: when it is
# absent the script says so and exits 0.  For each kernel K of $KERNELS
# (default "6.1 7.3"), a copy of ORIG is ported with `modport fix
# --in-place --target=K` and each of the 27 modules built with its
# directory's own Makefile, as bench/ldd3.sh builds them (a module of a
# directory that fails is built again alone), but nothing is loaded.  For
# each module that does not build: its first error, and whether
# `modport check --target=K` over the ported folder names it (a finding on
# the error's file and line).  bench/ldd3.sh measures building, loading and
# behaving.  The port is built again only when it changed (a hash of the
# ported tree and the kernel's release).
#
# Environment: KERNELS, LDD3_ERRORS_WORK (default cache/bench/ldd3-errors),
# JOBS (make -j, default 1: with more, which error comes first depends on
# timing).
set -uo pipefail
. "$(dirname "$0")/lib/corpus.sh"
corpus_init ldd3-errors || exit 1
orig=${1:-$cache/ldd3-orig}
kernels=${KERNELS:-6.1 7.3}
work=${LDD3_ERRORS_WORK:-$cache/bench/ldd3-errors}
jobs=${JOBS:-1}	# -j1: which error comes first does not depend on timing

if [ ! -d "$orig/scull" ]; then
	echo "ldd3-errors: no LDD3 corpus at $orig (the first commit of martinezjavier/ldd3): skipped"
	exit 0
fi
# The 27 modules, name:directory, as bench/ldd3.sh lists them.
modules=(
	hello:misc-modules hellop:misc-modules seq:misc-modules
	jit:misc-modules jiq:misc-modules sleepy:misc-modules
	complete:misc-modules silly:misc-modules faulty:misc-modules
	kdatasize:misc-modules kdataalign:misc-modules
	scull:scull scullc:scullc sculld:sculld scullp:scullp
	scullv:scullv sbull:sbull snull:snull short:short
	shortprint:shortprint pci_skel:pci simple:simple
	usb-skeleton:usb tiny_tty:tty tiny_serial:tty lddbus:lddbus skull:skull
)
dirs=$(printf '%s\n' "${modules[@]}" | cut -d: -f2 | sort -u)
mkdir -p "$work"
work=$(cd "$work" && pwd -P)

printf '%-13s %-5s %-5s %-5s %s\n' module K build named "first error"
declare -A nb nf nn
for k in $kernels; do
	corpus_kernel_ok "$k" || { echo "ldd3-errors: kernel $k is not provisioned or has no compiler: skipped" >&2; continue; }
	base=$work/$k
	# The port, built again only when it changed (modport or kernel).
	rm -rf "$work/new" && mkdir -p "$work/new" && cp -r "$orig" "$work/new/port"
	"$modport" fix --in-place --target="$k" "$work/new/port" >"$work/new/modport.log" 2>&1
	key=$(corpus_hash "$work/new/port")-$(corpus_release "$k")-j$jobs
	fresh=0
	if [ "$(cat "$base/key" 2>/dev/null)" != "$key" ]; then
		fresh=1
		rm -rf "$base" && mv "$work/new" "$base"
		corpus_check "$k" "$base/port" "$base/findings" \
			"$base/modport.log" "$work/new/port"
		echo "ldd3-errors: building for $k" >&2
		for d in $dirs; do
			[ -e "$base/port/$d/Makefile" ] || continue
			nice "$kbuild" --own "$k" "$base/port/$d" -k -j"$jobs" >"$base/$d.log" 2>&1
		done
	fi
	rm -rf "$work/new"
	for m in "${modules[@]}"; do
		IFS=: read -r name d <<<"$m"
		dir=$base/port/$d
		log=$base/$d.log
		[ -e "$base/$d.$name.log" ] && log=$base/$d.$name.log
		if [ $fresh = 1 ] && [ ! -e "$dir/$name.ko" ] &&
			[ "$(grep -c ":$d\$" <<<"$(printf '%s\n' "${modules[@]}")")" -gt 1 ]; then
			# Alone: the directory's Makefile, obj-m cut to this module.
			printf 'include %s/Makefile\nobj-m := $(filter %s.o,$(obj-m))\n' \
				"$dir" "$name" >"$dir/Kbuild"
			log=$base/$d.$name.log
			nice "$kbuild" --own "$k" "$dir" -k >"$log" 2>&1
			rm -f "$dir/Kbuild"
		fi
		if [ -e "$dir/$name.ko" ]; then
			nb[$k]=$((${nb[$k]:-0} + 1))
			printf '%-13s %-5s %-5s %-5s %s\n' "$name" "$k" ok - -
			continue
		fi
		err=$(corpus_first_error "$log" "$base/port" "$dir" "$(corpus_headers "$k")")
		if [ -n "$err" ]; then
			named=$(corpus_named "$err" "$base/findings")
			nf[$k]=$((${nf[$k]:-0} + 1))
			[ "$named" = yes ] && nn[$k]=$((${nn[$k]:-0} + 1))
		else
			named=-	# no error: skull's Makefile builds nothing by default
		fi
		printf '%-13s %-5s %-5s %-5s %s\n' "$name" "$k" fail "$named" "$d/$(corpus_short "$err")"
	done
	[ $fresh = 1 ] && echo "$key" >"$base/key"
done
echo
for k in $kernels; do
	[ -n "${nb[$k]:-}${nf[$k]:-}" ] || continue
	echo "$k: ${nb[$k]:-0}/27 build after modport fix --target=$k; first errors named: ${nn[$k]:-0}/${nf[$k]:-0} (a module that fails with no error in its log is not counted)"
done
