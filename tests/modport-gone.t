#!/usr/bin/env bash
# gone and signature judge a driver by the kernel's history, not by what
# they cannot see (tests/data/gone-project, a driver's tree):
#  - a header found on the build's include path (-I$(src)/include), not
#    beside the file, is the project's: what it defines is never gone
#    (checked as one file, without its project, the same use is reported:
#    the negative control);
#  - "a->b.m" is a member of b's struct, "struct T *x, *v" declares v a T,
#    not an older function's "struct U *v";
#  - a gone name is reported once a file, at its first use;
#  - a .c #included by another is not a unit; a header's conditional
#    include and its macros' bodies are not judged in the header;
#    f(T) is an argument and enum T a tag, sizeof(T) is a type;
#  - another architecture's file (an <asm/...> header x86 never had) and a
#    program (a local header includes the C library's) are not judged;
#    a 2.4 file that includes such a header only in a branch for another
#    architecture (#ifdef __sparc__) is judged, but not those branches
#    (tests/data/gone-arch; today's files of several architectures stay
#    unjudged: their arch's names reach outside such branches); the #error
#    that x86 reaches because its #if asks for another architecture (the
#    #else after SuperH's branches, '#if !defined(CONFIG_MIPS)') is named
#    where a 2.4 file's build stops, not one x86 does not reach;
#  - a 2.4 file's call of a function its project declares and does not
#    define, which the kernel exported only in older releases (2.4's
#    register_busmouse(), of busmouse.c), is reported: the module would not
#    link (tests/data/gone-export; not where the file or another .c of the
#    folder defines it, nor in a file of today's);
#  - own-header: a package that ships its own copy of a kernel header
#    (tests/modport/own-header) gets #include "P" where the target's <P>
#    lost what it uses and the copy has it; a copy short of a member the
#    file uses (a copy of it whose header has no fillsize) changes nothing;
#  - what the compiler never sees or sees elsewhere is no finding
#    (tests/data/gone-classes, each with a real leftover of the same shape
#    as its negative control): a parameter list (f(void), a parameter of
#    function type) is no call, a parameter or a brace-initialized local is
#    the file's name, #ifdef X after a top-level #undef X is dead, a call
#    whose #if group has the target's form in another branch is a
#    compatibility branch, an argument that every definition of the
#    file's macro drops or only stringifies (#x) is never compiled,
#    CONFIG_SUPERH's branch is SuperH's, kbuild's
#    generated <asm/...> headers exist, a name from what a header's
#    includer includes first is the project's, a
#    macro the file never expands is never compiled, and a program may
#    reach the C library through <x.h> on its -I or a shim of a kernel
#    header its folder ships; a kernel tree's file that kbuild builds for
#    another architecture only (obj-$(CONFIG_X), X only that arch's) and
#    a header whose <asm/...> the tree has for another arch only; a call
#    under #ifdef f where the atlas says f is no macro (P lines); an
#    argument the kernel's macro never compiles (Z lines: SEQCNT_ZERO);
#    a name four local headers down (looked for at a finding only); a C library include in the #else of
#    #ifdef __KERNEL__ makes no program; a version test through the
#    project's macro (jool's LINUX_VERSION_AT_LEAST) is version-conditional;
#    <d/x.h> in a folder d of no kernel header (the atlas's) is the project's;
#    a C library include under #if defined(__FreeBSD__) makes no program;
#    a project macro defined only under #ifndef NAME shadows no kernel NAME
#    for its arity; a struct the target lacks whose only uses are pointers
#    that nothing dereferences, gives away or assigns from another type
#    (an incomplete type compiles: tests/data/gone-classes/opaque);
# and the atlas records what the kernel's headers spell indirectly: a
# macro that spells a member (flowi4_tos, gone in 7.3), members
# of "(* const f)", a struct named through "#define A B", a struct whose
# body a macro fills.
. "$(dirname "$0")/lib.sh"
need xz grep
cd "$TOP" || exit 2
plan 211

modport=build/bin/modport
p=tests/data/gone-project
out=$("$modport" check --target=6.1 --rules=gone,signature "$p" 2>&1); status=$?
diag "$out"
is "$status" 1 "findings: exit 1"
unlike "$out" "modrm_reg" "a struct of the project's include/ is not the kernel's"
single=$("$modport" check --target=6.1 --rules=gone "$p/src/drv.c" 2>&1)
like "$single" "drv.c:12:22: warning: the member 'modrm_reg' of struct x86_instruction_info went away between Linux 5.4 and 5.10" \
	"the same file without its project: the kernel's struct, reported"
unlike "$out" "'kobj'" "dev->dev.kobj is not a member of the acpi_device"
unlike "$out" "'playback'" "struct snd_soc_dai_driver *first, *dai: the nearest declaration decides"
is "$(grep -c "pci_find_device" <<<"$out")" 1 "a gone function used twice: one finding"
like "$out" "drv.c:39:29: warning: the function 'pci_find_device' went away between Linux 2.6.32 and 2.6.39" \
	"at its first use"
like "$out" "other.c:4:10: warning: the header '<asm/paca.h>' is PowerPC's: the kernel's trees have it only for that architecture" \
	"a module's file including <asm/paca.h> outside any #if is PowerPC's: named (the atlas's a line)"
unlike "$out" "other\\.c:8" "and its names are not judged"
unlike "$out" "prog\\.c" "a program (its prog.h includes <stdio.h>): not judged"
unlike "$out" "part\\.c" "part.c, #included by main.c (which defines pci_find_device): not a unit of its own"
unlike "$out" "cond\\.h" "a header's include under #ifdef CONFIG_..., a call in a header's macro: not judged there"
like "$out" "types.c:11:26: warning: the name 'ctl_table' went away between Linux 3.10 and 3.18" \
	"sizeof(ctl_table) is the type (NAME_OF(ctl_table) and enum ctl_table before it are not)"
is "$(grep -c 'warning:' <<<"$out")" 3 "nothing else"

flow=$("$modport" check --target=7.3 --rules=gone "$p/src/flow.c" 2>&1)
like "$flow" "flow.c:7:16: warning: the member 'flowi4_tos' of struct flowi4 went away between Linux 6.12 and 7.3" \
	"#define flowi4_tos __fl_common.flowic_tos, gone in 7.3: the member it spelt is reported"

own=tests/modport/own-header
out=$("$modport" check --target=7.3 "$own" 2>&1); status=$?
is "$status" 1 "own-header: findings, exit 1"
like "$out" "drv.c:9:20: warning: the member 'fillsize' of struct streebog_state went away after Linux 6.12 \\(the target 7.3 lacks it\\), but the copy of <crypto/streebog.h> beside this file has it: #include \"crypto/streebog.h\" finds that copy first \\[own-header\\]" \
	"own-header: a member the kernel's header lost, the copy's"
like "$out" "drv.c:3:10: warning: the header '<linux/tqueue.h>' went away after Linux 2.4.22.*\\[own-header\\]" \
	"own-header: a header the kernel lost, shipped beside the file"
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'
cp -r "$own" "$tmp/own"
"$modport" fix --in-place --target=7.3 "$tmp/own" 2>/dev/null
is "$(grep -c '^#include "' "$tmp/own/drv.c"):$(grep -c '^#include <' "$tmp/own/drv.c")" "2:1" \
	"own-header: fix makes both includes \"P\", once each, <linux/module.h> kept"
