#!/usr/bin/env bash
# ldd3.sh [ORIG [HUMAN]]: the LDD3 proof of modport (issue 10).
#
# ORIG is the Linux Device Drivers 3rd edition examples as published (the
# first commit of martinezjavier/ldd3; default cache/ldd3-orig), HUMAN the
# same repository's HEAD, ported by hand over 15 years (default
# cache/ldd3-human).  Neither is part of this repository: when ORIG is
# absent the script says so and exits 0.
#
# For each kernel of $KERNELS (default "6.1 6.12 7.3"; 7.3 builds in its
# trixie build root, as root, through scripts/kbuild --own), every one of
# the 27 modules is built with its directory's own Makefile:
#   as-is      ORIG unchanged;
#   modport    a copy of ORIG after `modport fix --in-place [--target=K]`
#              (sources and Makefiles);
#   human      HUMAN unchanged.
# The modules that modport's port builds are loaded in modrun, all in one
# boot per kernel with --each (sculld, which needs lddbus, in a boot of its
# own after it); with modrun --exec, the guest scripts of bench/ldd3-guest/
# check behaviour (scull write/read back and its ioctls, scullpipe blocking and waking,
# sleepy and complete blocking and waking, seq's /proc file, short's
# interrupts in its three modes and shortprint's, on QEMU's parallel port, scullc/scullp/scullv
# write/read back and scullp's and scullv's mmap, jit's and jiq's /proc files, snull's two interfaces pinging each other).  Prints one table, and the time modport takes
# to port the whole tree.
#
# A directory's Makefile builds several modules (misc-modules: 11, tty: 2);
# when one fails, kbuild links none, so each module is then built again on
# its own: a Kbuild file that includes the directory's Makefile and keeps
# only that module in obj-m (its flags, its objects, its Makefile).
#
# Environment: KERNELS, LDD3_WORK (default build/ldd3), MODRUN_TIMEOUT (60),
# JOBS (make -j, default 2).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd -P)
cache=${CACHE:-$top/cache}
orig=${1:-$cache/ldd3-orig}
human=${2:-$cache/ldd3-human}
kernels=${KERNELS:-6.1 6.12 7.3}
work=${LDD3_WORK:-$top/build/ldd3}
jobs=${JOBS:-2}
timeout=${MODRUN_TIMEOUT:-60}
modport=$top/build/bin/modport
modrun=$top/build/bin/modrun
guest=$top/bench/ldd3-guest

if [ ! -d "$orig/scull" ]; then
	echo "ldd3: no LDD3 corpus at $orig (the first commit of martinezjavier/ldd3): skipped"
	exit 0
fi
[ -d "$human/scull" ] || { echo "ldd3: no human port at $human: its column is left empty"; human=; }
for t in "$modport" "$modrun"; do
	[ -x "$t" ] || make -C "$top" -s "${t#"$top"/}" >/dev/null ||
		{ echo "ldd3: cannot build $t" >&2; exit 1; }
done

# The 27 modules: name, directory, modules loaded before it.
modules=(
	hello:misc-modules hellop:misc-modules seq:misc-modules
	jit:misc-modules jiq:misc-modules sleepy:misc-modules
	complete:misc-modules silly:misc-modules faulty:misc-modules
	kdatasize:misc-modules kdataalign:misc-modules
	scull:scull scullc:scullc sculld:sculld:lddbus scullp:scullp
	scullv:scullv sbull:sbull snull:snull short:short
	shortprint:shortprint pci_skel:pci simple:simple
	usb-skeleton:usb tiny_tty:tty tiny_serial:tty lddbus:lddbus skull:skull
)
dirs=$(printf '%s\n' "${modules[@]}" | cut -d: -f2 | sort -u)

modport_target=()
"$modport" --help 2>&1 | grep -q -- --target && modport_target=(--target)
has_exec=0 has_each=0
"$modrun" --help 2>&1 | grep -q -- --exec && has_exec=1
"$modrun" --help 2>&1 | grep -q -- --each && has_each=1

declare -A built loads behaves

# short and shortprint drive a parallel port: QEMU gets one (bench/ldd3-qemu).
export LDD3_QEMU=${MODRUN_QEMU:-qemu-system-x86_64}
export MODRUN_QEMU=$top/bench/ldd3-qemu

# scull's ioctl test runs a static helper in the guest (busybox has no ioctl).
mkdir -p "$work"
gcc -std=c11 -static -O2 -o "$work/scull-ioctl" "$guest/scull-ioctl.c" ||
	echo "ldd3: cannot build $guest/scull-ioctl.c (static libc): scull's ioctl test will fail" >&2
gcc -std=c11 -static -O2 -o "$work/mmap-read" "$guest/mmap-read.c" ||
	echo "ldd3: cannot build $guest/mmap-read.c (static libc): scullp's and scullv's mmap tests will fail" >&2

