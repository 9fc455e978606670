#!/usr/bin/env bash
# DKMS: Debian's dkms adds and builds the hello module from dkms.conf against
# a provisioned kernel's headers (--kernelsourcedir, -k RELEASE), in a private
# dkms tree (--dkmstree, --sourcetree, --installtree under build/dkms), and
# modrun proves the module dkms built.  Never `dkms install`: nothing goes
# into the host's /lib/modules, /usr/src or /var/lib/dkms, and the test
# checks that.  KERNEL picks the kernel (default 6.1).
. "$(dirname "$0")/lib.sh"
need dkms make gcc qemu-system-x86_64

if [ "$(id -u)" != 0 ]; then
	echo "1..0 # SKIP dkms add wants root"
	exit 0
fi
"$TOP/scripts/provision-kernel" "$KERNEL" >/dev/null 2>&1 || {
	echo "1..1"; echo "not ok 1 - kernel $KERNEL cannot be provisioned (scripts/provision-kernel $KERNEL)"; exit 1; }
# A kernel whose headers want another release's compiler (7.x on Debian
# 12): dkms runs inside that build root (scripts/kbuild --run), the build
# folder bound in at its own path, as the headers are.
buildroot=$(cat "$MODRUN_KERNEL/buildroot")
plan 14

release=$(cat "$MODRUN_KERNEL/release")
kdir=$KDIR
T=$TOP/build/dkms/$KERNEL
rm -rf "$T"
mkdir -p "$T/src" "$T/tree" "$T/lib-modules"

# What users put in /usr/src: dkms.conf and module/, nothing else.
src=$T/src/hello-1.0
mkdir -p "$src/module"
cp "$TOP/dkms.conf" "$src/"
cp "$TOP/module/Kbuild" "$TOP/module/Makefile" "$TOP/module/hello.c" "$src/module/"

trees=(--dkmstree "$T/tree" --sourcetree "$T/src" --installtree "$T/lib-modules")
# dkms signs with the Debian kbuild's sign-file and a key it would create in
# /var/lib/dkms: point it at nothing, so that it never signs nor creates a key.
signing=(sign_file=$T/no-sign-file mok_signing_key=$T/no-key mok_certificate=$T/no-cert)
dkms() {
	if [ "$buildroot" = host ]; then
		env "${signing[@]}" dkms "$@"
	else
		"$TOP/scripts/kbuild" --run "$KERNEL" "$T" -- env "${signing[@]}" dkms "$@"
	fi
}
out=$(dkms --version 2>&1); status=$?
is "$status" 0 "dkms runs $([ "$buildroot" = host ] && echo "on the host" || echo "inside the $buildroot build root") ($out)"

host_state() {
	ls -la --time-style=+%s /var/lib/dkms 2>&1
	ls -la --time-style=+%s /lib/modules 2>&1
	ls -d /usr/src/hello-* 2>&1
}
before=$(host_state)

out=$(dkms add hello/1.0 "${trees[@]}" 2>&1); status=$?
diag "$out"
is "$status" 0 "dkms add hello/1.0 (private tree)"
[ "$(readlink "$T/tree/hello/1.0/source")" = "$src" ]
ok $? "the dkms tree links the source folder"

out=$(dkms build hello/1.0 -k "$release" --kernelsourcedir "$kdir" "${trees[@]}" 2>&1); status=$?
diag "$out"
is "$status" 0 "dkms build hello/1.0 -k $release --kernelsourcedir cache/kernels/$KERNEL/build"
unlike "$out" '^Signing module' "dkms does not sign (no key is created)"
built=$T/tree/hello/1.0/$release/$(uname -m)/module/hello.ko
[ -f "$built" ]; ok $? "dkms keeps the built module in its tree"
is "$(modinfo -F vermagic "$built" 2>/dev/null | awk '{ print $1 }')" "$release" "its vermagic is the provisioned kernel's"
like "$(cat "$T/tree/hello/1.0/$release/$(uname -m)/log/make.log" 2>/dev/null)" "^make -C $kdir M=$T/tree/hello/1\\.0/build/module modules$" "dkms.conf's MAKE builds module/ against the given headers"

out=$(dkms status hello/1.0 "${trees[@]}" 2>&1)
is "$out" "hello/1.0, $release, $(uname -m): built" "dkms status: built (not installed)"

out=$("$MODRUN" --log "$T/run.log" -e "Hello, world" -e "Goodbye, cruel world" "$built"); status=$?
diag "$out"
is "$status" 0 "modrun proves the module dkms built"
like "$out" '^# taint: O E - ' "it taints O E only"

out=$(dkms remove hello/1.0 --all "${trees[@]}" 2>&1); status=$?
diag "$out"
is "$status" 0 "dkms remove --all"
is "$(dkms status "${trees[@]}" 2>&1)" "" "the private tree is empty again"

is "$(host_state)" "$before" "the host's /var/lib/dkms, /lib/modules and /usr/src are untouched"
done_testing
