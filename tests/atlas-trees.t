#!/usr/bin/env bash
# scripts/atlas-trees on small trees made here (no fetch, no network):
#  - an old layout read from a fetched git directory: include/* into hdr/
#    but config and the other architectures' asm-ARCH; asm-x86_64 and
#    asm-i386 both into hdr/asm, i386's file kept where both have one; the
#    exports of the source outside other architectures, samples, tools and
#    Documentation, not a macro's #define nor its body; the release from the
#    top Makefile;
#  - a new layout in a subfolder of the repository: arch/x86/include/asm
#    into hdr/asm, include/uapi and arch/x86/include/uapi/asm into uapi/,
#    not include/generated; an owner's EXTRAVERSION left out of the release;
#  - a Debian kernel already unpacked in CACHE/kernels: the -common
#    headers, the -amd64 Module.symvers's names as the exports, or with a
#    linux-source package (already downloaded) the exports of its source;
#  - the same bytes when extracted again; a release already extracted is
#    left alone; an absent repository is skipped with a message; an unknown
#    option or release is refused.
. "$(dirname "$0")/lib.sh"
need git tar dpkg-deb xz
plan 35
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'
AT=$TOP/scripts/atlas-trees
export GIT_AUTHOR_DATE=2000-01-01T00:00:00Z GIT_COMMITTER_DATE=2000-01-01T00:00:00Z

# put FILE TEXT: FILE (folders made) holds TEXT
put() { mkdir -p "$(dirname "$1")" && printf '%s\n' "$2" >"$1"; }

# commit_repo DIR: DIR/repo/.git holds DIR/repo's files in one commit;
# prints the commit
commit_repo() {
	git -C "$1/repo" init -q &&
		git -C "$1/repo" add -A &&
		git -C "$1/repo" -c user.name=t -c user.email=t@t commit -qm import &&
		git -C "$1/repo" rev-parse HEAD
}

old=$tmp/mirror/o+old/repo
put "$old/Makefile" $'VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 9\nEXTRAVERSION =\nNAME=x'
put "$old/include/linux/foo.h" '#define FOO 1'
put "$old/include/asm-i386/io.h" 'i386'
put "$old/include/asm-x86_64/io.h" 'x86_64'
put "$old/include/asm-x86_64/only64.h" '64'
put "$old/include/asm-arm/arm.h" 'arm'
put "$old/include/asm-arm/proc.h" $'extern struct x *arm_proc(const char *p);\nstatic inline int arm_inl(void) { return 0; }\nint not_extern(void);\n#define MAKE(NAME) \\\nstatic inline int NAME(void) { return 1; } \\\n/* a macro body */'
put "$old/include/asm-i386/decl.h" 'extern int x86_decl(void);'
put "$old/include/asm-generic/gen.h" 'gen'
put "$old/include/config/c.h" 'config'
put "$old/include/linux/module.h" $'#define EXPORT_SYMBOL(sym) extern typeof(sym) sym\n#define EXPORT_ALL(name) \\\n\tEXPORT_SYMBOL(name); \\\n\tint x'
put "$old/kernel/a.c" $'EXPORT_SYMBOL(alpha);\n  EXPORT_SYMBOL_GPL( beta );\nEXPORT_SYMBOL_NS_GPL(delta, NS);\nEXPORT_SYMBOL(a##b);'
put "$old/arch/i386/kernel/k.c" 'EXPORT_SYMBOL_NOVERS(gamma);'
put "$old/arch/x86_64/kernel/k.S" 'EXPORT_SYMBOL(epsilon)'
put "$old/arch/arm/kernel/k.c" 'EXPORT_SYMBOL(armonly);'
put "$old/Documentation/x.c" 'EXPORT_SYMBOL(docsym);'
put "$old/samples/s.c" 'EXPORT_SYMBOL(samplesym);'
c_old=$(commit_repo "$(dirname "$old")")

