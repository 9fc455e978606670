#!/usr/bin/env bash
# The matrix machinery on a kernel other than the default, cheap enough for
# `make check`: 6.12 (bookworm-backports: a private apt list in the cache,
# the host's gcc-12) is provisioned, the compiler is checked, hello is built
# by scripts/kbuild and proven by modrun, and the 2.4 listing stops at
# modpost as matrix/expect says; its in-tree modules are xz-compressed, and
# a module that needs one gets it decompressed and loaded first.  The full
# matrix is `make check-matrix`.
KERNEL=6.12
. "$(dirname "$0")/lib.sh"
need make gcc pahole qemu-system-x86_64
plan 14

prov=$("$TOP/scripts/provision-kernel" "$KERNEL" 2>&1); status=$?
diag "$prov"
is "$status" 0 "scripts/provision-kernel $KERNEL"
release=$(cat "$MODRUN_KERNEL/release" 2>/dev/null)
like "$release" '^6\.12\.[0-9]+.*-amd64$' "the release is a 6.12 amd64 kernel"
like "$prov" '^  compiler: .*gcc-12 .* as the kernel was built$' "the headers' compiler is the host's"

dir=$TOP/build/kmod/$KERNEL/matrix-hello
rm -rf "$dir"
mkdir -p "$dir"
cp "$TOP/module/Kbuild" "$TOP/module/hello.c" "$dir/"
log=$("$TOP/scripts/kbuild" "$KERNEL" "$dir" 2>&1); status=$?
is "$status" 0 "scripts/kbuild $KERNEL builds hello" || diag "$log"
unlike "$log" 'warning:|error:' "without warnings"

out=$("$MODRUN" --log "$dir/run.log" -e "Hello, world" -e "Goodbye, cruel world" "$dir/hello.ko"); status=$?
diag "$out"
is "$status" 0 "modrun proves hello in $KERNEL"
grep -qF -- "# modrun: kernel $release " <<<"$out"
ok $? "in the $release guest"
is "$(count "$out" '^# KERN_ALERT +(Hello, world|Goodbye, cruel world)$')" 2 "both lines at KERN_ALERT"

# An in-tree dependency, .ko.xz here: decompressed on the host, loaded first.
like "$(grep -E '^kernel/lib/crc-itu-t\.ko[^:]*:' "$MODRUN_KERNEL/modules/modules.dep")" '^kernel/lib/crc-itu-t\.ko\.xz:' \
	"$KERNEL's own modules are provisioned, xz-compressed"
dep=$TOP/build/kmod/$KERNEL/matrix-crcdep
rm -rf "$dep"
mkdir -p "$dep"
cp "$TOP/tests/modules/crcdep.c" "$dep/"
echo 'obj-m := crcdep.o' >"$dep/Kbuild"
log=$("$TOP/scripts/kbuild" "$KERNEL" "$dep" 2>&1); status=$?
is "$status" 0 "crcdep builds against $KERNEL" || diag "$log"
out=$("$MODRUN" "$dep/crcdep.ko"); status=$?
diag "$out"
is "$status" 0 "modrun proves crcdep in $KERNEL"
order=$(grep -E '^ok [0-9]+ (load|unload) ' <<<"$out" | sed 's/^ok [0-9]* //' | paste -sd'|')
is "$order" "load crc_itu_t|load crcdep|unload crcdep|unload crc_itu_t" "crc_itu_t (from crc-itu-t.ko.xz) loads first, unloads last"

# The 2.4 listing, as matrix/run builds it, fails as matrix/expect says.
leg=$TOP/build/kmod/$KERNEL/matrix-legacy
rm -rf "$leg"
mkdir -p "$leg"
cp "$TOP/legacy/hello-2.4.c" "$leg/hello.c"
echo 'obj-m := hello.o' >"$leg/Kbuild"
log=$("$TOP/scripts/kbuild" "$KERNEL" "$leg" 2>&1); status=$?
[ "$status" -ne 0 ] && [ ! -e "$leg/hello.ko" ]
ok $? "the 2.4 listing fails against $KERNEL headers"
want=$(awk -v k="$KERNEL" '!/^#/ && $1 == k { $1 = $2 = ""; sub(/^ +/, ""); print }' "$TOP/matrix/expect")
line=$(grep -E '(^|: )(ERROR|error)[: ]' <<<"$log" | head -n 1 | sed -E 's#(/[^/ :]+)+/([^/ :]+)#\2#g')
like "$line" "$want" "its first error is matrix/expect's: $line"
done_testing
