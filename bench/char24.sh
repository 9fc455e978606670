#!/usr/bin/env bash
# char24.sh [TREE]: the small character drivers of Linux 2.4.22 ported by
# modport alone (issues 17 and 18).
#
# TREE (default cache/linux-2.4.22) is the Linux 2.4.22 tree, not part of
# this repository: when it is absent the script says so and exits 0.
#
# The corpus: the module files of TREE/drivers/char itself (not its
# subfolders) of fewer than 1,200 lines, a module file as
# bench/legacy/census.pl defines it (a .c defining init_module or
# cleanup_module, or using module_init or module_exit): 74 files.  Each is
# copied alone into a folder of its own (with the driver's own headers that
# it includes with quotes, such as wd501p.h: drivers/char files, not module
# files) with a one-line Kbuild (obj-m := NAME.o), ported with `modport fix --in-place --license=GPL
# --target=K` and built for each kernel K of $KERNELS (default "6.1 7.3";
# 7.3 in its build root, through scripts/kbuild).  For each that fails: its
# first error and whether `modport check --target=K` over the ported file
# names it (a finding on its file and line).  The modules that build are
# loaded, all in one `modrun --each` boot per kernel: "loads" counts those
# whose init returned 0 and that unloaded, "init fails" those whose init
# returned an error (most probe hardware that QEMU lacks: ENODEV, EBUSY,
# ENXIO, EIO), "crashes" those that oopsed or hung.
# Builds and boots are kept in $CHAR24_WORK (default cache/bench/char24),
# keyed by a hash of the ported file and the kernel.
#
# Environment: KERNELS, CHAR24_WORK, MODRUN_TIMEOUT (per module, default
# 30), NOLOAD=1 (build only), FRESH=1 (build everything again).
set -uo pipefail
. "$(dirname "$0")/lib/corpus.sh"
corpus_init char24 || exit 1
tree=${1:-$cache/linux-2.4.22}
kernels=${KERNELS:-6.1 7.3}
work=${CHAR24_WORK:-$cache/bench/char24}
timeout=${MODRUN_TIMEOUT:-30}

if [ ! -d "$tree/drivers/char" ]; then
	echo "char24: no Linux 2.4.22 tree at $tree (see bench/legacy/README.md): skipped"
	exit 0
fi
ok_kernels=
for k in $kernels; do
	if corpus_kernel_ok "$k"; then
		ok_kernels+=" $k"
	else
		echo "char24: kernel $k is not provisioned or has no compiler: skipped" >&2
	fi
