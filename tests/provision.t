#!/usr/bin/env bash
# Provisioning, with a Debian mirror of our own (apt-get and apt-cache
# stubs serving packages built here): progress, a line per step (issue 19,
# item 3), and an interrupted provisioning (item 8): a message, the whole
# packages kept and reused by the next run, the partial one removed.
. "$(dirname "$0")/lib.sh"
need dpkg-deb depmod setsid perl
plan 16

tmp=$(mktemp -d)
at_exit '[ -n "${KEEP:-}" ] || rm -rf "$tmp"'; echo "# tmp $tmp"
# A release as long as 6.1's, so that hello.ko's vermagic can be made it.
release=$(cat "$CACHE/kernels/6.1/release")
rel=$(sed 's/[0-9]/9/g' <<<"$release")
hello=$(W= build_modules "$TOP/module" provision)/hello.ko
perl -pe "s/vermagic=\Q$release\E/vermagic=$rel/" "$hello" >"$tmp/fake.ko"
repo=$tmp/repo
mkdir -p "$repo" "$tmp/bin" "$tmp/data/scripts" "$tmp/cache"
cp "${SCRIPTS:-$TOP/scripts}"/* "$tmp/data/scripts/"	# SCRIPTS: another checkout's (the before)
echo "fake	$(. /etc/os-release && echo "$VERSION_CODENAME")	linux-image-fake	host" >"$tmp/data/kernels.conf"

# The packages: an image (a vmlinuz, an empty modules tree), headers.
mkdeb() {	# mkdeb NAME TREE
	mkdir -p "$2/DEBIAN"
	printf 'Package: %s\nVersion: 1.0\nArchitecture: amd64\nMaintainer: t <t@t>\nDescription: t\n' "$1" >"$2/DEBIAN/control"
	dpkg-deb -Zgzip -z1 -b "$2" "$repo/${1}_1.0_amd64.deb" >/dev/null
}
mkdir -p "$tmp/img/boot" "$tmp/img/lib/modules/$rel/kernel"
head -c 3000000 /dev/urandom >"$tmp/img/boot/vmlinuz-$rel"
mkdeb "linux-image-$rel" "$tmp/img"
h=$tmp/hdr/usr/src/linux-headers-$rel
mkdir -p "$h/include/config"
echo 'include /usr/src/linux-headers-common/Makefile' >"$h/Makefile"
grep '^CONFIG_CC_VERSION_TEXT' "$CACHE/kernels/6.1/build/include/config/auto.conf" >"$h/include/config/auto.conf"
head -c 2000000 /dev/urandom >"$h/blob"
mkdeb "linux-headers-$rel" "$tmp/hdr"

cat >"$tmp/bin/apt-cache" <<SH
#!/bin/sh
for a; do last=\$a; done
case "\$*" in
*depends*linux-image-fake*) echo linux-image-fake; echo "  Depends: linux-image-$rel" ;;
*depends*) ;;
*show*) f=\$(ls $repo/\${last%%=*}_*.deb 2>/dev/null) || exit 100
	echo "Package: \$last"; echo "Size: \$(stat -c %s "\$f")" ;;
esac
SH
# apt-get download: half the package, a pause (FAKE_PAUSE_PKG), the rest.
cat >"$tmp/bin/apt-get" <<SH
#!/bin/sh
for a; do last=\$a; done
f=\$(ls $repo/\${last%%=*}_*.deb) || exit 100
out=\$(basename "\$f"); size=\$(stat -c %s "\$f")
echo "Get:1 fake \$last [\$size B]"
head -c \$((size / 2)) "\$f" >"\$out"
case \$last in \${FAKE_PAUSE_PKG:-none}) sleep 30 ;; esac
cat "\$f" >"\$out"
SH
chmod +x "$tmp/bin/"*
# 8: interrupted while the headers download: a message, the image kept.
PATH=$tmp/bin:$PATH MODRUN_DATA=$tmp/data MODRUN_CACHE=$tmp/cache FAKE_PAUSE_PKG="linux-headers-$rel" \
	setsid perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' "$MODRUN" --kernel fake "$tmp/fake.ko" >"$tmp/int.out" 2>&1 &
# (a background job starts with SIGINT ignored: perl restores it, as on a terminal)
pid=$!
for i in $(seq 100); do grep -q "linux-headers-$rel (" "$tmp/int.out" && break; sleep 0.1; done
sleep 0.5
kill -INT -- -"$pid"	# as a terminal does: the whole process group
wait "$pid"; status=$?
out=$(cat "$tmp/int.out")
diag "$out"
is "$status" 130 "8: interrupted provisioning: exit status 130"
like "$out" "interrupted; 1 whole package\(s\) kept in .*/kernels/fake/debs for the next run, the partial download removed" "8: the script says what it kept"
like "$out" "^modrun: kernel fake: provisioning interrupted; the next run goes on with what was downloaded whole$" "8: modrun says so"
[ -f "$tmp/cache/kernels/fake/debs/linux-image-${rel}_1.0_amd64.deb" ]; ok $? "8: the image package, whole, is kept"
[ ! -e "$tmp/cache/kernels/fake/debs/linux-headers-${rel}_1.0_amd64.deb" ]; ok $? "8: the partial headers package is removed"
[ ! -e "$tmp/cache/kernels/fake/ready" ]; ok $? "8: the kernel is not marked ready"

# 3 and 8: the next run reuses the image, fetches the rest, says each step.
out=$(PATH=$tmp/bin:$PATH MODRUN_CACHE=$tmp/cache "$tmp/data/scripts/provision-kernel" fake 2>&1 </dev/null); status=$?
diag "$out"
is "$status" 0 "3: the next provisioning succeeds"
like "$out" "linux-image-$rel: whole from an interrupted run, reused" "8: the whole package is reused"
like "$out" "^provision-kernel: fake: downloading 2 package\(s\), 5\.[0-9] MB$" "3: the download's size is said first"
like "$out" "^provision-kernel: fake:   \[2/2\] linux-headers-$rel \(2\.[0-9] MB\)$" "3: each package, with its size"
like "$out" "^Get:1 fake linux-headers-$rel" "3: apt's line per package (not a terminal)"
like "$out" "^provision-kernel: fake: unpacking linux-headers-$rel \(2\.[0-9] MB packed\)$" "3: unpacking, with the size"
like "$out" "^provision-kernel: fake: decompressing the kernel" "3: decompressing the kernel"
like "$out" "^provision-kernel: fake: depmod" "3: the modules' dependencies"
[ -f "$tmp/cache/kernels/fake/ready" ]; ok $? "the kernel is ready"
[ ! -e "$tmp/cache/kernels/fake/debs" ]; ok $? "and no package is left"
done_testing
