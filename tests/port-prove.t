#!/usr/bin/env bash
# Port and prove: every modport fixture meant to build, and the article's
# 2.4 listing, is ported by `modport fix --in-place`, built against the
# kernel's headers, and loaded and unloaded together in one modrun boot.
# Each must print its own lines (the `expect:` comments of the fixture; for
# the 2.4 listing its own 2.4 strings) and must not taint P.
. "$(dirname "$0")/lib.sh"
need make gcc qemu-system-x86_64
MODPORT=${MODPORT:-$TOP/build/bin/modport}
fixtures=("$TOP"/tests/modport/build/*.c)
[ -e "${fixtures[0]}" ] || fixtures=()
n=${#fixtures[@]}
plan $(( 3 * (n + 1) + 4 ))

dir=$TOP/build/kmod/$KERNEL/port-prove
rm -rf "$dir"
mkdir -p "$dir"
cp "$TOP/legacy/hello-2.4.c" "$dir/hello24.c"
for h in "$TOP"/tests/modport/build/*.h; do	# local headers, kept as named
	[ -e "$h" ] && cp "$h" "$dir/"
done
names=(hello24)
for f in "${fixtures[@]}"; do
	name=$(basename "$f" .c | tr -c 'a-zA-Z0-9_\n' _)
	cp "$f" "$dir/$name.c"
	names+=("$name")
done

objs=
for name in "${names[@]}"; do
	out=$("$MODPORT" fix --in-place --license="Dual BSD/GPL" "$dir/$name.c" 2>&1); status=$?
	[ "$status" -le 1 ] || diag "$out"
	[ "$status" -le 1 ]; ok $? "$name: modport fix --in-place succeeds"
	objs="$objs $name.o"
done
echo "obj-m := $objs" >"$dir/Kbuild"
"$TOP/scripts/kbuild" "$KERNEL" "$dir" -k modules >"$dir/build.log" 2>&1
kos=() expects=()
for name in "${names[@]}"; do
	if [ -e "$dir/$name.ko" ]; then ok 0 "$name: the ported module builds"; kos+=("$dir/$name.ko")
	else ok 1 "$name: the ported module builds"; grep -E "$name\.(c|o)" "$dir/build.log" | head -20 | diag "$(cat)"; fi
done
unlike "$(cat "$dir/build.log")" "warning: \"MODULE\" redefined|missing MODULE_LICENSE|section mismatch" "no MODULE redefinition, no missing license, no section mismatch"

expects=(-e "Hello, world" -e "Goodbye cruel world")
for f in "${fixtures[@]}"; do
	while IFS= read -r line; do
		expects+=(-e "$line")
	done < <(sed -n 's|.*/\* expect: \(.*\) \*/.*|\1|p' "$f")
done
out=$("$MODRUN" "${expects[@]}" "${kos[@]}"); status=$?
diag "$out"
is "$status" 0 "modrun proves all ported modules in one boot"
for name in "${names[@]}"; do
	like "$out" "^ok [0-9]+ load $name$" "$name: loads"
done
like "$out" '^# KERN_INFO +Hello, world$' "the 2.4 listing prints its own 2.4 line at its own level: Hello, world"
like "$out" '^# KERN_INFO +Goodbye cruel world$' "and: Goodbye cruel world"
done_testing
