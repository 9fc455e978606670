#!/usr/bin/env bash
# modport --target golden tests (issue 10), under both builds: build files
# (Makefile, Kbuild, *.mk) and LINUX_VERSION_CODE conditionals.  For every
# fixture F in tests/modport/versions/ and every target T of F.targets
# (one per line; "default" is no --target, i.e. the kernels of
# kernels.conf):
#   F.T.check  what `modport check [--target=T] F` prints, then its status
#   F.T.fixed  F after `modport fix [--target=T]`
# Asserted for each: the check output; the diff applies with patch -p1 and
# gives F.T.fixed; --in-place gives the same; fix of F.T.fixed changes
# nothing (idempotence).  Also: the default target is kernels.conf's range,
# and a bad --target is refused.
# MODPORT_REGEN=1 rewrites the expected files from the plain build, for review.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 2
dir=tests/modport/versions
mapfile -t fixtures < <(find "$dir" -name '*.targets' | sed 's/\.targets$//' | LC_ALL=C sort)
bins=("$TOP/build/bin/modport" "$TOP/build/san/bin/modport")
n=0
for f in "${fixtures[@]}"; do n=$((n + $(grep -c . "$f.targets"))); done
plan $(( ${#bins[@]} * n * 4 + 5 ))

tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$T_SIDFILE"' EXIT

targs() { [ "$1" = default ] || echo "--target=$1"; }

if [ -n "${MODPORT_REGEN:-}" ]; then
	for f in "${fixtures[@]}"; do
		while read -r t; do
			# shellcheck disable=SC2046
			{ "${bins[0]}" check $(targs "$t") "$f" 2>&1; echo "exit $?"; } >"$f.$t.check"
			mkdir -p "$tmp/regen/$(dirname "$f")"
			cp -p "$f" "$tmp/regen/$f"
			# shellcheck disable=SC2046
			"${bins[0]}" fix --in-place $(targs "$t") "$tmp/regen/$f" 2>/dev/null
			cp "$tmp/regen/$f" "$f.$t.fixed"
		done <"$f.targets"
	done
fi

one() {	# one BIN FIXTURE TARGET
	local bin=$1 f=$2 t=$3 tag d out status args
	tag="$(basename "$(dirname "$(dirname "$bin")")")/${f#"$dir"/} --target=$t"
	mapfile -t args < <(targs "$t")
	is "$("$bin" check "${args[@]}" "$f" 2>&1; echo "exit $?")" "$(cat "$f.$t.check")" \
		"$tag: check output and status"
	d=$tmp/$RANDOM$RANDOM
	mkdir -p "$d/p/$(dirname "$f")" "$d/i/$(dirname "$f")"
	cp -p "$f" "$d/p/$f"; cp -p "$f" "$d/i/$f"
	"$bin" fix "${args[@]}" "$f" >"$d/diff" 2>"$d/err"; status=$?
	[ "$status" -le 1 ] && (cd "$d/p" && patch -s -p1 <"$d/diff") && cmp -s "$d/p/$f" "$f.$t.fixed"
	ok $? "$tag: the diff applies with patch -p1 and gives the expected file"
	"$bin" fix --in-place "${args[@]}" "$d/i/$f" 2>/dev/null
	cmp -s "$d/i/$f" "$f.$t.fixed"
	ok $? "$tag: --in-place gives the same"
	mkdir -p "$d/again/$(dirname "$f")"
	cp "$f.$t.fixed" "$d/again/$f"
	out=$(cd "$d/again" && "$bin" fix "${args[@]}" "$f" 2>/dev/null)
	is "$out" "" "$tag: idempotent: fix of the fixed file prints no diff"
}

for bin in "${bins[@]}"; do
	for f in "${fixtures[@]}"; do
		while read -r t; do
			one "$bin" "$f" "$t"
		done <"$f.targets"
	done
done

# The default target is the range of kernels.conf's kernels.
range=$(awk '!/^#/ && NF { sub(/-.*/, "", $1); print $1 }' kernels.conf | sort -V -u |
	sed -n '1p;$p' | paste -sd' ' | sed 's/ /../')
like "$(sed -n 's/^#define KV_DEFAULT_TARGET "\(.*\)"$/\1/p' modport/kversion.h)" "^${range//./\\.}\$" \
	"the default target, KV_DEFAULT_TARGET, is kernels.conf's range ($range)"
out=$("${bins[1]}" check --target=7.3..6.1 "$dir/compat.c" 2>&1); status=$?
is "$status" 2 "--target=7.3..6.1: exit status 2"
like "$out" "^modport: --target wants a kernel version" "--target=7.3..6.1: a one-line error"
# Negative control: the resolution is the target's (6.1 keeps what 7.3 drops).
[ "$(cat "$dir/compat.c.6.1.fixed")" != "$(cat "$dir/compat.c.7.3.fixed")" ]
ok $? "compat.c: 6.1 and 7.3 resolve differently"
# No false positive: a modern tree checked for its own kernel keeps only the
# true leftovers of tests/modport-trees.t, no build-file or version finding.
# (sisusb_con.c's con_clear keeps the form that Debian's 6.1.192, which
# took 6.9's console rework, no longer has - but no configuration builds
# the file: USB_SISUSBVGA_CON depends on BROKEN.  sis190.c's dev->quota
# and iosapic.c's slot_name are in arguments their macros drop.)
tree=$CACHE/linux-source-6.1/linux-source-6.1
if [ -d "$tree/drivers" ]; then
	out=$(cd "$tree/.." && "${bins[0]}" check --target=6.1 --ignore=gone,signature linux-source-6.1 2>&1 |
		sed 's/: warning: .*\[/ [/')
	is "$out" "$(cat <<-EOF
	linux-source-6.1/arch/parisc/include/asm/floppy.h:52:13 [void-irq-handler]
	linux-source-6.1/drivers/net/ethernet/3com/3c515.c:1553:6 [implicit-exit]
	linux-source-6.1/drivers/net/ethernet/atheros/atlx/atl2.c:10:1 [module-parm]
	linux-source-6.1/drivers/net/ethernet/atheros/atlx/atl2.c:2773:5 [module-parm]
	linux-source-6.1/sound/pci/pcxhr/pcxhr_mixer.c:2:1 [no-version]
	EOF
	)" "linux-source-6.1 --target=6.1: only the known true leftovers, no build-file or version finding"
else
	T_NUM=$((T_NUM + 1)); echo "ok $T_NUM # SKIP no $tree (make bench unpacks it)"
fi
done_testing