is "$("$modport" check --target=7.3 "$tmp/own" 2>&1)" "" "own-header: the fixed file: nothing left"
cp -r "$own" "$tmp/none" && rm -r "$tmp/none/linux" &&
	sed -i 's/fillsize;/filled;/' "$tmp/none/crypto/streebog.h"
none=$("$modport" check --target=7.3 "$tmp/none" 2>&1)
is "$(grep -c '\[gone\]' <<<"$none"):$(grep -c '\[own-header\]' <<<"$none")" "3:0" \
	"own-header: a copy short of a member used (filled, not fillsize): all three stay gone"
atlas=$(xz -dc modport/atlas.txt.xz)
like "$atlas" $'^O\tshash_alg\ts-u$' "struct HASH_ALG_COMMON; in shash_alg's body (6.6+): its members are not all known"
like "$atlas" $'^O\thash_alg_common\ts-u$' "struct hash_alg_common HASH_ALG_COMMON; (6.6+): a macro is its body, its members are not all known"
unlike "$atlas" $'^i\tcl_prog\t[^\t]*\t.*d' "a member macro that a real member replaced (rpc_clnt's cl_prog, 2.6.11) spells nothing gone"
unlike "$atlas" $'^\\.\tkset_uevent_ops\tfilter\t' "int (* const filter)(...) is a member: kset_uevent_ops kept it"
unlike "$atlas" $'^\\.\tsnd_pcm_mmap_status\ttstamp\t' \
	"struct __snd_pcm_mmap_status64 {...} after #define __snd_pcm_mmap_status64 snd_pcm_mmap_status: the struct kept tstamp"
like "$atlas" $'^O\tqstr\t' "qstr's body has HASH_LEN_DECLARE;: where, its members are not all known"
like "$atlas" $'^\\.\tfolio\t__head\tr$' "unsigned long __head; (6.1's folio) names __head, not long"
unlike "$atlas" $'^\\.\t[^\t]*\t(int|long|short)\t' "no member is named int, long or short (a __name after them is no attribute)"
like "$atlas" $'^i\t__kernel_dev_t32\ta\tt$' "typedef unsigned short __kernel_dev_t32; (2.4.22) names __kernel_dev_t32"
like "$atlas" $'^i\tsigcontext\tk-u\tm' "#define sigcontext sigcontext_64 (4.4+): the tag's members are another's"
like "$atlas" $'^h\tasm/io\\.h\ta-u$' "every x86 asm header is listed, those every release has too"
unlike "$atlas" $'^i\tretpoline_thunk_t\t' "a header's #ifdef __ASSEMBLY__ part is not C: what follows it is read"
like "$atlas" $'^\\.\tproc_dir_entry\tproc_fops\t[a-h]' "a struct gone opaque (proc_dir_entry, 3.10) lost its members"

# A member whose struct is not known at its use (plane->dev->struct_mutex:
# plane->dev's struct is not declared in the file) is reported where no
# struct of the target has a member of that name (the atlas's M line),
# unless the project may declare it (tests/data/gone-members).
like "$atlas" $'^M\tstruct_mutex\tf-t$' "M: no struct of 7.3 has a member struct_mutex (drm_device's went)"
unlike "$atlas" $'^M\tvm_enough_memory\t' \
	"M: security_hook_heads is filled by #include <linux/lsm_hook_defs.h> from 5.10: its members may be there"
like "$atlas" $'^O\tsecurity_hook_heads\t' "a body that #includes its members: not all known"
gm=tests/data/gone-members
use=$("$modport" check --target=7.3 --rules=gone "$gm/src/use.c" 2>&1)
like "$use" "use.c:14:33: warning: the member \\(of any struct\\) 'struct_mutex' went away between Linux 6.12 and 7.3" \
	"a->b->m whose name no struct of the target has: reported"
is "$(grep -c warning <<<"$use")" 1 "plane->dev->dev (structs of every kernel have dev): not reported"
is "$("$modport" check --target=6.1..6.12 --rules=gone "$gm/src/use.c" 2>&1)" "" \
	"a target whose kernels have it: nothing"
is "$("$modport" check --target=7.3 --rules=gone "$gm" 2>&1)" "" \
	"the same file in its project, whose include/locks.h declares a struct_mutex: not reported"
for f in generated local fragment; do
	is "$("$modport" check --target=7.3 --rules=gone "$gm/solo/$f.c" 2>&1)" "" \
		"solo/$f.c: its structs may have the member: not reported"
done
# --jobs reads the project's headers in its processes at once, each a
# share (projnames_load()), the names gathered before they port: the same
# names as one process reads.  Two headers, one for each.
cp -r "$gm" "$tmp/gmj"
printf 'struct other {\n\tint other_member;\n};\n' >"$tmp/gmj/include/other.h"
is "$("$modport" check -j2 --target=7.3 --rules=gone "$tmp/gmj" 2>&1)" "" \
	"-j2: the project's include/locks.h, read by one of two processes, declares a struct_mutex: not reported"
sed -i 's/struct_mutex/other_mutex/' "$tmp/gmj/include/locks.h"
like "$("$modport" check -j2 --target=7.3 --rules=gone "$tmp/gmj" 2>&1)" \
	"use.c:14:33: warning: the member \\(of any struct\\) 'struct_mutex' went away between Linux 6.12 and 7.3" \
	"negative control: -j2 with no struct_mutex in the project's headers: reported"
# The processes gather those names from the headers as they check them,
# before any other file; a header whose own check asks for them (ask.h:
# d->ops's struct is not known there) is checked again once every process
# has gathered: what it printed the first time (strlcpy) is dropped, and
# its counts.
cp -r "$gm" "$tmp/gmq"
printf '%s\n' '#include <linux/string.h>' 'struct drv_ops;' \
	'struct drv {' '	struct drv_ops *ops;' '};' \
	'static inline void ask_lock(struct drv *d, char *to)' '{' \
	'	strlcpy(to, "lock", 5);' '	d->ops->struct_mutex(d);' '}' \
	>"$tmp/gmq/include/ask.h"
for j in 1 2; do
	MODPORT_TRACE_JOBS="$tmp/trace$j" "$modport" check -j$j --summary --target=7.3 --rules=gone "$tmp/gmq" \
		>"$tmp/gmq$j.out" 2>&1
done
cmp -s "$tmp/gmq1.out" "$tmp/gmq2.out"
ok $? "-j2: a header that asks for the project's names, ported again: what -j1 prints"
is "$(grep -c "ask.h:8:9: warning: the function 'strlcpy'" "$tmp/gmq2.out"):$(grep -c struct_mutex "$tmp/gmq2.out"):$(grep '^total' "$tmp/gmq2.out")" \
	"1:0:total 1" "-j2: its first output dropped (strlcpy once, counted once), struct_mutex declared by locks.h"
is "$(awk '/^job / { n += $8 } END { print n }' "$tmp/trace2")" 1 \
	"-j2: the trace says one early file was ported again"
sed -i 's/struct_mutex;/other_mutex;/' "$tmp/gmq/include/locks.h"
for j in 1 2; do
	"$modport" check -j$j --target=7.3 --rules=gone "$tmp/gmq" >"$tmp/gmq$j.out" 2>&1
done
cmp -s "$tmp/gmq1.out" "$tmp/gmq2.out"
ok $? "negative control: no struct_mutex in the project: -j2 prints what -j1 prints"
is "$(grep -c "warning: the member (of any struct) 'struct_mutex'" "$tmp/gmq2.out")" 2 \
	"negative control: ask.h's and use.c's struct_mutex reported"
