#!/usr/bin/env bash
# make install / uninstall, and the installed modrun used from outside the
# repository: it finds its kernels.conf and scripts under PREFIX/share/modrun,
# builds a module of a folder elsewhere against a kernel named in
# kernels.conf (modrun build), proves it by that name, lists the kernels;
# make uninstall removes exactly what make install put there.  The kernels
# come from MODRUN_CACHE (the checkout's cache: no download here);
# `make check-install` provisions into an empty cache on first use.
. "$(dirname "$0")/lib.sh"
need make install qemu-system-x86_64
plan 14
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'
dest=$tmp/dest
prefix=/opt/modrun-test

out=$(make -s -C "$TOP" install DESTDIR="$dest" PREFIX="$prefix" 2>&1); status=$?
is "$status" 0 "make install DESTDIR PREFIX"
[ -n "$out" ] && diag "$out"
installed=$(cd "$dest" && find . -type f | sort)
like "$installed" "^\./opt/modrun-test/bin/modrun$" "modrun in PREFIX/bin"
like "$installed" "^\./opt/modrun-test/share/man/man1/modport\.1$" "the manuals in PREFIX/share/man/man1"
like "$installed" "^\./opt/modrun-test/share/modrun/scripts/provision-kernel$" "the provisioning scripts in PREFIX/share/modrun"
bin=$dest$prefix/bin

# From another folder, with an empty XDG cache.
mkdir -p "$tmp/work/hello"
cp "$TOP/module/hello.c" "$TOP/module/Kbuild" "$tmp/work/hello/"
cd "$tmp/work"
out=$(env -u MODRUN_KERNEL XDG_CACHE_HOME=$tmp/xdg "$bin/modrun" --list-kernels); status=$?
is "$status" 0 "the installed modrun --list-kernels, from another folder"
like "$out" "^# kernels of $dest$prefix/share/modrun/kernels.conf, cache $tmp/xdg/modrun$" "it reads the installed kernels.conf, caches in XDG_CACHE_HOME"
like "$out" "^6\.12 +bookworm-backports +not provisioned$" "and says what is not provisioned"

export MODRUN_CACHE=$TOP/cache
out=$(env -u MODRUN_KERNEL "$bin/modrun" build --kernel "$KERNEL" hello 2>&1); status=$?
is "$status" 0 "modrun build --kernel $KERNEL DIR: a module outside the repository"
[ "$status" = 0 ] || diag "$out"
[ -f hello/hello.ko ]; ok $? "the .ko is built there"
out=$(env -u MODRUN_KERNEL "$bin/modrun" --kernel "$KERNEL" -e "Hello, world" hello/hello.ko); status=$?
is "$status" 0 "the installed modrun proves it, kernel given by name"
like "$out" "^ok [0-9]+ expect \"Hello, world\"" "the module said Hello, world"
out=$(env -u MODRUN_KERNEL "$bin/modrun" --kernel nosuch hello/hello.ko 2>&1); status=$?
is "$status" 2 "an unknown kernel name: exit 2"
like "$out" "nosuch: no such folder, and not a kernel of .*kernels.conf \(known: 6\.1 " "one line naming the known kernels"
unset MODRUN_CACHE

make -s -C "$TOP" uninstall DESTDIR="$dest" PREFIX="$prefix"
is "$(cd "$dest" && find . -type f)" "" "make uninstall removes every installed file"
done_testing
