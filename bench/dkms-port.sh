#!/usr/bin/env bash
# dkms-port.sh [CORPUS]: Debian's out-of-tree drivers on a new kernel, as
# they are, after modport, and as their maintainers ported them (issue 17).
#
# CORPUS (default cache/dkms, made by scripts/fetch-dkms) holds the DKMS
# packages of bookworm (CORPUS/bookworm/NAME) and trixie's versions of the
# same packages (CORPUS/trixie/NAME), unpacked with dpkg-deb -x: the
# sources are in usr/src/NAME-VERSION with their dkms.conf.  None of it is
# part of this repository: when CORPUS is absent the script says so and
# exits 0.
#
# Each package is built the way dkms builds it (its dkms.conf's MAKE line,
# or make -C $kernel_source_dir M=..., with $kernelver, $kernel_source_dir
# and the build folder $dkms_tree/NAME/VERSION/build given) for each kernel
# of $KERNELS (default "6.1 7.3"; 7.3 in its build root, through
# scripts/kbuild): it builds when every BUILT_MODULE_NAME.ko is made.
# Nothing is installed.  Three versions side by side:
#   as-is      bookworm's sources unchanged;
#   modport    a copy after `modport fix --in-place --target=$TARGET`
#              (default 6.1..7.3: one source for both kernels);
#   trixie     trixie's version of the package (the maintainers' port).
# For each build that fails: its first error (compiler, modpost or make),
# and whether `modport check --target=K` over the sources built names it
# (a finding on the error's file and line; for a missing header, on its
# #include line).  Builds are kept in $DKMS_WORK (default
# cache/bench/dkms), keyed by a hash of the sources and the kernel, so a
# second run only builds what changed.
#
# Environment: KERNELS, TARGET, DKMS_WORK, PACKAGES (default: all in
# CORPUS/bookworm), JOBS (make -j, default 1: with more, which error comes
# first depends on timing), FRESH=1 (build everything again).
set -uo pipefail
. "$(dirname "$0")/lib/corpus.sh"
corpus_init dkms || exit 1
corpus=${1:-$cache/dkms}
kernels=${KERNELS:-6.1 7.3}
target=${TARGET:-6.1..7.3}
work=${DKMS_WORK:-$cache/bench/dkms}
jobs=${JOBS:-1}	# -j1: which error comes first does not depend on timing

if [ ! -d "$corpus/bookworm" ]; then
	echo "dkms: no DKMS corpus at $corpus (scripts/fetch-dkms fetches it): skipped"
	exit 0
fi
for k in $kernels; do
	corpus_kernel_ok "$k" || { echo "dkms: kernel $k is not provisioned or has no compiler: skipped"; exit 0; }
done
packages=${PACKAGES:-$(cd "$corpus/bookworm" && ls)}
variants="as-is modport trixie"
mkdir -p "$work"
work=$(cd "$work" && pwd -P)