# A header is harvested for projnames only where it spells a member that
# may be gone within the target; an identifier split by a backslash-newline
# is spelled only once the splice goes (harvest.h), so such a header is
# harvested whatever it spells.  (None of the header's other words is a
# member the atlas has gone: no int, which a few structs' lines have.)
cp -r "$gm" "$tmp/gms"
printf '#ifndef LOCKS_H\n#define LOCKS_H\nstruct drv_locks {\n\tstruct drv_mutex *struct_\\\nmutex;\n};\n#endif\n' \
	>"$tmp/gms/include/locks.h"
grep -q '^	struct drv_mutex \*struct_\\$' "$tmp/gms/include/locks.h"
ok $? "the spliced header is written as meant (struct_ backslash-newline mutex)"
for j in 1 2; do
	is "$("$modport" check -j$j --target=7.3 --rules=gone "$tmp/gms" 2>&1)" "" \
		"-j$j: the project's header declares struct_mutex split by a splice: not reported"
done
# The scan that picks the headers to harvest skips comments and literals
# without tokens (projnames.c): it must stop where the tokenizer does, and
# never later, or the declaration after them is not seen.
cp -r "$gm" "$tmp/gml"
printf '%s\n' '#ifndef LOCKS_H' '#define LOCKS_H' "/* it's a lock's */ // don't \\" \
	'   continued: "' 'static const char q[] = "a \" b /* c", c = '"'\\''"';' \
	"#error a lock's" 'struct drv_locks {' '	struct drv_mutex *struct_mutex;' \
	'};' '#endif' >"$tmp/gml/include/locks.h"
for j in 1 2; do
	is "$("$modport" check -j$j --target=7.3 --rules=gone "$tmp/gml" 2>&1)" "" \
		"-j$j: struct_mutex declared after comments, strings and an open ' in the project's header: not reported"
done
sed -i 's/\*struct_mutex;/*other_mutex;/' "$tmp/gml/include/locks.h"
like "$("$modport" check --target=7.3 --rules=gone "$tmp/gml" 2>&1)" \
	"use.c:14:33: warning: the member \\(of any struct\\) 'struct_mutex' went away" \
	"negative control: the same header without struct_mutex: reported"
# The scan crosses a run of blanks sixteen bytes at a time (a register
# header aligns its values so): the name right after a run of any length
# is read whole.
cp -r "$gm" "$tmp/gmb"
for n in 17 37; do
	printf '#ifndef LOCKS_H\n#define LOCKS_H\nstruct drv_locks {\n\tstruct drv_mutex%*s\tstruct_mutex;\n};\n#endif\n' \
		"$n" '' >"$tmp/gmb/include/locks.h"
	is "$("$modport" check --target=7.3 --rules=gone "$tmp/gmb" 2>&1)" "" \
		"struct_mutex declared after a run of $n blanks in the project's header: not reported"
done
# The scan asks the atlas nothing of a directive's "define" (a register
# header's every line has one): the macro's name after it, however the
# directive is spaced, is read.
cp -r "$gm" "$tmp/gmd"
for d in '#define' '# define' '#\tdefine' ' #  define'; do
	printf '#ifndef LOCKS_H\n#define LOCKS_H\n%b struct_mutex lock\n#endif\n' "$d" \
		>"$tmp/gmd/include/locks.h"
	is "$("$modport" check -j2 --target=7.3 --rules=gone "$tmp/gmd" 2>&1)" "" \
		"-j2: '$d struct_mutex' in the project's header, a macro of that name: not reported"
done
printf '#ifndef LOCKS_H\n#define LOCKS_H\n#define other_mutex struct_mutex\n#endif\n' \
	>"$tmp/gmd/include/locks.h"
like "$("$modport" check -j2 --target=7.3 --rules=gone "$tmp/gmd" 2>&1)" \
	"use.c:14:33: warning: the member \\(of any struct\\) 'struct_mutex' went away" \
	"negative control: a macro that only spells struct_mutex in its body: reported"
# struct_of() keeps what a variable's last use found: a later use walks
# back only to there, and takes that decision only within its own reach
# (4,096 tokens back).  far.c: d's declaration is within the reach of its
# two uses of d->dev, not of d->struct_mutex's, whose walk meets them;
# near.c: within reach; two.c: f() declares its own d between.
filler() { for i in $(seq "$1"); do printf '\tx = %d;\n' "$i"; done; }
{
	printf '#include <drm/drm_device.h>\nvoid lock(void *);\nint x;\n\n'
	printf 'void f(struct drm_device *d)\n{\n'
	filler 500; printf '\tlock(d->dev);\n'
	filler 10; printf '\tlock(d->dev);\n'
	filler 800; printf '\tlock(&d->struct_mutex);\n}\n'
} >"$tmp/far.c"
sed '7,1317d' "$tmp/far.c" >"$tmp/near.c"
printf '#include <drm/drm_device.h>\nvoid lock(void *);\n\nstruct other {\n\tvoid *dev;\n\tint users;\n};\n\nvoid g(struct other *d)\n{\n\tlock(d->dev);\n}\n\nvoid f(struct drm_device *d)\n{\n\tlock(&d->struct_mutex);\n}\n' >"$tmp/two.c"
is "$("$modport" check --target=7.3 --rules=gone "$tmp/far.c" "$tmp/near.c" "$tmp/two.c" 2>&1 | sed "s|$tmp/||")" \
"far.c:1319:18: warning: the member (of any struct) 'struct_mutex' went away between Linux 6.12 and 7.3 (the last release with it: 6.12); the target 7.3 lacks it (modport knows no replacement yet); port it by hand [gone]
near.c:8:18: warning: the member 'struct_mutex' of struct drm_device went away between Linux 6.12 and 7.3 (the last release with it: 6.12); the target 7.3 lacks it (modport knows no replacement yet); port it by hand [gone]
two.c:16:18: warning: the member 'struct_mutex' of struct drm_device went away between Linux 6.12 and 7.3 (the last release with it: 6.12); the target 7.3 lacks it (modport knows no replacement yet); port it by hand [gone]" \
	"a variable's struct: past the reach of its declaration unknown, though a nearer use knew it (far.c); known within (near.c); another function's declaration is not its (two.c)"
cp -r "$gm/solo" "$tmp/solo"
sed -i '/generated.skel.h/d' "$tmp/solo/generated.c"
sed -i 's/struct mutex struct_mutex;/struct mutex other;/' "$tmp/solo/local.c"
sed -i '1s/^/static const test_t t[] = /' "$tmp/solo/fragment.c"
for f in generated local fragment; do
	like "$("$modport" check --target=7.3 --rules=gone "$tmp/solo/$f.c" 2>&1)" \
		"$f.c:.*'struct_mutex' went away between Linux 6.12 and 7.3" \
		"negative control: $f.c without its reason: reported"
done
# A variable of a struct the kernel renamed, passed where the function now
# takes the new struct (tests/data/gone-argstruct; the atlas's F lines:
# a function's signatures where a parameter's struct changes).
like "$atlas" $'^F\tdrm_atomic_get_new_crtc_state\t[^\t]*drm_atomic_state \*, struct drm_crtc \*\):s-t;[^\t]*\(const struct drm_atomic_commit \*, struct drm_crtc \*\):u$' \
	"F: drm_atomic_get_new_crtc_state() takes a struct drm_atomic_commit * in 7.3, a drm_atomic_state * before"
