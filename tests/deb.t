#!/usr/bin/env bash
# The Debian packages (issue 19, item 11): `make deb` (dpkg-buildpackage -b
# -us -uc on debian/) builds modrun and modport; lintian finds nothing, at
# its pedantic level too; each holds its binary and manual, modrun its
# kernels.conf and scripts, and declares what it runs (QEMU...); the
# packaged modrun, unpacked anywhere, finds its data and proves a module.
. "$(dirname "$0")/lib.sh"
need dpkg-buildpackage dh lintian git
plan 12
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'

out=$(make -s -C "$TOP" deb 2>&1); status=$?
is "$status" 0 "make deb: dpkg-buildpackage -b -us -uc succeeds"
[ "$status" = 0 ] || diag "$(tail -n 20 <<<"$out")"
deb=$(ls "$TOP"/build/deb/modrun_*_amd64.deb 2>/dev/null | head -n 1)
pdeb=$(ls "$TOP"/build/deb/modport_*_amd64.deb 2>/dev/null | head -n 1)
[ -f "$deb" ] && [ -f "$pdeb" ]; ok $? "the packages modrun and modport are built"
out=$(lintian -I -E --pedantic "$TOP"/build/deb/*.changes 2>&1 | grep -v 'running with root privileges'); status=$?
is "$out" "" "lintian -I -E --pedantic: no error, no warning, no note"
files=$(dpkg-deb -c "$deb" | awk '{ print $6 }')
like "$files" '^\./usr/bin/modrun$' "modrun: the binary"
like "$files" '^\./usr/share/man/man1/modrun\.1\.gz$' "modrun: its manual"
like "$files" '^\./usr/share/modrun/scripts/provision-kernel$' "modrun: kernels.conf's scripts"
like "$(dpkg-deb -f "$deb" Depends)" 'qemu-system-x86' "modrun depends on QEMU"
like "$(dpkg-deb -c "$pdeb" | awk '{ print $6 }')" '^\./usr/bin/modport$' "modport: the binary"

# The packaged modrun, unpacked elsewhere, used from another folder.
dpkg-deb -x "$deb" "$tmp/root"
hello=$(W= build_modules "$TOP/module" deb)/hello.ko
out=$(cd "$tmp" && env -u MODRUN_KERNEL MODRUN_CACHE=$CACHE "$tmp/root/usr/bin/modrun" --list-kernels); status=$?
like "$out" "^# kernels of $tmp/root/usr/share/modrun/kernels\.conf" "the packaged modrun finds its kernels.conf"
out=$(cd "$tmp" && env -u MODRUN_KERNEL MODRUN_CACHE=$CACHE "$tmp/root/usr/bin/modrun" --kernel "$KERNEL" -e "Hello, world" "$hello" 2>&1); status=$?
is "$status" 0 "and proves hello.ko on $KERNEL, by name"
[ "$status" = 0 ] || diag "$out"
like "$out" '^ok [0-9]+ expect "Hello, world"$' "the module said Hello, world"
like "$(cat "$TOP/ci/module-ci.yml")" 'apt-get install -y[^|]*\./modrun/build/deb/modrun_' "the CI template installs the package"
done_testing
