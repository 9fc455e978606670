# Shared by the TAP tests (bash): plan, ok, is, like, and kernel helpers.
# Source it; it sets TOP, KERNEL, KDIR, MODRUN.
set -u
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KERNEL=${KERNEL:-6.1}
CACHE=${CACHE:-$TOP/cache}
KDIR=$CACHE/kernels/$KERNEL/build
export MODRUN_KERNEL=$CACHE/kernels/$KERNEL
MODRUN=${MODRUN:-$TOP/build/bin/modrun}
T_NUM=0
T_FAILED=0
# Each test file's temporary files in a folder of its own, removed at its
# end: modport reads the folders beside a file it is given (other modules
# of the project: projexports.h), so neither another test's files, run
# beside it by prove -j, nor anything else in /tmp may be there.
# It opens to every user as /tmp does (a test runs modport as another
# user); what mktemp makes in it stays its maker's.
T_TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/test.XXXXXX")
chmod 755 "$T_TMPDIR"
export TMPDIR=$T_TMPDIR

plan() { echo "1..$1"; }

# need TOOL...: the test runs these external commands.  When one is missing
# the test is one failure that names it (never a pass that checked nothing).
need() {
	local t missing=()
	for t in "$@"; do command -v "$t" >/dev/null 2>&1 || missing+=("$t"); done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "1..1"
	echo "not ok 1 - needs ${missing[*]}: command not found (scripts/install-deps installs it)"
	exit 1
}

# A command that is not found anywhere in a test (inside $(...) too) is
# recorded and fails the test at its end, whatever its assertions said.
T_MISSING=$(mktemp)
command_not_found_handle() {
	echo "$1" >>"$T_MISSING"
	echo "${0##*/}: $1: command not found" >&2
	return 127
}
# at_exit CMD: run CMD when the test ends (tests do not set their own EXIT
# trap, which would replace this one).
T_AT_EXIT=()
at_exit() { T_AT_EXIT+=("$1"); }
missing_tools_fail() {
	local status=$? m c
	for c in "${T_AT_EXIT[@]}"; do eval "$c"; done
	m=$(sort -u "$T_MISSING" | tr '\n' ' ')
	if [ -s "$T_NULL" ]; then
		echo "# FAILED: an output holds \"(null)\", a NULL string given to printf:"
		sed 's/^/#   /' "$T_NULL"
		rm -f "$T_MISSING" "$T_NULL" "${T_SIDFILE:-}"
		rm -rf "$T_TMPDIR"
		exit 1
	fi
	rm -f "$T_MISSING" "$T_NULL" "${T_SIDFILE:-}"
	rm -rf "$T_TMPDIR"
	if [ -n "$m" ]; then
		echo "# FAILED: commands not found: $m(scripts/install-deps installs them)"
		exit 1
	fi
	exit $status
}
trap missing_tools_fail EXIT

skip() { T_NUM=$((T_NUM + 1)); echo "ok $T_NUM # SKIP $1"; }
# Every output a test looks at or shows is searched for "(null)": glibc
# prints that for a NULL string, where another libc crashes.  One found
# fails the test at its end.
T_NULL=$(mktemp)
no_null() { case $* in *'(null)'*) printf '%s\n' "$*" | grep -F '(null)' | head -3 >>"$T_NULL" ;; esac; }
diag() { no_null "$@"; printf '%s\n' "$@" | sed 's/^/# /'; }
# explain TEXT: diag on stderr, which prove shows without -v (for a failure)
explain() { diag "$@" >&2; }