unlike "$atlas" $'^F\tmutex_lock\t' "negative control: no F line for a function whose parameters kept their structs"
ga=tests/data/gone-argstruct
fl=$("$modport" check --target=7.3 --rules=gone,signature "$ga/flush.c" 2>&1)
like "$fl" "flush.c:14:37: warning: 'drm_atomic_get_new_crtc_state' takes a struct drm_atomic_commit \\* as its argument 1 in Linux 7.3 \\(a struct drm_atomic_state \\* in 6.12, as 'state' here is\\): the target 7.3 needs the new type: struct drm_atomic_state is struct drm_atomic_commit since 7.2, which modport's fix writes \\[signature\\]" \
	"a struct drm_atomic_state * passed to drm_atomic_get_new_crtc_state() on 7.3: reported on the call's line"
is "$(grep -c '\[signature\]' <<<"$fl")" 1 \
	"negative controls: a struct drm_atomic_commit *, the driver's own function, h->state, a cast: not reported"
is "$("$modport" check --target=6.1..6.12 --rules=gone,signature "$ga/flush.c" 2>&1)" "" \
	"a target whose kernels take the old struct: nothing"
br=$("$modport" check --target=7.3 --rules=signature "$ga/branches.c" 2>&1)
is "$br" "$ga/branches.c:34:37: warning: 'drm_atomic_get_new_crtc_state' takes a struct drm_atomic_commit * as its argument 1 in Linux 7.3 (a struct drm_atomic_state * in 6.12, as 'st' here is): the target 7.3 needs the new type: struct drm_atomic_state is struct drm_atomic_commit since 7.2, which modport's fix writes [signature]" \
	"the declaration in the #if branch of a version test 7.3 compiles: reported; one in an #else whose #if declares it otherwise, a branch 7.3 does not compile: not"
is "$("$modport" check --target=7.3 --rules=signature "$ga/compat.c" 2>&1)" "" \
	"negative control: #define drm_atomic_state drm_atomic_commit (the fix's compat): not reported"
cp -r "$ga" "$tmp/argstruct"
"$modport" fix --in-place --target=6.1..7.3 "$tmp/argstruct" >/dev/null 2>&1
is "$("$modport" check --target=6.1..7.3 --rules=signature "$tmp/argstruct" 2>&1)" "" \
	"after modport fix (the rename's compat #define): nothing left"
# Branches for another architecture (tests/data/gone-arch).
a=tests/data/gone-arch
arch=$("$modport" check --target=6.1 --rules=gone,module-parm "$a/rtc24.c" 2>&1)
diag "$arch"
like "$arch" "rtc24.c:13:8: warning: the name 'ctl_table' went away" \
	"a 2.4 file with <asm/ebus.h> under #ifdef __sparc__ is judged as x86's"
like "$arch" "rtc24.c:20:15: warning: the struct 'fbtype' went away" \
	"the #else of #if defined(__alpha__) is x86's: judged"
unlike "$arch" "display_switch|ebus" "what the __sparc__ and __alpha__ branches use is theirs: not judged"
sparc=$("$modport" check --target=6.1 --rules=gone,module-parm "$a/sparc24.c" 2>&1)
like "$sparc" "sparc24.c:4:10: warning: the header '<asm/ebus.h>' is SPARC's: the kernel's trees have it only for that architecture \\(2.4.22 to 2.6.24\\)" \
	"the same include outside any branch: the file is sparc's (the negative control)"
unlike "$sparc" "ctl_table" "and its names are not judged"
today=$("$modport" check --target=6.1 --rules=gone "$a/today.c" 2>&1)
is "$today" "" "today's file (no other finding) with <asm/ebus.h> under #ifdef __sparc__: not judged"
keyb=$("$modport" check --target=6.1 --rules=gone "$a/keyb.c" 2>&1)
is "$keyb" "$a/keyb.c:7:10: warning: the header '<asm/machvec.h>' is Alpha's, IA-64's and SuperH's: the kernel's trees have it only for those architectures (2.4.22 to 7.3), x86 never had it: this file is written for them and the x86 build cannot compile it; port it by hand [gone]" \
	"a file of no age including <asm/machvec.h> outside any #if: the architectures whose trees have it, named"
like "$atlas" $'^a\tasm/machvec\\.h\ta-u\talpha ia64 sh$' "the atlas's a line: the releases and architectures of a header x86 never had"
unlike "$atlas" $'^a\tasm/io\\.h\t' "negative control: no a line for a header x86 has (<asm/io.h>)"
mkdir -p "$tmp/archtree/arch/sh" "$tmp/archtree/arch/x86" "$tmp/archtree/include" "$tmp/archtree/drivers/char"
: >"$tmp/archtree/Kconfig"
: >"$tmp/archtree/arch/x86/Kconfig"
cp "$a/keyb.c" "$tmp/archtree/drivers/char/keyb.c"
is "$("$modport" check --target=6.1 --rules=gone "$tmp/archtree/drivers/char/keyb.c" 2>&1)" "" \
	"negative control: the same file in a kernel tree of Kconfig, whose build judges its own (COMPILE_TEST, kbuild): not named"
mkdir -p "$tmp/tree24/arch/sh" "$tmp/tree24/include" "$tmp/tree24/drivers/char"
cp "$a/keyb.c" "$tmp/tree24/drivers/char/keyb.c"
cp "$a/keyb.c" "$tmp/tree24/arch/sh/keyb.c"
like "$("$modport" check --target=6.1 --rules=gone "$tmp/tree24/drivers/char/keyb.c" 2>&1)" "keyb.c:7:10: warning: the header '<asm/machvec.h>' is Alpha's" \
	"in 2.4's tree (no Kconfig, whose build is not read), outside arch/: named"
is "$("$modport" check --target=6.1 --rules=gone "$tmp/tree24/arch/sh/keyb.c" 2>&1)" "" \
	"negative control: in an arch/ folder: not named"
sed 's@<asm/machvec.h>@<asm/io.h>@' "$a/keyb.c" >"$tmp/keyb-io.c"
is "$("$modport" check --target=6.1 --rules=gone "$tmp/keyb-io.c" 2>&1)" "" \
	"negative control: the same file with an x86 header instead"
panel=$("$modport" check --target=6.1 --rules=gone "$a/panel.c" 2>&1)
is "$panel" "$a/panel.c:10:36: warning: the function 'find_path_device' is declared only by PowerPC's asm headers (2.4.22 to 2.6.18), never by x86's: this file is written for that architecture and the x86 build cannot compile it; port it by hand [gone]" \
	"a file of no age calling what only PowerPC's <asm/prom.h> declared: named, with the architecture"
like "$atlas" $'^o\tfind_path_device\ta-d\tpowerpc ppc ppc64$' "the atlas's o line: the releases and architectures of a function x86 never declared"
unlike "$atlas" $'^o\tioremap\t' "negative control: no o line for a function x86 declares too"
is "$("$modport" check --target=6.1 --rules=gone "$a/panel-own.c" 2>&1)" "" \
	"negative control: the file's own find_path_device()"
# An include of a header whose names the kernel exports only on 32-bit
# x86 (the atlas's w line), by a file that uses them.
like "$atlas" $'^w\tlinux/scx200_gpio\\.h\tb-u\tscx200_gpio_base ' \
	"the atlas's w line: <linux/scx200_gpio.h>'s names exported only on 32-bit x86, 2.6.0 to 7.3"
unlike "$atlas" $'^w\t[^\t]*\t[^\t]*\t([^\t]* )?(pnp_register_driver|gpio_get_value|kmalloc)( |$)' \
	"negative control: no w line names what x86-64 exports too"
