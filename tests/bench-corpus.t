#!/usr/bin/env bash
# bench/lib/corpus.sh, which the corpus benches (dkms-port, char24,
# ldd3-errors) share: the first error of a build log (compiler, modpost,
# make; a kernel header's error placed on the source line that expands the
# macro), and whether a finding names it.  Logs made up, no kernel needed.
. "$(dirname "$0")/lib.sh"
need perl awk sed
plan 22
. "$TOP/bench/lib/corpus.sh"

tmp=$(mktemp -d)
at_exit "rm -rf '$tmp'"
src=$tmp/src
hdr=$tmp/headers
mkdir -p "$src/sub" "$hdr/include/linux"
touch "$src/a.c" "$src/sub/b.c" "$hdr/include/linux/timer.h"

# Warnings first, then two errors: the first error is the one.
cat >"$tmp/log1" <<EOF
  CC [M]  $src/a.c
$src/a.c:3:1: warning: no previous prototype for 'f' [-Wmissing-prototypes]
$src/a.c: In function 'g':
$src/a.c:12:9: error: implicit declaration of function 'strlcpy'; did you mean 'strscpy'? [-Werror=implicit-function-declaration]
$src/a.c:20:2: error: 'x' undeclared (first use in this function)
cc1: some warnings being treated as errors
make[2]: *** [scripts/Makefile.build:250: $src/a.o] Error 1
EOF
err=$(corpus_first_error "$tmp/log1" "$src" "$hdr")
is "$err" "a.c	12	implicit declaration of function 'strlcpy'; did you mean 'strscpy'? [-Werror=implicit-function-declaration]" \
	"the first error, a -Werror= one, file relative to the sources"
printf '%s\n' "a.c:12:9: warning: strlcpy is gone since 6.8 [strlcpy]" >"$tmp/f-yes"
printf '%s\n' "a.c:3:1: warning: something else [x]" "a.c:120:9: warning: other [y]" \
	"sub/a.c:12:1: warning: same line, another file [z]" >"$tmp/f-no"
is "$(corpus_named "$err" "$tmp/f-yes")" yes "a finding on its file and line names it"
is "$(corpus_named "$err" "$tmp/f-no")" no "findings on other lines (12 is not 120) or files do not"
is "$(corpus_named "$err" /nonexistent)" no "no findings file: not named"

# A missing header: the #include line.
cat >"$tmp/log2" <<EOF
$src/sub/b.c:42:10: fatal error: asm/unaligned.h: No such file or directory
   42 | #include <asm/unaligned.h>