new=$tmp/mirror/o+new/repo
put "$new/linux-6.6/Makefile" $'# SPDX-License-Identifier: GPL-2.0\nVERSION = 6\nPATCHLEVEL = 6\nSUBLEVEL = 87\nEXTRAVERSION = Mine'
put "$new/linux-6.6/include/linux/bar.h" 'bar'
put "$new/linux-6.6/include/uapi/linux/u.h" 'u'
put "$new/linux-6.6/include/generated/g.h" 'g'
put "$new/linux-6.6/arch/x86/include/asm/a.h" 'a'
put "$new/linux-6.6/arch/x86/include/uapi/asm/ua.h" 'ua'
put "$new/linux-6.6/arch/x86/include/generated/asm/gen.h" 'gen'
put "$new/linux-6.6/arch/x86/kernel/e.c" 'EXPORT_SYMBOL_GPL(x86sym);'
put "$new/linux-6.6/drivers/d.c" 'EXPORT_SYMBOL(dsym);'
put "$new/linux-6.6/arch/arm64/include/asm/a.h" 'arm64 a'
put "$new/linux-6.6/Kconfig" 'source "arch/x86/Kconfig"'
put "$new/linux-6.6/arch/x86/Kconfig" $'config X86_32\n\tdef_bool y\n\tdepends on !64BIT\n\nif X86_32\nconfig SCX\n\ttristate "scx"\nendif\n\nconfig ANY\n\ttristate "any"'
put "$new/linux-6.6/arch/x86/platform/Makefile" $'obj-$(CONFIG_SCX) += scx.o\nscx-y += scx_32.o\nobj-$(CONFIG_ANY) += any.o'
put "$new/linux-6.6/arch/x86/platform/scx_32.c" $'EXPORT_SYMBOL(scxsym);\nEXPORT_SYMBOL(bothsym);'
put "$new/linux-6.6/arch/x86/platform/any.c" $'EXPORT_SYMBOL(anysym);\nEXPORT_SYMBOL(bothsym);'
put "$new/linux-6.6/arch/arm64/include/uapi/asm/only.h" 'extern long arm64_only(int);'
c_new=$(commit_repo "$(dirname "$new")")

deb=$tmp/cache/kernels/9.1/root/usr/src
put "$tmp/cache/kernels/9.1/packages" $'linux-headers-9.1.0-1-common 9.1.5-2\nlinux-headers-9.1.0-1-amd64 9.1.5-2'
put "$deb/linux-headers-9.1.0-1-common/Makefile" $'VERSION = 9\nPATCHLEVEL = 1\nSUBLEVEL = 5\nEXTRAVERSION ='
put "$deb/linux-headers-9.1.0-1-common/include/linux/d.h" 'd'
put "$deb/linux-headers-9.1.0-1-common/arch/x86/include/asm/da.h" 'da'
put "$deb/linux-headers-9.1.0-1-common/arch/arm/include/asm/arm.h" 'arm'
put "$deb/linux-headers-9.1.0-1-amd64/Module.symvers" \
	$'0x1\tzeta\tvmlinux\tEXPORT_SYMBOL\t\n0x2\teta\tdrivers/x\tEXPORT_SYMBOL_GPL\tNS'

# a linux-source package, as if downloaded already
src=$tmp/srcdeb
put "$src/tree/linux-source-9.1/kernel/k.c" 'EXPORT_SYMBOL(srcsym);'
put "$src/tree/linux-source-9.1/arch/x86/kernel/k.c" 'EXPORT_SYMBOL_GPL(x86src);'
put "$src/tree/linux-source-9.1/arch/arm/kernel/k.c" 'EXPORT_SYMBOL(armsrc);'
put "$src/tree/linux-source-9.1/tools/t.c" 'EXPORT_SYMBOL(toolsrc);'
put "$src/deb/DEBIAN/control" $'Package: linux-source-9.1\nVersion: 9.1.5-2\nArchitecture: all\nMaintainer: t <t@t>\nDescription: t'
mkdir -p "$src/deb/usr/src" "$tmp/cache/atlas/debs/9.2"
tar -cJf "$src/deb/usr/src/linux-source-9.1.tar.xz" -C "$src/tree" linux-source-9.1
dpkg-deb -Zxz --build "$src/deb" "$tmp/cache/atlas/debs/9.2/linux-source-9.1_9.1.5-2_all.deb" >/dev/null

conf=$tmp/trees.conf
cat >"$conf" <<EOF
# a comment
2.6.0	github	o/old	$c_old
6.6	github	o/new	$c_new	linux-6.6
9.1	debian	nosuite	9.1.5-2	linux-headers-9.1.0-1-common linux-headers-9.1.0-1-amd64
9.2	debian	nosuite	9.1.5-2	linux-headers-9.1.0-1-common linux-headers-9.1.0-1-amd64 linux-source-9.1
3.0	github	o/absent	0123456789012345678901234567890123456789
EOF
run() { "$AT" -c "$tmp/cache" -m "$tmp/mirror" -C "$conf" "$@"; }

out=$(run 2>&1); status=$?
is "$status" 0 "atlas-trees runs through"
like "$out" "3.0: skipped: o/absent is not fetched" "an absent repository is skipped with a message"
[ ! -e "$tmp/cache/atlas/trees/3.0" ]; ok $? "nothing is left of a skipped release"

t=$tmp/cache/atlas/trees/2.6.0
is "$(cat "$t/RELEASE")" "2.6.9 github o/old $c_old" "old layout: the release from the Makefile and the commit"
is "$(cd "$t/hdr" && find . -type f | sort | tr '\n' ' ')" \
	"./asm-generic/gen.h ./asm/decl.h ./asm/io.h ./asm/only64.h ./linux/foo.h ./linux/module.h " \
	"old layout: include/* in hdr/, asm-x86_64 and asm-i386 in hdr/asm, not config nor asm-arm"