for k in 6.1 7.3; do
	is "$("$modport" check --target=$k --rules=gone "$a/gpio32.c" 2>&1)" "$a/gpio32.c:6:10: warning: the header '<linux/scx200_gpio.h>' declares scx200_gpio_base, scx200_gpio_configure, scx200_gpio_dump, scx200_gpio_lock, scx200_gpio_ops and scx200_gpio_shadow, which the kernel exports only on 32-bit x86 (from files kbuild builds only for X86_32, 2.6.0 to 7.3): this module links only against a 32-bit x86 kernel, and on x86-64 modpost finds them undefined; port it by hand [gone]" \
		"$k: a module using scx200_gpio_get(), <linux/scx200_gpio.h>'s inline of scx200_gpio_base: named"
done
is "$("$modport" check --target=6.1 --rules=gone "$a/gpio32-if.c" 2>&1)" "" \
	"negative control: the include and the use under #ifdef CONFIG_X86_32"
is "$("$modport" check --target=6.1 --rules=gone "$a/gpio32-own.c" 2>&1)" "" \
	"negative control: the file that exports scx200_gpio_base itself (2.4's scx200.c)"
is "$("$modport" check --target=6.1 --rules=gone "$a/pnp64.c" 2>&1)" "" \
	"negative control: <linux/pnp.h> (pnpbios_protocol, 32-bit only, under CONFIG_PNPBIOS) by a driver calling what x86-64 exports"
sed 's/pnp_device_is_pnpbios(dev)/dev->protocol == \&pnpbios_protocol/' "$a/pnp64.c" >"$tmp/pnp32.c"
like "$("$modport" check --target=6.1 --rules=gone "$tmp/pnp32.c" 2>&1)" \
	"pnp32.c:8:10: warning: the header '<linux/pnp.h>' declares pnpbios_protocol, which the kernel exports only on 32-bit x86 \\(from files kbuild builds only for X86_32, 4.9 to 7.3\\)" \
	"the same driver naming pnpbios_protocol itself: named"
sed 's/scx200_gpio_get(m)/(int)m/' "$a/gpio32.c" >"$tmp/gpio32-none.c"
is "$("$modport" check --target=6.1 --rules=gone "$tmp/gpio32-none.c" 2>&1)" "" \
	"negative control: <linux/scx200_gpio.h> included, nothing of it used"
is "$("$modport" check --target=6.1 --rules=gone "$a/panel-ppc.c" 2>&1)" "" \
	"negative control: the call under #ifdef CONFIG_PPC"
cp "$a/panel.c" "$tmp/archtree/drivers/char/panel.c"
is "$("$modport" check --target=6.1 --rules=gone "$tmp/archtree/drivers/char/panel.c" 2>&1)" "" \
	"negative control: the same file in a kernel tree: not named"
cp "$a/panel.c" "$tmp/tree24/drivers/char/panel.c"
is "$("$modport" check --target=6.1 --rules=gone "$tmp/tree24/drivers/char/panel.c" 2>&1)" "" \
	"negative control: a call in 2.4's tree, whose x86 declared some such names through _syscall3() (waitpid): not named"
mkdir -p "$tmp/archtree/tools/arch/arm64" "$tmp/archtree/tools/include" "$tmp/archtree/tools/testing"
cp "$a/panel.c" "$tmp/archtree/tools/testing/panel.c"
is "$("$modport" check --target=6.1 --rules=gone "$tmp/archtree/tools/testing/panel.c" 2>&1)" "" \
	"negative control: in the tree's tools/, whose own arch/ and include/ are no 2.4 tree: not named"

# The kernel's exports that went away (tests/data/gone-export).
e=tests/data/gone-export
exp=$("$modport" check --target=6.1 --rules=gone,module-parm "$e/alone/mouse24.c" 2>&1)
diag "$exp"
like "$exp" "mouse24.c:11:18: warning: the kernel's export of the function 'register_busmouse' went away between Linux 2.6.0 and 2.6.11" \
	"a call of what 2.4's busmouse.c exported, declared by the driver's own header: reported"
split=$("$modport" check --target=6.1 --rules=gone,module-parm "$e/split/mouse24.c" 2>&1)
unlike "$split" "'register_busmouse'" "another .c of the folder defines it: not reported"
like "$split" "'unregister_busmouse' went away" "what no .c of the folder defines still is"
mkdir "$tmp/defines" && cp "$e/alone/"* "$tmp/defines/" &&
	printf 'int unregister_busmouse(int m)\n{\n\treturn m;\n}\n' >>"$tmp/defines/mouse24.c"
unlike "$("$modport" check --target=6.1 --rules=gone,module-parm "$tmp/defines/mouse24.c" 2>&1)" \
	"'unregister_busmouse'" "the file defines it: not reported"
mkdir "$tmp/today" && cp "$e/alone/"* "$tmp/today/" && sed -i '/MODULE_PARM/d' "$tmp/today/mouse24.c"
is "$("$modport" check --target=6.1 --rules=gone "$tmp/today/mouse24.c" 2>&1)" "" \
	"a file without another finding (a tree of today's: the core's calls need no export): not reported"

# A number that a kept header gave its drivers and lost (the atlas's D
# lines, tests/data/gone-num): reported in a file that shows its age and
# includes that header.
g=tests/data/gone-num
like "$("$modport" check --target=6.1 --rules=gone,module-parm "$g/efi24.c" 2>&1)" \
	"efi24.c:9:9: warning: the number macro of <linux/miscdevice.h> 'EFI_RTC_MINOR' went away between Linux 5.4 and 5.10" \
	"2.4's EFI_RTC_MINOR, a file that includes <linux/miscdevice.h> and shows its age: reported"
mkdir "$tmp/num" && sed '/MODULE_PARM/d' "$g/efi24.c" >"$tmp/num/today.c" &&
	sed 's|#include <linux/miscdevice.h>|#include <linux/fs.h>|' "$g/efi24.c" >"$tmp/num/noinc.c" &&
	sed 's|#include <linux/miscdevice.h>|&\n#define EFI_RTC_MINOR 136|' "$g/efi24.c" >"$tmp/num/own.c"
is "$(for f in today noinc own; do "$modport" check --target=6.1 --rules=gone "$tmp/num/$f.c" 2>&1; done)" "" \
	"negative controls: no other finding, another header, the file's own #define: not reported"
is "$("$modport" check --target=4.19 --rules=gone,module-parm "$g/efi24.c" 2>&1 | grep -c EFI_RTC_MINOR)" 0 \
	"a target that still has it (4.19): not reported"

# An #error that x86 reaches for the architectures its #if asks for.
like "$("$modport" check --target=6.1 --rules=gone,module-parm "$a/sh24.c" 2>&1)" \
	"sh24.c:9:1: warning: this #error stops the build on x86: the #if before it asks for another architecture" \
	"the #else after SuperH's branches: x86 takes it"
like "$("$modport" check --target=6.1 --rules=gone,module-parm "$a/mips24.c" 2>&1)" \
	"mips24.c:5:1: warning: this #error stops the build on x86" \
	"#if !defined(CONFIG_MIPS) || ...: x86 takes it"
unlike "$("$modport" check --target=6.1 --rules=gone,module-parm "$a/x86error24.c" 2>&1)" "#error" \
	"x86's own branch, SuperH's branch, a board's #else, !defined(__alpha__) && !defined(__i386__): none"
sed '/MODULE_PARM/d' "$a/sh24.c" >"$tmp/sh-today.c"
is "$("$modport" check --target=6.1 --rules=gone "$tmp/sh-today.c" 2>&1)" "" \
	"the same #error in a file without another finding (today's, which Kconfig keeps off x86): not named"

