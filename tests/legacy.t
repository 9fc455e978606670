#!/usr/bin/env bash
# The article's point, on a modern kernel: the verbatim 2.4 listing does not
# build any more.  kbuild already defines MODULE ("MODULE" redefined), and
# modpost rejects a module without MODULE_LICENSE() (an error since 5.11).
. "$(dirname "$0")/lib.sh"
need make gcc cmp
plan 5

src=$(mktemp -d)
at_exit 'rm -rf "$src"'
cp "$TOP/legacy/hello-2.4.c" "$src/hello.c"
echo 'obj-m := hello.o' >"$src/Kbuild"
dir=$(build_modules "$src" legacy)
log=$(cat "$dir/build.log")
diag "$log"
isnt_zero=$(cat "$dir/build.status")
[ "$isnt_zero" -ne 0 ]; ok $? "the 2.4 listing fails to build against $KERNEL headers"
like "$log" 'warning: "MODULE" redefined' "the compiler warns: \"MODULE\" redefined"
# The decisive line moves with the kernel (matrix/expect): modpost's missing
# license up to 6.14, objtool's magic init_module name on IBT kernels since.
want=$(awk -v k="$KERNEL" '!/^#/ && $1 == k { $1 = $2 = ""; sub(/^ +/, ""); print }' "$TOP/matrix/expect")
[ -n "$want" ] || want='ERROR: modpost: missing MODULE_LICENSE\(\) in .*hello\.o'
line=$(grep -E '(^|: )(ERROR|error)[: ]' <<<"$log" | head -n 1 | sed -E 's#(/[^/ :]+)+/([^/ :]+)#\2#g')
like "$line" "$want" "the decisive error for $KERNEL: $want"
[ ! -e "$dir/hello.ko" ]; ok $? "no hello.ko is produced"
cmp -s "$TOP/legacy/hello-2.4.c" <(cat <<'LISTING'
#define MODULE
#include <linux/module.h>
#include <linux/kernel.h>

int init_module(void)
{
    printk(KERN_INFO "Hello, world\n");
    return 0;
}

void cleanup_module(void)
{
    printk(KERN_INFO "Goodbye cruel world\n");
}
LISTING
)
ok $? "legacy/hello-2.4.c is the article's listing, verbatim"
done_testing
