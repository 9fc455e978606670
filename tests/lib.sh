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

plan() { echo "1..$1"; }
diag() { printf '%s\n' "$@" | sed 's/^/# /'; }

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
	if [ "$1" = "$2" ]; then ok 0 "$3"; else
		ok 1 "$3"; diag "     got: '$1'" "expected: '$2'"; fi
}

like() { # like TEXT EXTENDED-REGEX NAME
	if grep -qE -- "$2" <<<"$1"; then ok 0 "$3"; else
		ok 1 "$3"; diag "no line matches /$2/ in:"; diag "$1" | head -40; fi
}

unlike() { # unlike TEXT EXTENDED-REGEX NAME
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
trap 'rm -f "$T_SIDFILE"' EXIT
session_run() { setsid -w bash -c 'echo $$ >"$0"; exec "$@"' "$T_SIDFILE" "$@"; }
left_in_session() { pgrep -s "$(cat "$T_SIDFILE")" | wc -l; }

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