srcdir() {	# SUITE NAME: the package's source folder (with its dkms.conf)
	local d
	for d in "$corpus/$1/$2"/usr/src/*/; do
		[ -e "$d/dkms.conf" ] && { (cd "$d" && pwd -P); return 0; }
	done
	return 1
}

# dkms_conf CONF TREE K: what dkms reads from CONF for a build in TREE
# for kernel K: line 1 NAME, line 2 VERSION, line 3 the make command,
# then the module names.
dkms_conf() {
	(
		kernelver=$(corpus_release "$3")
		kernel_source_dir=/lib/modules/$kernelver/build
		dkms_tree=$2 arch=x86_64 source_tree=/usr/src
		set +u
		. "$1" >/dev/null 2>&1
		echo "$PACKAGE_NAME"
		echo "$PACKAGE_VERSION"
		cmd=${MAKE[0]:-}
		[ -n "$cmd" ] || cmd="make -C $kernel_source_dir M=$dkms_tree/$PACKAGE_NAME/$PACKAGE_VERSION/build"
		echo "$cmd" | tr '\n' ' ' | sed 's/\\ / /g'
		echo
		printf '%s\n' "${BUILT_MODULE_NAME[@]}"
	)
}

# build VARIANT NAME K SRC: build SRC (a copy) for K; leaves in
# $work/results/NAME/VARIANT-K: status (ok/fail), error, findings, log.
build() {
	local v=$1 name=$2 k=$3 src=$4 res h tree conf pname pver cmd bdir m ok
	res=$work/results/$name/$v-$k
	h=$(corpus_hash "$src")-$(corpus_release "$k")-j$jobs
	mkdir -p "$res"
	tree=$work/build/$name/$v-$k
	mapfile -t conf < <(dkms_conf "$src/dkms.conf" "$tree" "$k")
	pname=${conf[0]} pver=${conf[1]} cmd=${conf[2]}
	bdir=$tree/$pname/$pver/build
	if [ "${FRESH:-0}" = 1 ] || [ "$(cat "$res/key" 2>/dev/null)" != "$h" ]; then
		rm -rf "$tree" "$res"/*
		mkdir -p "$bdir" && cp -a "$src/." "$bdir/"
		echo "dkms: $name: $v on $k" >&2
		corpus_build "$k" "$bdir" "$res/log" bash -c \
			'export MAKEFLAGS=-j$1; eval "$2"' make "$jobs" "$cmd"
		ok=ok
		for m in "${conf[@]:3}"; do
			[ -n "$(find "$bdir" -name "$m.ko" -print -quit)" ] || ok=fail
		done
		echo "$ok" >"$res/status"
		echo "$h" >"$res/key"
	fi
	# what this modport says of the sources built (again every run: the
	# build is kept, modport may have learnt)
	if [ "$v" = modport ]; then
		corpus_check "$k" "$src" "$res/findings" "$work/port/$name.log" "$src"
	else
		corpus_check "$k" "$src" "$res/findings"
	fi
	corpus_first_error "$res/log" "$bdir" "$(corpus_headers "$k")" >"$res/error"
}

# port NAME SRC: a copy of SRC after modport fix, in $work/port/NAME.
port() {
	local name=$1 src=$2 p=$work/port/$1
	rm -rf "$p" && mkdir -p "$p" && cp -a "$src/." "$p/" &&
		"$modport" fix --in-place --target="$target" "$p" >"$work/port/$name.log" 2>&1
	echo "$p"
}

for name in $packages; do
	b=$(srcdir bookworm "$name") || { echo "dkms: $name: no sources in $corpus/bookworm/$name" >&2; continue; }
	for k in $kernels; do
		for v in $variants; do
			case $v in
			as-is) src=$b ;;
			modport) src=$work/port/$name
				[ "$k" = "${kernels%% *}" ] && port "$name" "$b" >/dev/null ;;
			trixie) src=$(srcdir trixie "$name") || continue ;;
			esac
			build "$v" "$name" "$k" "$src"
		done
	done
done

# The table: one row per package, then one line per failure.
declare -A nb nn nf
printf '%-16s' package
for v in $variants; do for k in $kernels; do printf ' %-14s' "$k $v"; done; done
echo
for name in $packages; do
	printf '%-16s' "$name"
	for v in $variants; do
		for k in $kernels; do
			s=$(cat "$work/results/$name/$v-$k/status" 2>/dev/null || echo -)
			printf ' %-14s' "$s"
			[ "$s" = ok ] && nb[$v-$k]=$((${nb[$v-$k]:-0} + 1))
		done
	done
	echo
	for v in $variants; do
		for k in $kernels; do
			r=$work/results/$name/$v-$k
			[ "$(cat "$r/status" 2>/dev/null)" = fail ] || continue
			err=$(cat "$r/error")
			named=-		# no error in the log: not counted
			if [ -n "$err" ]; then
				named=$(corpus_named "$err" "$r/findings")
				nf[$v]=$((${nf[$v]:-0} + 1))
				[ "$named" = yes ] && nn[$v]=$((${nn[$v]:-0} + 1))
			fi
			printf '    %-4s %-8s named: %-3s %s\n' "$k" "$v" "$named" "$(corpus_short "$err")"
		done
	done
done
n=$(wc -w <<<"$packages")
echo
for v in $variants; do
	line="$v:"
	sep=" "
	for k in $kernels; do
		line+="$sep${nb[$v-$k]:-0}/$n build on $k"
		sep=", "
	done
	echo "$line; first errors named: ${nn[$v]:-0}/${nf[$v]:-0}"
done
