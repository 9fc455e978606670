#!/usr/bin/env bash
# The kernel's own requests for modules (request_module()) served in the
# guest, as a real system's modprobe would: modrun's /init is the kernel's
# usermode modprobe, and the kernel's module tree (cache/kernels/NAME/modules)
# is shared read-only over 9p and mounted on the first request.
# tests/modules/kmodreq.c allocates "md4", which the crypto API asks for as
# "crypto-md4" (crypto/md4.ko, a module on 6.1 and 7.3), and checks MD4("")
# (RFC 1320); with --exec, busybox's "ip link add type dummy" makes the kernel
# ask for "rtnl-link-dummy".  On 6.1, and on 7.3 when provisioned.
# Negative controls: an alias no module has fails as the kernel says
# (request_module() = 256, the load fails) and modrun names it; a kernel
# folder without its modules, or --no-kmod, gets no share, and the same
# request fails; the share cannot be written from the guest.
. "$(dirname "$0")/lib.sh"
need qemu-system-x86_64
plan 48

tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'
# QEMU's command line, recorded by a wrapper around it.
cat >"$tmp/qemu" <<SH
#!/bin/sh
printf '%s\n' "\$@" >"$tmp/qemu.args"
exec qemu-system-x86_64 "\$@"
SH
chmod +x "$tmp/qemu"

build() {	# build KERNEL: the folder with kmodreq.ko built for it
	local d=$TOP/build/kmod/$1/kmodreq
	rm -rf "$d"; mkdir -p "$d"
	cp "$TOP/tests/modules/kmodreq.c" "$d/"
	echo 'obj-m := kmodreq.o' >"$d/Kbuild"
	"$TOP/scripts/kbuild" "$1" "$d" modules >"$d/build.log" 2>&1
	echo $? >"$d/build.status"
	echo "$d"
}

served() {	# served KERNEL: kmodreq's request served (8 tests)
	local k=$1 d out status release
	d=$(build "$k")
	is "$(cat "$d/build.status")" 0 "$k: kmodreq builds"
	release=$(sed 's/[.+]/\\&/g' "$CACHE/kernels/$k/release")	# as a regex
	out=$(MODRUN_QEMU=$tmp/qemu "$MODRUN" --kernel "$CACHE/kernels/$k" "$d/kmodreq.ko" 2>&1); status=$?
	diag "$out"
	is "$status" 0 "$k: modrun kmodreq.ko passes"
	like "$out" "^# kmod: the kernel.s modules, shared read-only: /lib/modules/$release \\(9p; " \
		"$k: the first request mounts the kernel's module tree"
	like "$out" '^# kmod: crypto-md4: md4 loaded \(kernel/crypto/md4\.ko(\.xz)?\)$' \
		"$k: the kernel asks for crypto-md4, and md4.ko is loaded"
	like "$out" '^# KERN_INFO +kmodreq: crypto_alloc_shash\("md4"\): md4-generic, from module md4$' \
		"$k: the module gets md4 from md4.ko"
	like "$out" '^# KERN_INFO +kmodreq: md4 of "": 31d6cfe0d16ae931b73c59d7e0c089c0$' \
		"$k: and MD4(\"\") is RFC 1320's"
	like "$out" '^# taint: O E - ' "$k: the taint judged is kmodreq's own (O E), not md4's"
	like "$(paste -sd' ' "$tmp/qemu.args")" \
		"-fsdev local,id=modrun-kmod,path=[^ ]*/lib/modules/$release,security_model=none,readonly=on -device virtio-9p-pci,fsdev=modrun-kmod,mount_tag=modrun-kmod" \
		"$k: QEMU shares the module folder read-only"
}

served 6.1
if [ -e "$CACHE/kernels/7.3/ready" ]; then
	served 7.3
else
	for i in 1 2 3 4 5 6 7 8; do skip "7.3 is not provisioned (scripts/provision-kernel 7.3)"; done
fi
dir=$TOP/build/kmod/6.1/kmodreq
release=$(cat "$CACHE/kernels/6.1/release")
re=$(sed 's/[.+]/\\&/g' <<<"$release")	# as a regex

# Booted, not restored: the same, the modules of the share from the initramfs.
out=$("$MODRUN" --no-snapshot "$dir/kmodreq.ko" 2>&1); status=$?
diag "$out"
is "$status" 0 "--no-snapshot: passes"
like "$out" '^# kmod: crypto-md4: md4 loaded ' "--no-snapshot: crypto-md4 served"

# A command's request: busybox's ip asks for rtnl-link-dummy.
out=$("$MODRUN" --log "$tmp/dummy.log" -x 'ip link add modrun0 type dummy' -x 'ip link show modrun0' \
	-x 'grep " /lib/modules/" /proc/mounts' \
	-x "! touch /lib/modules/$release/modrun-was-here" \
	"$dir/kmodreq.ko" alg= 2>&1); status=$?
