#!/usr/bin/env bash
# modport has no silent limit: what used to stop at a fixed size (64
# functions that counted users, 8 definitions of an entry point, a #define
# body of 256 tokens, a message of 320 bytes, 64 nested #if groups, 32
# #undef'd names) now grows, under both builds.
# Each case is past the old limit, so that the test fails on the old code.
. "$(dirname "$0")/lib.sh"
bins=("$TOP/build/bin/modport" "$TOP/build/san/bin/modport")
plan $(( ${#bins[@]} * 12 ))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$T_SIDFILE"' EXIT

# 70 open() functions that count their users, each with its fops.
{
	echo '#include <linux/module.h>'
	echo '#include <linux/fs.h>'
	for n in $(seq 1 70); do
		printf 'static int open_%d(struct inode *i, struct file *f)\n{\n\tMOD_INC_USE_COUNT;\n\treturn 0;\n}\n' "$n"
		printf 'static struct file_operations fops_%d = {\n\t.open = open_%d,\n};\n' "$n" "$n"
	done
	echo 'MODULE_LICENSE("GPL");'
} >"$tmp/opens.c"

# init_module defined in 10 conditional groups: 10 registrations.
{
	echo '#include <linux/module.h>'
	for n in $(seq 1 10); do
		printf '#%s defined(CONFIG_V%d)\nint init_module(void)\n{\n\treturn %d;\n}\n' \
			"$([ "$n" = 1 ] && echo if || echo elif)" "$n" "$n"
	done
	echo '#endif'
	echo 'MODULE_LICENSE("GPL");'
} >"$tmp/inits.c"

# A #define body of 400 tokens whose last declaration is a parameter.
{
	echo '#include <linux/module.h>'
	printf '#define PARAMS \\\n'
	for n in $(seq 1 100); do printf '\tstatic int p%d = 0; \\\n' "$n"; done
	printf '\tMODULE_PARM(p100, "i");\n'
	echo 'PARAMS'
	echo 'MODULE_LICENSE("GPL");'
} >"$tmp/params.c"

# A handler whose name makes the message longer than 320 bytes (kept in a
# variable too: reported, with its name twice).
long=handler_$(printf 'x%.0s' $(seq 1 200))
{
	echo '#include <linux/module.h>'
	echo '#include <linux/sched.h>'
	printf 'static void %s(int irq, void *dev_id, struct pt_regs *regs)\n{\n}\n' "$long"
	printf 'static int setup(void)\n{\n\treturn request_irq(5, %s, SA_SHIRQ, "x", 0);\n}\n' "$long"
	printf 'static void *kept = %s;\n' "$long"
} >"$tmp/long.c"

# An #if with 64 "LINUX_VERSION_CODE != N &&" terms before the range that
# makes it live on 6.5: more constants than the resolver keeps (64).
{
	echo '#include <linux/module.h>'
	echo '#include <linux/version.h>'
	printf '#if '
	for n in $(seq 1 64); do printf 'LINUX_VERSION_CODE != %d && ' "$n"; done
	echo 'LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0) && LINUX_VERSION_CODE < KERNEL_VERSION(6, 6, 0)'
	echo 'static int live_on_6_5;'
	echo '#endif'
	echo 'MODULE_LICENSE("GPL");'
} >"$tmp/consts.c"

# A module's use count read under an "#if 0" 70 groups deep (the walk
# kept 64 and called deeper code live), and one read in a live group as
# deep.
count_in() {	# count_in NAME CONDITION: a read of the count under CONDITION
	printf 'static int %s(void)\n{\n#%s\n' "$1" "$2"
	printf '\treturn GET_USE_COUNT(THIS_MODULE);\n#endif\n\treturn 0;\n}\n'
}
{
	echo '#include <linux/module.h>'
	for n in $(seq 1 70); do echo "#if defined(CONFIG_D$n) || 1"; done
	count_in dead_count 'if 0'
	count_in live_count 'if 1'
	for n in $(seq 1 70); do echo '#endif'; done
	echo 'MODULE_LICENSE("GPL");'
} >"$tmp/deep.c"

# 40 names #undef'd at the top (the walk kept 32): "#ifdef U40" is dead,
# as "#if 0" is; "#ifdef U41", never #undef'd, may be live.
{
	echo '#include <linux/module.h>'
	for n in $(seq 1 40); do echo "#undef U$n"; done
	count_in dead_count 'ifdef U40'
	count_in live_count 'ifdef U41'
	echo 'MODULE_LICENSE("GPL");'
} >"$tmp/undefs.c"

for bin in "${bins[@]}"; do
	tag=$(basename "$(dirname "$(dirname "$bin")")")
	out=$("$bin" fix - <"$tmp/opens.c" 2>/dev/null)
	is "$(grep -c '\.owner = THIS_MODULE,' <<<"$out")" 70 "$tag: 70 open() functions that counted: all 70 fops get .owner"
	is "$(grep -c 'MOD_INC_USE_COUNT' <<<"$out")" 0 "$tag: and every count goes"
	out=$("$bin" fix --name=m - <"$tmp/inits.c" 2>/dev/null)
	is "$(grep -c '^module_init(m_init);$' <<<"$out"):$(grep -c '^static int m_init(void)$' <<<"$out")" "10:10" \
		"$tag: 10 definitions of init_module in 10 groups: 10 made static, 10 registrations"
	out=$("$bin" fix - <"$tmp/params.c" 2>/dev/null)
	like "$out" 'module_param\(p100, int, 0\);$' "$tag: MODULE_PARM after 400 tokens of a #define body finds its declaration there"
	out=$("$bin" check "$tmp/long.c")
	is "$(grep -o "$long" <<<"$out" | wc -l)" 2 "$tag: a long message is whole (the name twice)"
	like "$out" "port it by hand \[void-irq-handler\]$" "$tag: a long message keeps its end and its rule"
	out=$("$bin" fix --target=6.1..7.3 - <"$tmp/consts.c" 2>/dev/null)
	like "$out" 'static int live_on_6_5;' "$tag: an #if of 66 constants, live on 6.5: its branch stays"
	unlike "$("$bin" check --target=6.1..7.3 "$tmp/consts.c")" 'false on every kernel' \
		"$tag: and it is not called false on every kernel of the target"
	for f in deep undefs; do
		out=$("$bin" fix - <"$tmp/$f.c" 2>/dev/null)
		what="70 groups deep, a read under #if 0"
		[ "$f" = deep ] || what="after 40 top-level #undefs, a read under '#ifdef U40'"
		is "$(sed -n '/^static int dead_count/,/^}/p' <<<"$out" | grep -c GET_USE_COUNT)" 1 \
			"$tag: $what is dead code, left as it is"
		is "$(sed -n '/^static int live_count/,/^}/p' <<<"$out" | grep -c 'module_refcount(THIS_MODULE)')" 1 \
			"$tag: and a live one there is ported (module_refcount)"
	done
done
done_testing