is "$(cat "$t/hdr/asm/io.h")" i386 "old layout: i386's file where both have one"
[ ! -e "$t/uapi" ]; ok $? "old layout: no uapi"
is "$(tr '\n' ' ' <"$t/exports")" "alpha beta delta epsilon gamma " \
	"old layout: exports of the source and of i386/x86_64, not other arches, samples, Documentation, a #define or a macro body"

is "$(cat "$t/asm.arch")" $'arm\tasm/arm.h\narm\tasm/proc.h' "old layout: asm.arch, another architecture's asm-ARCH header x86 lacks (not asm-generic's, not x86_64's)"
is "$(cat "$t/decl.arch")" $'arm\tarm_inl\narm\tarm_proc' "old layout: decl.arch, the functions another architecture's asm headers declare (extern, static inline; not x86's, nor a macro body's parameter)"
is "$(tr '\n' ' ' <"$t/exports.x86_32")" "gamma " "old layout: exports.x86_32, arch/i386's that x86_64 and the rest do not export"

t=$tmp/cache/atlas/trees/6.6
is "$(cat "$t/RELEASE")" "6.6.87 github o/new $c_new linux-6.6" "new layout: a subfolder; an owner's EXTRAVERSION left out"
is "$(cd "$t/hdr" && find . -type f | sort | tr '\n' ' ')" "./asm/a.h ./linux/bar.h " \
	"new layout: arch/x86/include/asm in hdr/asm, not generated"
is "$(cd "$t/uapi" && find . -type f | sort | tr '\n' ' ')" "./asm/ua.h ./linux/u.h " \
	"new layout: include/uapi and arch/x86/include/uapi/asm in uapi/"
is "$(tr '\n' ' ' <"$t/exports")" "anysym bothsym dsym scxsym x86sym " "new layout: exports"
is "$(tr '\n' ' ' <"$t/exports.x86_32")" "scxsym " \
	"new layout: exports.x86_32, what only a file Kconfig reaches through X86_32 exports (not what another file exports too)"
is "$(cat "$t/asm.arch")" $'arm64\tasm/only.h' "new layout: asm.arch, arch/ARCH/include/(uapi/)asm, not a header x86 has too"
is "$(cat "$t/decl.arch")" $'arm64\tarm64_only' "new layout: decl.arch, in a subfolder of the repository"

t=$tmp/cache/atlas/trees/9.1
is "$(cat "$t/RELEASE")" "9.1.5 debian nosuite 9.1.5-2 linux-headers-9.1.0-1-common linux-headers-9.1.0-1-amd64" \
	"debian: the release and the packages"
is "$(cd "$t/hdr" && find . -type f | sort | tr '\n' ' ')" "./asm/da.h ./linux/d.h " \
	"debian: the -common headers, x86 only"
is "$(tr '\n' ' ' <"$t/exports")" "eta zeta " "debian: the names of Module.symvers"
is "$(cat "$t/asm.arch")" $'arm\tasm/arm.h' "debian: asm.arch from the headers"
t=$tmp/cache/atlas/trees/9.2
is "$(tr '\n' ' ' <"$t/exports")" "srcsym x86src " "debian with linux-source: the exports of its source, not other arches nor tools"
is "$(tr '\n' ' ' <"$t/exports.symvers")" "eta zeta " "debian with linux-source: Module.symvers's names beside them"

sums() { (cd "$tmp/cache/atlas/trees" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
before=$(sums)
out=$(run 2>&1)
like "$out" "2.6.0: up to date" "a release already extracted is left alone"
out=$(run -f 2>&1); status=$?
is "$status" 0 "-f extracts again"
like "$out" "2.6.0: 2.6.9 github" "-f extracts a release already extracted"
is "$(sums)" "$before" "the same bytes when extracted again"
rm "$tmp/cache/atlas/trees/2.6.0/asm.arch" "$tmp/cache/atlas/trees/6.6/decl.arch" "$tmp/cache/atlas/trees/6.6/exports.x86_32"
out=$(run 2>&1)
like "$out" "2.6.0: asm.arch, decl.arch and exports.x86_32 added: 2 headers and 2 functions of other architectures, 1 exports" \
	"a tree extracted before asm.arch, decl.arch and exports.x86_32: they are added, from the same source"
is "$(sums)" "$before" "the same bytes as when extracted"
is "$(ls -A "$tmp/cache/atlas/trees" | tr '\n' ' ')" "2.6.0 6.6 9.1 9.2 " "no temporary folder is left"

out=$(run 6.6 2>&1)
unlike "$out" "2.6.0" "only the releases named"
out=$(run 7.7 2>&1); status=$?
is "$status" 1 "an unknown release is refused"
out=$(run --bogus 2>&1); status=$?
is "$status" 2 "an unknown option is refused"
like "$out" "unknown option --bogus" "an unknown option is named"
done_testing