# What the compiler never sees, or sees elsewhere, is no finding; each
# class with its negative control, a real leftover of the same shape
# (tests/data/gone-classes; over linux-source-6.1 each removed one of
# the 30 findings of issue 17).
g=tests/data/gone-classes
chk() { "$modport" check --target=6.1 --rules=gone,signature "$@" 2>&1; }
is "$(chk "$g/decl/params.c")" "" \
	"f(void) and T *f(void *p) are parameter lists; a parameter build_skb and a local 'request = { ... }' are the file's"
calls=$(chk "$g/decl/calls.c")
like "$calls" "calls.c:8:23: warning: the name 'request' went away" "negative control: sizeof(request) without the local"
like "$calls" "calls.c:13:31: warning: 'build_skb' takes 2 arguments" "negative control: build_skb(opaque) without the parameter"
like "$calls" "calls.c:16:9: warning: 'acpi_hw_disable_all_gpes' takes 0 arguments" "negative control: called with an argument"
is "$(chk "$g/undef/undef.c")" "" "#ifdef X after a top-level #undef X is dead, as #if 0 is"
like "$(chk "$g/undef/include.c")" "include.c:10:9: warning: the function 'batch_entropy_store' went away" \
	"negative control: an #include after the #undef may define X again"
like "$(chk "$g/undef/inif.c")" "inif.c:12:9: warning: the function 'batch_entropy_store' went away" \
	"negative control: an #undef under #ifdef is no choice of the file's"
like "$(chk "$g/undef/redefine.c")" "redefine.c:11:9: warning: the function 'batch_entropy_store' went away" \
	"negative control: a #define after the #undef defines X again"
is "$(chk "$g/undef/spliced.c")" "" \
	"#un\\<newline>def and #if\\<newline>def are #undef and #ifdef (a directive's name across a splice)"
is "$(chk "$g/compat/both.c")" "" "access_ok()'s old form in one branch, the target's in the other: written for both"
is "$(chk "$g/compat/old.c" | grep -c "'access_ok' takes 2 arguments")" 2 \
	"negative control: the old form in both branches: named in each"
is "$(chk "$g/archbranch/superh.c")" "" \
	"an include under #ifdef CONFIG_SUPERH is SuperH's; <asm/unistd_32.h> is generated by kbuild"
xa=$(chk "$g/archbranch/x86.c")
like "$xa" "x86.c:3:10: warning: the header '<asm/rtc.h>' went away between Linux 4.4 and 4.9" \
	"negative control: the same include outside the branch"
like "$xa" "x86.c:4:10: warning: the header '<asm/tce.h>' went away" "negative control: an asm header kbuild does not generate"
like "$atlas" $'^h\tasm/unistd_32\.h\te-u$' "the atlas: <asm/unistd_32.h>, a file until 2.6.39, generated-y (genhdr-y) since 3.4"
like "$atlas" $'^h\tasm/syscalls_64\.h\tl-u$' "the atlas: <asm/syscalls_64.h>, generated-y from 4.14"
is "$(chk "$g/hdr")" "" "a header's ERROR() comes from fs.h, which its includer super.c includes first"
is "$(chk "$g/macro/task.c")" "" "the body of a macro the file never expands is never compiled"
like "$(chk "$g/macro/used.c")" "used.c:12:38: warning: the member 'list' of struct sas_task went away" \
	"negative control: the same macro, expanded"
is "$(chk "$g/prog")" "" "a program: its <test_progs.h>, on the build's -I, includes <stdio.h>"
is "$(chk "$g/shim")" "" "a program: the <linux/kernel.h> its folder ships (built with -I.) includes <stdio.h>"
is "$(chk "$g/inc")" "" "<drv_types.h> has no folder: the project's include/drv_types.h defines the struct"
like "$(chk "$g/inc/src/recv.c")" "recv.c:7:16: warning: the struct 'ieee80211_snap_hdr' went away" \
	"negative control: the same file without its project"
is "$(chk "$g/dropped/quota.c")" "" "an argument every definition of the file's macro drops is never compiled"
is "$(chk "$g/dropped/named.c")" "" "an argument the file's macro only stringifies (#x) is never compiled"
dbg=$(chk "$g/dropped/debug.c")
unlike "$dbg" "bufflen" "DEBUG_MASK is never defined: the #else's dprintkdbg, which drops its arguments, is live (droparg.h)"
like "$dbg" "debug.c:23:28: warning: the member 'quota' of struct net_device went away" \
	"negative control: dev->quota outside a macro"
sed 's|^#ifdef DEBUG_MASK|#define DEBUG_MASK 1\n&|' "$g/dropped/debug.c" >"$tmp/debug.c"
like "$(chk "$tmp/debug.c")" "debug.c:19:40: warning: the member 'bufflen' of struct scsi_cmnd went away" \
	"negative control: the file defines DEBUG_MASK: the #ifdef's dprintkdbg, which compiles its arguments, is live"
# A kernel tree's file that kbuild builds for another architecture only
# (parisc's iosapic.c, powerpc's vfio_iommu_spapr_tce.c), and a header
# whose <asm/...> the tree's x86 lacks and arm64 has (arm_hypercalls.h).
kb=$(chk "$g/kbuild/tree")
unlike "$kb" "iosapic\\.c" "obj-\$(CONFIG_PARISC) += parisc/: PARISC only arch/parisc/Kconfig defines"
unlike "$kb" "spapr_tce\\.c" "CONFIG_VFIO_IOMMU_SPAPR_TCE depends on SPAPR_TCE_IOMMU, which depends on powerpc's symbols only"
unlike "$kb" "arm_hypercalls" "<asm/kvm_emulate.h>: the tree's x86 lacks it, its arm64 has it"
like "$kb" "vfio_pci_core.c:7:16: warning: the function 'pci_find_device' went away" \
	"negative control: a composite object (vfio-pci-y) of a symbol x86 may set"
like "$kb" "sisusb.c:9:16: warning: the function 'pci_find_device' went away" \
	"negative control: sisusb.o, of CONFIG_USB_SISUSBVGA, which x86 may set"
is "$(grep -c warning <<<"$kb")" 3 "nothing else (sisusb.c: pci_find_device, slot_name)"
# A file that no configuration builds: USB_SISUSBVGA_CON depends on BROKEN,
# which has no prompt, no default and no select - every rule's findings.
sis=$("$modport" check --target=6.1 "$g/kbuild/tree/drivers/usb" 2>&1)
unlike "$sis" "sisusb_con\\.c" "sisusb_con.o of USB_SISUSBVGA_CON (depends on BROKEN): no rule's finding (api-rename, pci-slot-name)"
like "$sis" "sisusb.c:14:22: warning: struct pci_dev has no slot_name" "negative control: sisusb.c, built, keeps every rule's findings"
cp -r "$g/kbuild" "$tmp/kbuild"
printf '\nconfig DEMO\n\tbool "demo"\n\tselect SPAPR_TCE_IOMMU\n' >>"$tmp/kbuild/tree/arch/x86/Kconfig"
mkdir -p "$tmp/kbuild/tree/arch/x86/include/asm"
: >"$tmp/kbuild/tree/arch/x86/include/asm/kvm_emulate.h"
kb=$(chk "$tmp/kbuild/tree")
like "$kb" "vfio_iommu_spapr_tce.c:7:16: warning: the function 'pci_find_device'" \
	"negative control: a symbol x86 may set selects SPAPR_TCE_IOMMU"