diag "$out"
is "$status" 0 "ip link add type dummy in --exec: passes"
like "$out" '^# kmod: rtnl-link-dummy: dummy loaded \(kernel/drivers/net/dummy\.ko\)$' \
	"the kernel asks for rtnl-link-dummy, and dummy.ko is loaded"
like "$out" '^# [0-9]+: modrun0: <BROADCAST,NOARP> mtu 1500 ' "the dummy link exists"
like "$out" "^# modrun-kmod /lib/modules/$re 9p ro," "the share is mounted read-only"
like "$out" "^ok [0-9]+ exec \"! touch /lib/modules/$re/modrun-was-here\"$" "and cannot be written in the guest"
[ ! -e "$CACHE/kernels/6.1/modules/modrun-was-here" ]
ok $? "nor on the host"
out=$("$MODRUN" parse "$tmp/dummy.log" 2>&1); status=$?
is "$status" 0 "modrun parse of the saved log: passes"
like "$out" '^# kmod: rtnl-link-dummy: dummy loaded \(kernel/drivers/net/dummy\.ko\)$' "and says what was served"

# A command's modprobe is the guest's too (busybox's knows no module tree):
# a module of the kernel's with a parameter, removed, and what is not there.
out=$("$MODRUN" -x 'modprobe loop max_loop=4' -x 'cat /sys/module/loop/parameters/max_loop' \
	-x 'modprobe -r loop' -x '! test -d /sys/module/loop' \
	-x 'modprobe modrun-no-such-module; test $? = 1' -x 'modprobe -r loop; test $? = 1' \
	"$dir/kmodreq.ko" alg= 2>&1); status=$?
diag "$out"
is "$status" 0 "modprobe in --exec: passes"
like "$out" '^# modprobe: loop: loop loaded \(kernel/drivers/block/loop\.ko\)$' "modprobe loop loads the kernel's loop.ko"
like "$out" '^# 4$' "with its parameter max_loop=4"
# The kernel's record of it is in the same step: an unended record (no
# newline) stayed open until the unload's message closed it.
like "$(sed -n '/^# exec: "modprobe loop max_loop=4"$/,/^ok [0-9]* exec "modprobe loop/p' <<<"$out")" \
	'^# kmod: loop: loop loaded \(kernel/drivers/block/loop\.ko\)$' \
	"the kernel log's record of it comes in the command's own step"
like "$out" '^ok [0-9]+ exec "modprobe -r loop"$' "modprobe -r loop removes it"
like "$out" '^ok [0-9]+ exec "! test -d /sys/module/loop"$' "and it is gone"
like "$out" '^# modprobe: modrun-no-such-module: no module of the kernel.s has this name or alias$' "a name no module has: said, exit status 1"
like "$out" '^# modprobe: loop: not loaded$' "-r of what is not loaded: said, exit status 1"
unlike "$out" "can't change directory to '/lib/modules'" "busybox's modprobe is not the one run"

# Negative control: an alias no module has.
out=$("$MODRUN" "$dir/kmodreq.ko" alias=modrun-no-such-alias alg= 2>&1); status=$?
diag "$out"
is "$status" 1 "request_module(\"modrun-no-such-alias\"): modrun fails"
like "$out" '^# kmod: modrun-no-such-alias: no module of the kernel.s has this name or alias$' "modrun says no module has it"
like "$out" '^# KERN_INFO +kmodreq: request_module\("modrun-no-such-alias"\) = 256$' "the kernel says modprobe failed (exit status 1)"
like "$out" '^not ok 1 load kmodreq$' "the module's load fails"
like "$out" '^# error: finit_module: ENOENT ' "with ENOENT"
unlike "$out" 'loaded \(' "nothing was loaded for it"

# Negative control: a kernel folder without its modules has no share.
mkdir "$tmp/k"
ln -s "$CACHE/kernels/6.1/vmlinux" "$CACHE/kernels/6.1/release" "$tmp/k/"
out=$(MODRUN_QEMU=$tmp/qemu "$MODRUN" --no-snapshot --kernel "$tmp/k" "$dir/kmodreq.ko" 2>&1); status=$?
diag "$out"
is "$status" 1 "without the kernel's modules: modrun fails"
like "$out" '^# kmod: crypto-md4: the kernel.s modules are not in the guest ' "modrun says the modules are not in the guest"
like "$out" '^# KERN_ERR +kmodreq: crypto_alloc_shash\("md4"\) = -2$' "and md4 is not found: -ENOENT, as on a machine without modprobe"
unlike "$(cat "$tmp/qemu.args")" 'fsdev' "QEMU gets no share"

# Negative control: --no-kmod, restored.
out=$(MODRUN_QEMU=$tmp/qemu "$MODRUN" --no-kmod "$dir/kmodreq.ko" 2>&1); status=$?
diag "$out"
is "$status" 1 "--no-kmod: modrun fails"
like "$out" '^# kmod: crypto-md4: the kernel.s modules are not in the guest \(--no-kmod' "modrun says the modules are not in the guest"
unlike "$(cat "$tmp/qemu.args")" 'fsdev' "QEMU gets no share"
done_testing