done
kernels=${ok_kernels# }
[ -n "$kernels" ] || { echo "char24: no kernel to build for: skipped"; exit 0; }
tree=$(cd "$tree" && pwd -P)
mkdir -p "$work"
work=$(cd "$work" && pwd -P)

files=()
while read -r f; do
	[ "$(wc -l <"$tree/$f")" -lt 1200 ] && files+=("$f")
done < <(perl "$top/bench/legacy/census.pl" "$tree" --list | grep '^drivers/char/[^/]*\.c$')
echo "char24: ${#files[@]} module files of fewer than 1,200 lines in drivers/char" >&2

# local_headers FROM TO FILE: copy into TO the headers that FILE (in TO)
# includes with quotes and that FROM has (the driver's own: wd501p.h,
# ip2/ip2types.h), and theirs in turn.
local_headers() {
	local from=$1 to=$2 todo=("$3") h i
	while [ ${#todo[@]} -gt 0 ]; do
		i=${todo[0]}
		todo=("${todo[@]:1}")
		while read -r h; do
			h=${h#./}
			[ -f "$from/$h" ] && [ ! -e "$to/$h" ] || continue
			mkdir -p "$(dirname "$to/$h")" && cp "$from/$h" "$to/$h"
			todo+=("$h")
		done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$to/$i")
	done
}

# build K FILE: port FILE for K and build it; leaves in
# $work/K/NAME/: src (the ported folder), status, findings, log.
build() {
	local k=$1 f=$2 name d h
	name=$(basename "$f" .c)
	d=$work/$k/$name
	mkdir -p "$d"
	rm -rf "$d/port" && mkdir "$d/port" && cp "$tree/$f" "$d/port/" &&
		echo "obj-m := $name.o" >"$d/port/Kbuild"
	local_headers "$(dirname "$tree/$f")" "$d/port" "$name.c"
	"$modport" fix --in-place --license=GPL --target="$k" "$d/port" >"$d/fix.log" 2>&1
	h=$(corpus_hash "$d/port")-$(corpus_release "$k")
	if [ "${FRESH:-0}" = 1 ] || [ "$(cat "$d/key" 2>/dev/null)" != "$h" ]; then
		rm -rf "$d/src" && mv "$d/port" "$d/src"
		echo "char24: $name on $k" >&2
		corpus_build "$k" "$d/src" "$d/log" make -C "$(corpus_headers "$k")" M="$d/src" modules
		if [ -e "$d/src/$name.ko" ]; then echo ok; else echo fail; fi >"$d/status"
		echo "$h" >"$d/key"
	fi
	rm -rf "$d/port"
	# the findings of this modport, whether the build was kept or not
	corpus_check "$k" "$d/src" "$d/findings" "$d/fix.log" "$d/port"
}

# load K NAME...: the built modules in one modrun --each boot; a verdict
# per module in $work/K/NAME/load (loads, init fails: ERRNO, crashes).
load() {
	local k=$1 n m key log kos=() sub
	shift
	for n in "$@"; do kos+=("$work/$k/$n/src/$n.ko"); done
	key=$(cat "${kos[@]}" | sha256sum | cut -c1-16)
	log=$work/$k/modrun-each.log
	if [ "${FRESH:-0}" = 1 ] || [ "$(cat "$log.key" 2>/dev/null)" != "$key" ]; then
		echo "char24: loading $# modules on $k (one boot)" >&2
		nice "$modrun" -k "$cache/kernels/$k" -t "$timeout" --each "${kos[@]}" >"$log" 2>&1
		echo "$key" >"$log.key"
	fi
	for n in "$@"; do
		m=${n//-/_}	# the module's name: i810-tco.ko is i810_tco
		sub=$(awk -v m="$m" '/# Subtest: /{ cur = $NF } cur == m' "$log")
		if grep -qE "^ *ok [0-9]+ load $m\$" <<<"$sub" &&
			! grep -qE "^ *not ok" <<<"$sub"; then
			echo loads
		elif grep -qE "^ *not ok [0-9]+ load $m\$" <<<"$sub" &&
			grep -qE "error: finit_module: E[A-Z]+" <<<"$sub" &&
			! grep -qiE "oops|BUG:|crash|timed out|panic" <<<"$sub"; then
			echo "init fails: $(grep -oE 'finit_module: E[A-Z]+' <<<"$sub" | head -n 1 | cut -d' ' -f2)"
		elif [ -z "$sub" ]; then
			echo "not run"
		else
			echo "crashes"
		fi >"$work/$k/$n/load"
	done
}

for k in $kernels; do
	built=()
	for f in "${files[@]}"; do
		build "$k" "$f"
		n=$(basename "$f" .c)
		[ "$(cat "$work/$k/$n/status")" = ok ] && built+=("$n")
	done
	[ "${NOLOAD:-0}" = 1 ] || [ ${#built[@]} -eq 0 ] || load "$k" "${built[@]}"
done

# The table: a row per module, a cell per kernel.
printf '%-14s %-5s %-5s %-22s %-5s %s\n' module K build load named "first error"
declare -A nb nl nfail ninit nc nf nn
for f in "${files[@]}"; do
	n=$(basename "$f" .c)
	for k in $kernels; do
		d=$work/$k/$n
		s=$(cat "$d/status")
		l=-
		named=-
		e=-
		if [ "$s" = ok ]; then
			nb[$k]=$((${nb[$k]:-0} + 1))
			l=$(cat "$d/load" 2>/dev/null || echo "not run")
			case $l in
			loads) nl[$k]=$((${nl[$k]:-0} + 1)) ;;
			init*) ninit[$k]=$((${ninit[$k]:-0} + 1)) ;;
			crashes) nc[$k]=$((${nc[$k]:-0} + 1)) ;;
			esac
		else
			err=$(corpus_first_error "$d/log" "$d/src" "$(corpus_headers "$k")")
			named=-		# no error in the log: not counted
			if [ -n "$err" ]; then
				named=$(corpus_named "$err" "$d/findings")
				nf[$k]=$((${nf[$k]:-0} + 1))
				[ "$named" = yes ] && nn[$k]=$((${nn[$k]:-0} + 1))
			fi
			e=$(corpus_short "$err")
		fi
		printf '%-14s %-5s %-5s %-22s %-5s %s\n' "$n" "$k" "$s" "$l" "$named" "$e"
	done
done
echo
for k in $kernels; do
	echo "$k: ${nb[$k]:-0}/${#files[@]} build after modport; of those ${nl[$k]:-0} load and unload, ${ninit[$k]:-0} load but their init fails (absent hardware), ${nc[$k]:-0} crash; first errors named: ${nn[$k]:-0}/${nf[$k]:-0}"
done