like "$kb" "arm_hypercalls.h:5:10: warning: the header '<asm/kvm_emulate.h>' went away" \
	"negative control: the tree's x86 has the header"
unlike "$kb" "iosapic\\.c" "PARISC still only parisc's"
is "$(chk "$tmp/kbuild/tree/drivers/parisc/iosapic.c" | grep -c pci_find_device)" 0 "the file alone: its tree is found"
cp "$g/kbuild/tree/drivers/parisc/iosapic.c" "$tmp/iosapic.c"
like "$(chk "$tmp/iosapic.c")" "iosapic.c:7:16: warning: the function 'pci_find_device'" \
	"negative control: the same file outside a kernel tree"
# Reached through symbolic links from outside the tree: the file's real
# folder is the tree's (kbuildarch resolves a folder from its parent's
# real path where lstat() says it is no link, and by realpath() where it is).
mkdir -p "$tmp/outside"
ln -s "$tmp/kbuild/tree/drivers/parisc" "$tmp/outside/parisc"
ln -s "$tmp/kbuild/tree/drivers" "$tmp/outside/drv"
ln -s "$tmp/kbuild/tree/drivers/parisc/iosapic.c" "$tmp/outside/iosapic.c"
for j in 1 2; do
	out=$(chk -j$j "$tmp/outside/parisc" "$tmp/outside/drv/parisc" \
		"$tmp/outside/drv/parisc/iosapic.c" "$tmp/outside/iosapic.c")
	is "$out" "" "-j$j: the tree's iosapic.c through a linked folder, a link above its folder, and a linked file: its tree is found"
done
cp -r "$tmp/kbuild/tree/drivers/parisc" "$tmp/outside/copy"
like "$(chk "$tmp/outside/copy")" "iosapic.c:7:16: warning: the function 'pci_find_device'" \
	"negative control: a copy of its folder outside the tree"
sed -i 's/^\tbool$/\tbool "Prompt for development and\/or incomplete code\/drivers"/' "$tmp/kbuild/tree/init/Kconfig"
like "$("$modport" check --target=6.1 "$tmp/kbuild/tree/drivers/usb" 2>&1)" "sisusb_con.c:15:22: warning: struct pci_dev has no slot_name" \
	"negative control: BROKEN with a prompt, a build may set it"
cp -r "$g/kbuild" "$tmp/kbuild2"
printf '\nconfig DEMO\n\tbool "demo"\n\tselect BROKEN\n' >>"$tmp/kbuild2/tree/arch/x86/Kconfig"
like "$(chk "$tmp/kbuild2/tree/drivers/usb")" "sisusb_con.c:10:16: warning: the function 'pci_find_device' went away" \
	"negative control: a symbol a build may set selects BROKEN"
# --jobs: a thread reads the Kconfig files of the first folder's tree while
# the folders are walked (kbuild_kconfig_start()), kept if the first .c's
# tree is that one, forgotten if it is another.
jobs() { "$modport" check "$1" --target=6.1 --rules=gone,signature "${@:2}" 2>&1; }
is "$(jobs --jobs=2 "$g/kbuild/tree")" "$(jobs --jobs=1 "$g/kbuild/tree")" \
	"--jobs=2: the Kconfig files a thread read during the walk, the answers of one process"
cp -r "$tmp/kbuild/tree" "$tmp/kconly"
find "$tmp/kconly" -name '*.c' -delete
kc=$(jobs --jobs=2 "$tmp/kconly" "$g/kbuild/tree")
unlike "$kc" "iosapic\\.c|spapr_tce\\.c" \
	"--jobs=2: the thread read the first folder's tree, which has no .c; the first .c's tree is read instead"
is "$kc" "$(jobs --jobs=1 "$tmp/kconly" "$g/kbuild/tree")" "and the same answers as one process's"
# Where the folder named is the tree, its walk hands the thread the Kconfig
# files (kbuild_kconfig_fed()): the same files the thread's own walk
# reads, none under a Documentation folder nor past 16 folders deep. Each
# here would give PARISC a prompt, and iosapic.c its finding.
cp -r "$g/kbuild/tree" "$tmp/kbdoc"
parisc=$'config PARISC\n\tbool "parisc"\n'
mkdir -p "$tmp/kbdoc/Documentation" "$tmp/kbdoc/drivers/Documentation/x" \
	"$tmp/kbdoc/d1/d2/d3/d4/d5/d6/d7/d8/d9/d10/d11/d12/d13/d14/d15/d16/d17"
printf '%s' "$parisc" >"$tmp/kbdoc/Documentation/Kconfig"
printf '%s' "$parisc" >"$tmp/kbdoc/drivers/Documentation/x/Kconfig.parisc"
printf '%s' "$parisc" >"$tmp/kbdoc/d1/d2/d3/d4/d5/d6/d7/d8/d9/d10/d11/d12/d13/d14/d15/d16/d17/Kconfig"
doc=$(jobs --jobs=2 "$tmp/kbdoc")
unlike "$doc" "iosapic\\.c" "--jobs=2, the tree named: no Kconfig under Documentation/ or 17 folders deep is read"
is "$doc" "$(jobs --jobs=1 "$tmp/kbdoc")" "and the same answers as one process's"
printf '%s' "$parisc" >"$tmp/kbdoc/d1/Kconfig.parisc"
like "$(jobs --jobs=2 "$tmp/kbdoc")" "iosapic\\.c:7:16: warning: the function 'pci_find_device'" \
	"negative control: the same Kconfig one folder deep is read"

# #ifdef f, where the atlas says f is no macro of x86's in the target.
is "$(chk "$g/ifdef/compat.c")" "" "#ifdef compat_start_thread: a function on x86 since 5.15, the group is dead"
like "$(chk "$g/ifdef/macro.c")" "macro.c:8:16: warning: 'alloc_netdev' takes 4 arguments" \
	"negative control: #ifdef alloc_netdev, a macro on x86"
like "$atlas" $'^P\tcompat_start_thread\tf-p$' "the atlas: compat_start_thread a macro of 2.6.32..5.10 only"

# An argument the kernel's macro never compiles (the atlas's Z lines).
is "$(chk "$g/dropped/seqcnt.c")" "" "SEQCNT_ZERO(name) only stringifies name"
like "$(chk "$g/dropped/seqinit.c")" "seqinit.c:9:34: warning: the member 'vtime_seqcount' of struct task_struct went away" \
	"negative control: seqcount_init() compiles it"

# A name four local headers down, looked for at a finding (zstd's ERROR():
# zstd_ldm.h, zstd_compress_internal.h, zstd_internal.h, error_private.h); a header kernel code shares with a
# program (jool's types.h) includes the C library's only where __KERNEL__
# is not defined: the kernel's file is no program.
is "$(chk "$g/chain")" "" "ERROR() defined four local headers down the chain is the file's"
like "$(chk "$g/dual")" "mod.c:8:16: warning: the function 'pci_find_device' went away" \
	"<stdbool.h> in the #else of #ifdef __KERNEL__, <stdio.h> under #if !defined(__KERNEL__): kernel code, judged"
is "$(chk "$g/pver")" "" \
	"#if LINUX_VERSION_AT_LEAST(4, 15, 0, 8, 0), the project's macro on LINUX_VERSION_CODE: left to version-conditional"
like "$("$modport" check --target=7.3 --rules=gone,signature "$g/compat/ifndef" 2>&1)" \
	"sem.c:6:8: warning: 'DEFINE_SEMAPHORE' takes 2 arguments in Linux 7.3" \
	"a project's DEFINE_SEMAPHORE under #ifndef DEFINE_SEMAPHORE: 7.3's own, with 2 arguments, is compiled"
