#!/usr/bin/env bash
# make check-install: the issue's proof of an installed modrun.  From a
# fresh clone of this checkout's HEAD: make, make install DESTDIR=...; then,
# from another folder and with an empty cache (XDG_CACHE_HOME), the installed
# modrun builds a module written outside the repository and proves it on
# 6.1 and 6.12 by kernel name, provisioning each kernel on first use; a
# second run reuses the cache.  Downloads two kernels: not in make check.
. "$(dirname "$0")/../lib.sh"
need git make gcc qemu-system-x86_64
kernels=(${INSTALL_KERNELS:-6.1 6.12})
plan $((5 + 5 * ${#kernels[@]}))
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'

git clone -q "$TOP" "$tmp/clone"; ok $? "a fresh clone"
out=$(make -s -C "$tmp/clone" 2>&1); status=$?
is "$status" 0 "make (every tool)"
[ "$status" = 0 ] || diag "$out"
make -s -C "$tmp/clone" install DESTDIR="$tmp/dest" PREFIX=/usr >/dev/null 2>&1
ok $? "make install DESTDIR=... PREFIX=/usr"
bin=$tmp/dest/usr/bin/modrun

mkdir -p "$tmp/work"
cd "$tmp/work" || exit 1
unset MODRUN_KERNEL MODRUN_CACHE CACHE
export XDG_CACHE_HOME=$tmp/xdg
# Provisioning killed halfway (SIGKILL while it downloads): the next run
# sees that the kernel is not complete (no ready mark) and does it again.
k=${kernels[0]}
mkdir -p "hello-$k"
cp "$TOP/module/hello.c" "$TOP/module/Kbuild" "hello-$k/"
setsid "$bin" build --kernel "$k" "hello-$k" >"$tmp/killed.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do grep -q "provision-kernel: $k: downloading" "$tmp/killed.log" && break; sleep 0.1; done
sleep 2
kill -KILL -- -"$pid" 2>/dev/null
wait "$pid" 2>/dev/null
[ ! -e "$XDG_CACHE_HOME/modrun/kernels/$k/ready" ]; ok $? "$k: provisioning killed while it downloads leaves no ready mark"
like "$("$bin" --list-kernels)" "^$k +[^ ]+ +not provisioned$" "$k: and --list-kernels says it is not provisioned"

for k in "${kernels[@]}"; do
	rm -rf "hello-$k"; mkdir "hello-$k"
	cp "$TOP/module/hello.c" "$TOP/module/Kbuild" "hello-$k/"
	t0=$(date +%s)
	out=$("$bin" build --kernel "$k" "hello-$k" 2>&1); status=$?
	t1=$(date +%s)
	is "$status" 0 "$k: modrun build provisions the kernel on first use and builds ($((t1 - t0)) s)"
	[ "$status" = 0 ] || diag "$(tail -20 <<<"$out")"
	like "$out" "provision-kernel: $k: downloading [0-9]+ package\\(s\\), [0-9.]+ MB" "$k: the provisioning's progress is shown"
	out=$("$bin" --kernel "$k" -e "Hello, world" -e "Goodbye, cruel world" "hello-$k/hello.ko" 2>&1); status=$?
	is "$status" 0 "$k: the installed modrun proves it by name"
	like "$out" "PASS: all" "$k: PASS"
	unlike "$out" "provision-kernel: $k: downloading" "$k: the second use reuses the cache"
done
done_testing