# build TREE KERNEL TAG: build every module directory of TREE with its own
# Makefile; sets built[TAG/KERNEL/MODULE] to y or n.
build_tree() {
	local tree=$1 k=$2 tag=$3 d m dir mods rest log
	for d in $dirs; do
		dir=$tree/$d
		log=$dir/ldd3-build.log
		scripts_kbuild "$k" "$dir" -k -j"$jobs" >"$log" 2>&1
		mods=()
		for m in "${modules[@]}"; do
			IFS=: read -r name md rest <<<"$m"
			[ "$md" = "$d" ] && mods+=("$name")
		done
		for name in "${mods[@]}"; do
			if [ ! -e "$dir/$name.ko" ] && [ ${#mods[@]} -gt 1 ]; then
				# Alone: the directory's Makefile, obj-m cut to this module.
				printf 'include %s/Makefile\nobj-m := $(filter %s.o,$(obj-m))\n' \
					"$dir" "$name" >"$dir/Kbuild"
				scripts_kbuild "$k" "$dir" -k >>"$log.$name" 2>&1
				rm -f "$dir/Kbuild"
			fi
			if [ -e "$dir/$name.ko" ]; then built[$tag/$k/$name]=y
			else built[$tag/$k/$name]=n; fi
		done
	done
}

scripts_kbuild() {	# scripts_kbuild KERNEL DIR MAKE-ARGS...
	local k=$1 dir=$2; shift 2
	[ -e "$dir/Makefile" ] || return 1
	"$top/scripts/kbuild" --own "$k" "$dir" "$@"
}

# guest_args: modrun's --file and --exec for the behaviour tests (none
# without --exec): every script of bench/ldd3-guest/, and run.sh, which
# runs the one of the module loaded.
guest_args() {	# guest_args BASE
	local f
	[ $has_exec = 1 ] || return 0
	for f in "$guest"/*.sh; do
		printf '%s\n' --file "$f:/ldd3-$(basename "$f")"
	done
	# short's script loads it again with tasklet=1, then wq=1
	[ -e "$1/short/short.ko" ] && printf '%s\n' --file "$1/short/short.ko:/ldd3-short.ko"
	[ -x "$work/scull-ioctl" ] && printf '%s\n' --file "$work/scull-ioctl:/ldd3-scull-ioctl"
	[ -x "$work/mmap-read" ] && printf '%s\n' --file "$work/mmap-read:/ldd3-mmap-read"
	printf '%s\n' --exec "sh /ldd3-run.sh"
}

# The lines a module must print (its behaviour, in the kernel log): the
# book's hello and hellop, kdatasize's and kdataalign's tables, and faulty's
# oops (its guest script writes to it; the oops ends the boot).
log_behaviour() {	# log_behaviour NAME: extended regexps, one a line
	case $1 in
	hello) printf '%s\n' 'KERN_ALERT +Hello, world$' 'KERN_ALERT +Goodbye, cruel world$' ;;
	hellop) printf '%s\n' 'KERN_ALERT +\(0\) Hello, world$' 'KERN_ALERT +Goodbye, cruel world$' ;;
	kdatasize) printf '%s\n' 'arch +Size: +char +short +int +long +ptr long-long' 'x86_64 +1 +2 +4 +8 +8 +8 +1 +2 +4 +8$' ;;
	kdataalign) printf '%s\n' 'arch +Align: +char +short +int +long +ptr long-long' 'x86_64 +1 +2 +4 +8 +8 +8 +1 +2 +4 +8$' ;;
	faulty) printf '%s\n' 'crash: .*BUG: kernel NULL pointer dereference' ;;
	esac
}

# verdicts KERNEL LOG NAME...: loads and behaves from modrun's KTAP (with
# --each, a subtest per module, indented).  kdatasize and kdataalign load
# as the book's do: their init prints the table and fails with ENODEV.
verdicts() {
	local k=$1 log=$2 name sub re want; shift 2
	for name in "$@"; do
		sub=$(awk -v m="$name" '/# Subtest: /{ cur = $NF } cur == m || !each' each="${each:-0}" "$log")
		# What loading looks like: the steps that must pass (or fail).
		case $name in
		faulty) want=("ok [0-9]+ load $name") ;;	# its write oopses, by design
		kdatasize|kdataalign) want=("not ok [0-9]+ load $name" "error: finit_module: ENODEV") ;;
		*) want=("ok [0-9]+ load $name" "ok [0-9]+ unload $name") ;;
		esac
		loads[$k/$name]=y
		for re in "${want[@]}"; do
			grep -qE "^ *(# )?$re\$|^ *# $re" <<<"$sub" || loads[$k/$name]=n
		done
		if [ -n "$(log_behaviour "$name")" ]; then
			behaves[$k/$name]=y
			while read -r re; do
				grep -qE "$re" <<<"$sub" || behaves[$k/$name]=n
			done < <(log_behaviour "$name")
			[ "${loads[$k/$name]}" = y ] || behaves[$k/$name]=n
		elif [ $has_exec = 0 ]; then
			behaves[$k/$name]="n/a"
		elif [ ! -e "$guest/$name.sh" ]; then
			behaves[$k/$name]="-"
		elif [ "${loads[$k/$name]}" = y ] &&
			grep -E '^ *(not )?ok [0-9]+ exec' <<<"$sub" | grep -q '^ *ok'; then
			behaves[$k/$name]=y
		else
			behaves[$k/$name]=n
		fi
	done
}

# prove KERNEL BASE: every module the port built, in one modrun boot
# (--each when modrun has it, else one boot per module); a module that
# needs another (sculld: lddbus) gets a boot of its own, that one first.
prove() {
	local k=$1 base=$2 m name d deps kos=() names=() args=() log
	mapfile -t args < <(guest_args "$base")
	for m in "${modules[@]}"; do
		IFS=: read -r name d deps <<<"$m"
		[ "${built[port/$k/$name]}" = y ] || continue
		if [ -n "$deps" ] || [ $has_each = 0 ]; then
			kos=()
			for dep in ${deps//,/ }; do kos+=("$base/$dep/$dep.ko"); done
			log=$base/$d/ldd3-modrun-$name.log
			"$modrun" -k "$cache/kernels/$k" -t "$timeout" "${args[@]}" \
				"${kos[@]}" "$base/$d/$name.ko" >"$log" 2>&1
			verdicts "$k" "$log" "$name"
		else
			names+=("$name")
			kos+=("$base/$d/$name.ko")
		fi
	done
	[ ${#names[@]} -gt 0 ] || return 0
	log=$base/ldd3-modrun-each.log
	"$modrun" -k "$cache/kernels/$k" -t "$timeout" --each "${args[@]}" "${kos[@]}" >"$log" 2>&1
	each=1 verdicts "$k" "$log" "${names[@]}"
}

port_time=
for k in $kernels; do
	if [ ! -e "$cache/kernels/$k/ready" ]; then
		echo "ldd3: kernel $k is not provisioned (scripts/provision-kernel $k): skipped" >&2
		continue
	fi
	base=$work/$k
	rm -rf "$base"
	mkdir -p "$base"
	cp -r "$orig" "$base/orig"
	cp -r "$orig" "$base/port"
	[ -n "$human" ] && cp -r "$human" "$base/human"
	tgt=()
	[ ${#modport_target[@]} -gt 0 ] && tgt=(--target="$k")
	t0=$(date +%s%N)
	"$modport" fix --in-place "${tgt[@]}" "$base/port" >"$base/modport.log" 2>&1
	t1=$(date +%s%N)
	port_time+="$k: $(( (t1 - t0) / 1000000 )) ms; "
	echo "ldd3: kernel $k: building (as-is, after modport${human:+, human port})" >&2
	build_tree "$base/orig" "$k" orig
	build_tree "$base/port" "$k" port
	[ -n "$human" ] && build_tree "$base/human" "$k" human
	echo "ldd3: kernel $k: loading" >&2
	for m in "${modules[@]}"; do
		name=${m%%:*}
		loads[$k/$name]=-
		behaves[$k/$name]=-
	done
	prove "$k" "$base/port"
done

# The table: one cell per kernel, in the order of $kernels.
cells() {	# cells ARRAY-NAME KEY-PREFIX-FN MODULE
	local arr=$1 pfx=$2 name=$3 k v out=
	for k in $kernels; do
		eval "v=\${$arr[$pfx$k/$name]:-·}"
		out+="$v "
	done
	echo "${out% }"
}
count() {	# count ARRAY-NAME KEY-PREFIX KERNEL
	local arr=$1 pfx=$2 k=$3 m name n=0 v
	for m in "${modules[@]}"; do
		name=${m%%:*}
		eval "v=\${$arr[$pfx$k/$name]:-}"
		[ "$v" = y ] && n=$((n + 1))
	done
	echo $n
}

echo
echo "LDD3 on kernels $kernels (cells in that order; y yes, n no, - not tried, · not run)"
echo
echo "| module | builds as-is | after modport | loads | behaves | human port |"
echo "|---|---|---|---|---|---|"
for m in "${modules[@]}"; do
	name=${m%%:*}
	echo "| $name | $(cells built orig/ "$name") | $(cells built port/ "$name") | $(cells loads '' "$name") | $(cells behaves '' "$name") | $(cells built human/ "$name") |"
done
tot() { local k o=; for k in $kernels; do o+="$(count "$1" "$2" "$k") "; done; echo "${o% }"; }
echo "| **of 27** | $(tot built orig/) | $(tot built port/) | $(tot loads '') | $(tot behaves '') | $(tot built human/) |"
echo
[ $has_exec = 0 ] && echo "behaves: n/a (no --exec in this modrun)"
echo "loads: kdatasize and kdataalign as the book's: the init prints its table and fails with ENODEV; faulty loads, and its write oopses (NULL pointer dereference) as the book's does"
echo "behaves: a guest test (bench/ldd3-guest/) or the lines the module must print; - none"
echo "modport fix --in-place over the whole tree: ${port_time% ; }"
echo "logs: $work/KERNEL/{orig,port,human}/DIR/ldd3-build.log, ldd3-modrun-MODULE.log"