is "$(chk "$g/folder")" "" "<dahdi/kernel.h>: a folder of no kernel header is the project's include/, whose compat macro defines pci_free_consistent"

# A struct the target lacks, only the type of pointers nothing dereferences,
# compiles (an incomplete type): sata_dwc_460ex's unused member, at91_can's
# pointer filled by dev_get_platdata() (tests/data/gone-classes/opaque).
# Each negative control needs the struct, or hands the pointer to what
# GCC 14 refuses (incompatible-pointer-types); with that one use undone, it
# is no finding (the control of the control).
o=$g/opaque
is "$(chk "$o/unused.c")" "" \
	"struct ata_probe_ent *pe, never used; pdata = dev_get_platdata(), tested, set to NULL, passed to the file's static function, freed: no finding"
is "$(chk "$o/hdr/ok.c")" "" "the member of a local header, never dereferenced: no finding"
gone_at91() { echo "$1: warning: the struct 'at91_can_data' went away between Linux 3.18 and 4.4"; }
like "$(chk "$o/deref.c")" "$(gone_at91 deref.c:6:16)" "negative control: priv->pdata->multi_irq"
like "$(chk "$o/sizeof.c")" "$(gone_at91 sizeof.c:5:15)" "negative control: sizeof(struct at91_can_data)"
like "$(chk "$o/sizeofp.c")" "$(gone_at91 sizeofp.c:5:15)" "negative control: sizeof(*at91_pdata)"
like "$(chk "$o/byvalue.c")" "$(gone_at91 byvalue.c:5:15)" "negative control: a struct at91_can_data by value"
like "$(chk "$o/passed.c")" "$(gone_at91 passed.c:10:16)" \
	"negative control: clk_enable(priv->pdata), a parameter of another type (an error in GCC 14)"
like "$(chk "$o/callback.c")" "$(gone_at91 callback.c:11:16)" \
	"negative control: a function taking struct at91_can_data *, given away as a callback"
like "$(chk "$o/scope.c")" "$(gone_at91 scope.c:9:30)" \
	"negative control: first named in a parameter list, a type seen there only (passing the global's is an error)"
like "$(chk "$o/hdr/deref.c")" "$(gone_at91 deref.c:8:16)" \
	"negative control: the member of a local header, dereferenced in the file"
like "$(chk "$o/deep")" "$(gone_at91 use.c:11:16)" \
	"negative control: the third local header down includes a fourth, not read (it dereferences the member)"
mkdir "$tmp/opaque"
cp -r "$o/deep" "$tmp/opaque/deep"
sed -i '/d\.h/d' "$tmp/opaque/deep/c.h"
rm "$tmp/opaque/deep/d.h"
is "$(chk "$tmp/opaque/deep")" "" "the control: the third header includes nothing, all is read: no finding"
sed '/multi_irq/d' "$o/deref.c" >"$tmp/opaque/deref.c"
sed 's/sizeof(struct at91_can_data)/sizeof(struct at91_can_data *)/' "$o/sizeof.c" >"$tmp/opaque/sizeof.c"
sed 's/sizeof(\*at91_pdata)/16/' "$o/sizeofp.c" >"$tmp/opaque/sizeofp.c"
sed '/at91_defaults/d' "$o/byvalue.c" >"$tmp/opaque/byvalue.c"
sed 's/clk_enable/kfree/' "$o/passed.c" >"$tmp/opaque/passed.c"
sed 's/\t.probe = at91_board_setup,/\t.probe = NULL,/' "$o/callback.c" >"$tmp/opaque/callback.c"
sed 's/^#include <linux\/module.h>$/&\nstruct at91_priv { struct at91_can_data *pd; };/' "$o/scope.c" >"$tmp/opaque/scope.c"
for f in deref sizeof sizeofp byvalue passed callback scope; do
	is "$(chk "$tmp/opaque/$f.c")" "" "the control of $f.c: without that use, no finding"
done
cp "$o/unused.c" "$tmp/opaque/arith.c"
sed -i 's/\tkeep = pd;/\tkeep = pd + 1;/' "$tmp/opaque/arith.c"
like "$(chk "$tmp/opaque/arith.c")" "$(gone_at91 arith.c:21:16)" "negative control: pd + 1, arithmetic on the incomplete type"
cp "$o/unused.c" "$tmp/opaque/star.c"
sed -i 's/\tif (!pd || pd == NULL)/\tif (!pd || *pd == NULL)/' "$tmp/opaque/star.c"
like "$(chk "$tmp/opaque/star.c")" "$(gone_at91 star.c:21:16)" "negative control: *pd"
cp "$o/unused.c" "$tmp/opaque/global.c"
sed -i 's/^static int at91_setup(/int at91_setup(/' "$tmp/opaque/global.c"
like "$(chk "$tmp/opaque/global.c")" "$(gone_at91 global.c:21:16)" \
	"negative control: at91_setup() not static: another file may take its address"

cp -r "$g" "$tmp/classes"
c=$tmp/classes
sed -i '/define ERROR/d' "$c/chain/four.h"
like "$(chk "$c/chain")" "use.c:6:16: warning: 'ERROR' takes 2 or more arguments" \
	"negative control: the chain's last header without ERROR()"
sed -i 's/LINUX_VERSION_CODE >= KERNEL_VERSION(a, b, c)/JOOL_FEATURES >= (a)/' "$c/pver/linux_version.h"
like "$(chk "$c/pver")" "timer.c:17:9: warning: the function 'init_timer' went away" \
	"negative control: the project's macro does not test the version"
mkdir "$c/folder/include/linux" && mv "$c/folder/include/dahdi/kernel.h" "$c/folder/include/linux/dahdi_kernel.h"
sed -i 's|<dahdi/kernel.h>|<linux/dahdi_kernel.h>|' "$c/folder/drivers/card.c"
like "$(chk "$c/folder")" "card.c:8:9: warning: the function 'pci_free_consistent' went away" \
	"negative control: <linux/...> is the kernel's folder, not the project's"
cp -r "$c/dual" "$c/bsd" && sed -i 's/__FreeBSD__/__linux__/' "$c/bsd/types.h"
is "$(chk "$c/bsd")" "" "negative control: <sys/stddef.h> under #if defined(__linux__): a program's header, not judged"
sed -i '/^#ifndef DEFINE_SEMAPHORE$/d; /^#endif$/d' "$c/compat/ifndef/compat.h"
is "$("$modport" check --target=7.3 --rules=gone,signature "$c/compat/ifndef" 2>&1)" "" \
	"negative control: the project's DEFINE_SEMAPHORE without #ifndef is the one compiled"
sed -i 's/^#else$/#endif\n#if 1/' "$c/dual/types.h"
is "$(chk "$c/dual")" "" "negative control: <stdbool.h> under #if 1: a program's header, not judged"
sed -i '/fs.h/d' "$c/hdr/super.c"
like "$(chk "$c/hdr")" "xattr.h:4:9: warning: 'ERROR' takes 2 or more arguments" \
	"negative control: the includer without fs.h"
: >"$c/prog/test_progs.h"
like "$(chk "$c/prog")" "align.c:6:9: warning: the name 'time_t' went away" \
	"negative control: <test_progs.h> without the C library's headers"
: >"$c/shim/linux/kernel.h"
like "$(chk "$c/shim")" "idr-test.c:6:9: warning: the name 'time_t' went away" \
	"negative control: the shim without the C library's headers"

done_testing