compilation terminated.
EOF
err=$(corpus_first_error "$tmp/log2" "$src" "$hdr")
is "$err" "sub/b.c	42	asm/unaligned.h: No such file or directory" "a missing header is an error on its #include line"
is "$(corpus_cause "${err##*	}")" "header gone: <asm/unaligned.h>" "its cause"

# kbuild of 6.13+ names files relative to M=, which may be below the sources.
printf '%s\n' "b.c:7:3: error: 'struct flowi4' has no member named 'flowi4_tos'" >"$tmp/log3"
is "$(corpus_first_error "$tmp/log3" "$src" "$hdr")" "sub/b.c	7	'struct flowi4' has no member named 'flowi4_tos'" \
	"a file name relative to a folder below the sources is found"

# Two folders with a main.c: the one make entered last.
mkdir -p "$src/x" "$src/y" && touch "$src/x/main.c" "$src/y/main.c"
printf '%s\n' "make[2]: Entering directory '$src/y'" "main.c:4:1: error: e" >"$tmp/log3b"
is "$(corpus_first_error "$tmp/log3b" "$src" "$hdr" | cut -f1)" "y/main.c" \
	"a name that two folders have: the folder make entered"

# An error inside a kernel header, from a macro the source expands.
cat >"$tmp/log4" <<EOF
In file included from $src/a.c:5:
$hdr/include/linux/timer.h:90:2: error: 'x' undeclared (first use in this function)
$src/a.c:30:2: note: in expansion of macro 'setup_timer'
EOF
err=$(corpus_first_error "$tmp/log4" "$src" "$hdr")
is "$err" "a.c	30	'x' undeclared (first use in this function) [in linux/timer.h:90]" \
	"an error in a kernel header is placed on the line that expands the macro"
# A macro of the sources expands the kernel's: the error is placed on the
# last expansion (the use); the macro's own line, where the call it makes
# is, is ALSO, and a finding there names the error.
cat >"$tmp/log4b" <<EOF
$hdr/include/uapi/linux/ioprio.h:123:9: error: passing argument 5 of 'dm_io' makes pointer from integer without a cast
$hdr/include/linux/ioprio.h:14:25: note: in expansion of macro 'IOPRIO_PRIO_VALUE'
$src/a.c:35:69: note: in expansion of macro 'IOPRIO_DEFAULT'
$src/a.c:67:19: note: in expansion of macro 'DM_IO'
EOF
err=$(corpus_first_error "$tmp/log4b" "$src" "$hdr")
is "$(cut -f1,2,4 <<<"$err")" "a.c	67	a.c:35" "a macro's own line in the sources is ALSO"
echo "a.c:35:39: warning: 'dm_io' takes 6 arguments [signature]" >"$tmp/f-also"
is "$(corpus_named "$err" "$tmp/f-also")" yes "a finding on an ALSO line names the error"
cat >"$tmp/log5" <<EOF
In file included from $hdr/include/linux/timer.h:3,
                 from $src/a.c:5:
$hdr/include/linux/timer.h:90:2: error: unknown type name 'foo'
EOF
is "$(corpus_first_error "$tmp/log5" "$src" "$hdr" | cut -f1,2)" "a.c	5" \
	"else on the source's #include that brought the header in"
cat >"$tmp/log5b" <<EOF
In file included from $src/a.c:5:
$hdr/include/linux/timer.h:198:19: error: static declaration of 'del_timer_sync' follows non-static declaration
$src/sub/b.c:4:27: note: previous declaration of 'del_timer_sync' with type 'int(struct timer_list *)'
EOF
is "$(corpus_first_error "$tmp/log5b" "$src" "$hdr" | cut -f1,2)" "sub/b.c	4" \
	"or on a note in the sources (a #define that renamed a kernel function)"

# modpost and make.
cat >"$tmp/log6" <<EOF
  MODPOST $src/Module.symvers
ERROR: modpost: "strlcpy" [$src/a.ko] undefined!
make[2]: *** [scripts/Makefile.modpost:126: $src/Module.symvers] Error 1
EOF
err=$(corpus_first_error "$tmp/log6" "$src" "$hdr")
is "$err" "-	-	\"strlcpy\" [$src/a.ko] undefined!" "a modpost error"
is "$(corpus_named "$err" "$tmp/f-yes")" yes "named by a finding that names the symbol"
is "$(corpus_named "$err" "$tmp/f-no")" no "not by findings that do not"
printf '%s\n' "ERROR: modpost: a.ko: symbol 'strlcpy' undefined!" >"$tmp/log6b"
err=$(corpus_first_error "$tmp/log6b" "$src" "$hdr")
is "$(corpus_named "$err" "$tmp/f-yes")/$(corpus_cause "${err##*	}")" "yes/symbol undefined: strlcpy" \
	"modpost's newer message: named, and its cause"
printf '%s\n' "ERROR: modpost: missing MODULE_LICENSE() in $src/a.o" >"$tmp/log6c"
err=$(corpus_first_error "$tmp/log6c" "$src" "$hdr")
echo "a.c:9:1: warning: no MODULE_LICENSE() in a module [missing-license]" >"$tmp/f-lic"
is "$(corpus_named "$err" "$tmp/f-lic")/$(corpus_named "$err" "$tmp/f-yes")" "yes/no" \
	"modpost's missing license: named by a missing-license finding, not by others"
printf '%s\n' "Makefile:3: *** KERNELDIR is not set.  Stop." >"$tmp/log7"
is "$(corpus_first_error "$tmp/log7" "$src" "$hdr")" "-	-	make: KERNELDIR is not set" "a make error"
printf '%s\n' "  CC [M]  $src/a.c" "$src/a.c:1:1: warning: w [-Wfoo]" "  LD [M]  $src/a.ko" >"$tmp/log8"
is "$(corpus_first_error "$tmp/log8" "$src" "$hdr")" "" "a log with warnings only has no first error"

# corpus_short and corpus_hash.
is "$(corpus_short "sub/b.c	42	asm/unaligned.h: No such file or directory")" \
	"b.c:42: asm/unaligned.h: No such file or directory" "one short cell"
h1=$(corpus_hash "$src")
echo x >"$src/a.c"
h2=$(corpus_hash "$src")
ok $([ -n "$h1" ] && [ "$h1" != "$h2" ]; echo $?) "the hash changes with a file's contents"
done_testing