ok() {	# ok CONDITION-STATUS NAME
	T_NUM=$((T_NUM + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $T_NUM - $2"
	else
		echo "not ok $T_NUM - $2"
		T_FAILED=$((T_FAILED + 1))
	fi
}

is() {	# is GOT WANT NAME
	no_null "$1"
	if [ "$1" = "$2" ]; then ok 0 "$3"; else
		ok 1 "$3"; diag "     got: '$1'" "expected: '$2'"; fi
}

like() { # like TEXT EXTENDED-REGEX NAME
	no_null "$1"
	if grep -qE -- "$2" <<<"$1"; then ok 0 "$3"; else
		ok 1 "$3"; diag "no line matches /$2/ in:"; diag "$1" | head -40; fi
}

unlike() { # unlike TEXT EXTENDED-REGEX NAME
	no_null "$1"
	if grep -qE -- "$2" <<<"$1"; then
		ok 1 "$3"; diag "a line matches /$2/:"; grep -E -- "$2" <<<"$1" | head -5 | diag "$(cat)"
	else ok 0 "$3"; fi
}

count() { grep -cE -- "$2" <<<"$1"; }	# count TEXT REGEX

done_testing() { exit $((T_FAILED > 0)); }

# build_modules SRC-DIR NAME: copy a kbuild folder into build/ and build it
# against $KDIR; prints the build folder.  The build's output is in
# DIR/build.log and its status in DIR/build.status.
build_modules() {
	local src=$1 dir=$TOP/build/kmod/$KERNEL/$2
	rm -rf "$dir"
	mkdir -p "$dir"
	cp -r "$src"/. "$dir"/
	"$TOP/scripts/kbuild" "$KERNEL" "$dir" modules ${W:+W=$W} >"$dir/build.log" 2>&1
	echo $? >"$dir/build.status"
	echo "$dir"
}

# session_run CMD...: run CMD in a session of its own, so that what it leaves
# running (a QEMU) can be counted afterwards with left_in_session, whatever
# other tests run at the same time.
T_SIDFILE=$(mktemp)
session_run() { setsid -w bash -c 'echo $$ >"$0"; exec "$@"' "$T_SIDFILE" "$@"; }
# left_in_session: how many processes of that session still run.  Without
# pgrep (procps) it prints nothing and the comparison with 0 fails.
left_in_session() {
	command -v pgrep >/dev/null || { echo "left_in_session: pgrep: command not found" >&2; echo "pgrep" >>"$T_MISSING"; return 127; }
	pgrep -s "$(cat "$T_SIDFILE")" | wc -l
}

# check_manual BIN PAGE: the manual is clean mdoc (mandoc -Tlint) and renders
# with man(1); --help and --version answer on stdout with exit status 0.
# Six tests.
check_manual() {
	local bin=$1 page=$2 name out status
	name=$(basename "$bin")
	out=$(mandoc -Tlint -Wwarning "$page" 2>&1); status=$?
	[ -n "$out" ] && diag "$out"
	is "$status" 0 "$(basename "$page"): mandoc -Tlint finds no warning"
	like "$(MANWIDTH=80 man "$page" 2>/dev/null)" "EXIT STATUS" "man $(basename "$page") renders"
	out=$("$bin" --help); status=$?
	is "$status" 0 "$name --help exits 0"
	like "$out" "^usage: $name " "$name --help prints the usage"
	out=$("$bin" --version); status=$?
	is "$status" 0 "$name --version exits 0"
	like "$out" "^$name [0-9]" "$name --version prints the version"
}

# preserved DIFF: in each file of a unified diff, every line the diff removes holds an entry point's name or
# #define MODULE or a series rule's site (a removed line, a MODULE_PARM, a use
# count, a GNU field: initializer, a one-line initializer that gains
# .owner = THIS_MODULE, a forwarding wrapper's lines), or comes back whole inside an added line ("int" in
# "static int", a last line that gains its newline).  A run of removed lines
# that begins with a conditional directive (#if or #elif on LINUX_VERSION_CODE,
# #else, #endif) is a version-conditional site; build files (Makefile*, Kbuild,
# *.mk) have golden tests of their own (tests/modport-versions.t, fixtures in tests/modport/versions/).
preserved() {
	# the old forms of the table of API changes (modport/changes.def)
	local changes
	changes=$(sed -n -e 's/^CHANGE(MEMBER, "[^".]*[.]\([^"]*\)".*/\1/p' \
		-e 's/^CHANGE([A-Z_]*, "\([^"]*\)".*/\1/p' "$TOP/modport/changes.def" |
		sed 's/(.*//; s/[.]/[.]/g' | paste -sd'|')	# a call pattern: its name; a MEMBER row: its member
	awk -v changes="$changes" 'function all_added(l,   w, n, k, gone) {
		# every word stays but the name of a dropped parameter
		n = split(l, w, /[^A-Za-z_0-9]+/)
		for (k = 1; k <= n; k++)
			if (w[k] != "" && w[k] != "const" && !index(add, w[k]))
				gone++
		return gone <= 2
	}
	function check(   i, l, c) {
		if (file ~ /(^|\/)(Makefile[^\/]*|Kbuild|[^\/]*\.mk)$/)
			n = 0
		for (i = 1; i <= n; i++) {
			if (vh[dh[i]])
				continue
			l = del[i]; sub(/\r$/, "", l)
			if (l ~ /init_module|cleanup_module|define[ \t]+MODULE/ || index(add, l))
				continue
			if (l ~ /EXPORT_NO_SYMBOLS|EXPORT_SYMTAB|__NO_VERSION__|linux\/(config|malloc)\.h/)
				continue
			if (changes != "" && l ~ changes)
				continue	# a site of the table of API changes (rules/changes.c)
			if (l ~ /f_dentry|current->e?uid|init_MUTEX|DECLARE_MUTEX|SPIN_LOCK_UNLOCKED|access_ok|SA_SHIRQ|SA_INTERRUPT|kmem_cache_(t|create)|system_utsname|del_timer|del_singleshot|no_llseek|class_create|ioremap_nocache|usb_buffer_|VM_RESERVED|vm_flags|asm\/(system|semaphore)\.h|linux\/(smp_lock|genhd)\.h/)
				continue	# a site of the API rules since 2.6 (rules/apis.c)
			if (l ~ /struct inode[ \t]*\*|[.]?ioctl[ \t]*[=:]|create_proc_entry|proc_fops|file_operations|^[ \t]*if[ \t]*\([A-Za-z_][A-Za-z_0-9]*\)[ \t]*$/)
				continue	# fops-ioctl, create-proc-entry, proc-ops (rules/fops.c)
			if (l ~ /^[ \t]*[.](owner|open|read|read_iter|write|llseek|release|poll|mmap|unlocked_ioctl|compat_ioctl|get_unmapped_area)[ \t]*=/)
				continue	# a member of a proc_ops
			if (l ~ /struct pt_regs|work_struct|(INIT|PREPARE|DECLARE)_WORK|schedule_work|queue_work|cancel_work_sync|flush_work|init_timer|setup_timer|defined[ \t]*\(?[ \t]*from_timer|[.]function|[.>]data[ \t]*=|timer_list|DECLARE_TASKLET|tasklet_init|timeval|gettimeofday|current_kernel_time|tv_usec|timespec/)
				continue	# work-3-args, timer-setup, tasklet-data, timeval (rules/work.c, timer.c, tasklet.c, timeval.c)
			if (l ~ /void[ \t]+[A-Za-z_][A-Za-z_0-9]*[ \t]*\((void[ \t]*\*|unsigned[ \t]+long)|^[ \t]*struct[ \t]+[A-Za-z_][A-Za-z_0-9]*[ \t]*\*[ \t]*[A-Za-z_][A-Za-z_0-9]*[ \t]*=/)
				continue	# their callbacks: the signature, the data taken back
			if (l ~ /(irq|interrupt)[A-Za-z_0-9]*[ \t]*\(.*,.*,.*\)/)
				continue	# irq-regs: the handler, called
			if (l ~ /nopage|NOPAGE_(SIGBUS|OOM)|VM_FAULT_MINOR|unsigned long [A-Za-z_0-9]+, int \*?[A-Za-z_0-9]+\)|^[ \t]*return[ \t]+[A-Za-z_][^;]*;[ \t]*$/)
				continue	# a .nopage handler (rules/nopage.c)
			if (l ~ /create_proc_read_entry/)
				continue	# proc-read (rules/procread.c)
			if (l ~ /CURRENT_TIME|(^|[^A-Za-z_0-9.>])(minor|major)[ \t]*\(/)
				continue	# current-time (rules/timeval.c), kdev-minor (rules/kdev.c)
			if (l ~ /^[ \t]*[A-Za-z_][A-Za-z_0-9 \t*,]*(\([A-Za-z_0-9 \t*,]*)?(\)[ \t]*[;{]?|,)[ \t]*$/ && all_added(l))
				continue	# a function head that the method rule changed (rules/methods.c)
			if (l ~ /^[ \t]*return[ \t]+0[ \t]*;/ && add ~ /void/)
				continue	# method: int becomes void, the final return 0 goes (rules/methods.c)
			if (l ~ /^[ \t]*return[ \t]*;/)
				continue	# void-irq-handler: return IRQ_HANDLED (rules/irqhandler.c)
			if (l ~ /(\.|->)[ \t]*function[ \t]*=[ \t]*[A-Za-z_][A-Za-z_0-9]*[ \t]*;/)
				continue	# setup: the callback set after an init call goes into the setup call (rules/setup.c)
			if (l ~ /(un)?lock_kernel[ \t]*\(/)
				continue	# bkl (rules/bkl.c)
			if (l ~ /pci_for_each_dev|current->(state|need_resched)|timer_list.*=|^[ \t]*(function|data)[ \t]*:|^[ \t]*[}];/)
				continue	# task-state (rules/apis.c), define-timer (rules/definetimer.c)
			if (l ~ /sleep_on(_timeout)?[ \t]*\(/)
				continue	# sleep-on (rules/sleepon.c)
			if (l ~ /(save_flags|restore_flags|cli|sti)[ \t]*\(/)
				continue	# cli-sti (rules/clisti.c)
			if (l ~ /(check|request)_region[ \t]*\(/)
				continue	# check-region (rules/checkregion.c)
			if (l ~ /->[ \t]*index[^A-Za-z_0-9]/)
				continue	# page-index (rules/devinit.c)
			if (l ~ /NULL,[ \t]*NULL\);/)
				continue	# usercopy: the last arguments of a cache (rules/apis.c)
			if (l ~ /devfs|DEVFS_FL|S_IFCHR|_fops, NULL\);/)
				continue	# devfs (rules/devfs.c)
			if (l ~ /->[ \t]*(open|stop|hard_start_xmit|get_stats|set_multicast_list|set_mac_address|do_ioctl|tx_timeout|change_mtu|set_config|poll_controller|hard_header|rebuild_header|hard_header_cache|header_cache_update|priv|trans_start|last_rx|poll|weight|quota)[ \t]*[-=;),]|netif_rx_|\*budget|int \*budget|^[ \t]*return 1;|^[ \t]*(if[ \t]*\(.*\)[ \t]*\{|\})[ \t]*$|dev_addr|__dev(init|exit)|slot_name|SET_MODULE_OWNER|pci_module_init|alloc_netdev|NETIF_F_NO_CSUM|dev_kfree_skb|^[a-z ]*int [A-Za-z_0-9]+[ \t]*\(struct sk_buff|^[a-z ]*void [A-Za-z_0-9]+[ \t]*\(struct net_device[ \t]*\*[A-Za-z_0-9]*\)|void[ \t]*\*daddr/)
				continue	# a site of the net_device rules (rules/netdev.c)
			if (l ~ /mc_list|mc_count|dmi_addr|kfree[ \t]*\(|alloc_etherdev|\)[ \t]*[A-Za-z_][A-Za-z_0-9]*[ \t]*\)[ \t]*\+\+/)
				continue	# mc-list, netdev-priv, free-netdev, cast-lvalue (rules/netdev.c, castlvalue.c)
			c = l; if (sub(/static[ \t]+/, "", c) && index(add, c))
				continue	# static-export (rules/staticexport.c)
			if (l ~ /^[ \t]*return[ \t]+[-A-Za-z_0-9]*[ \t]*;/ && i > 1 && del[i - 1] ~ /->[ \t]*priv/)
				continue	# the test of a private area the driver allocated (netdev-priv)
			if (l ~ /(^|[^A-Za-z_0-9])(err|info|warn|dbg)[ \t]*\(/)
				continue	# usb-log
			if (l ~ /^[ \t]*(if[ \t]*\(.*\)|else)[ \t]*$/ && del[i + 1] ~ /MOD_(INC|DEC)_USE_COUNT/)
				continue	# a bare if (or else) around a use count
			if (l ~ /MODULE_PARM|MOD_(INC|DEC)_USE_COUNT|try_inc_mod_count|GET_USE_COUNT|^[ \t]*\{?[ \t]*[A-Za-z_][A-Za-z_0-9]*[ \t]*:/)
				continue
			if (l ~ /[{,][ \t]*[A-Za-z_][A-Za-z_0-9]*[ \t]*:[^:]/)
				continue	# a GNU field: initializer inside a line
			if (l ~ /"[0-9-]*[ilhbsc][0-9]*"[ \t]*\)[ \t]*;/)
				continue	# the last line of a MODULE_PARM
			c = l; if (sub(/const[ \t]+/, "", c) && index(add, c))
				continue
			if (l ~ /^[ \t]*#[ \t]*endif/)
				continue
			c = l; if (sub(/<[^>]*>/, "\"&\"", c) && gsub(/"<|>"/, "\"", c) && index(add, c))
				continue	# own-header: #include <P> becomes "P" (rules/gone.c)
			if (l ~ /^[ \t]*[{}]?;?[ \t]*$|^[ \t]*(return[ \t]+)?[A-Za-z_][A-Za-z_0-9]*[ \t]*\([ \t]*\)[ \t]*;[ \t]*$/)
				continue
			print "changed: " file ": " l; bad = 1
		}
		n = 0; add = ""
	}
	/^--- / { check(); file = substr($0, 5); next }
	/^\\/ { next }
	/^@@/ { hunk++ }
	/^-/ && !/^--- / {
		del[++n] = substr($0, 2); dh[n] = hunk
		if (del[n] ~ /^[ \t]*#[ \t]*((el)?if.*LINUX_VERSION_CODE|else)/)
			vh[hunk] = 1
		if (del[n] ~ /aio_(read|write|complete)|struct kiocb/)
			vh[hunk] = 1	# aio-methods removes what served them
	}
	/^\+/ && !/^\+\+\+ / {
		a = substr($0, 2); add = add "\n" a
		if (sub(/ \.owner = THIS_MODULE,/, "", a)) add = add "\n" a
	}
	END { check(); exit bad }' "$1"
}
