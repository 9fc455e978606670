#!/usr/bin/env bash
# modport's bad-input table (modport(1), BAD INPUT), under both builds.  For
# each bad file, `modport fix --in-place` is given it and a good file: a
# clear message naming the bad file, exit status 2, the good file still
# fixed, the bad file untouched and no temporary file left.
. "$(dirname "$0")/lib.sh"
need setpriv md5sum cmp
bins=("$TOP/build/bin/modport" "$TOP/build/san/bin/modport")
plan $(( ${#bins[@]} * (9 * 4 + 5 + 12 + 8) + 6 ))

tmp=$(mktemp -d)
at_exit 'chmod -R u+rwX "$tmp"; rm -rf "$tmp"'
chmod 755 "$tmp"
good=$TOP/legacy/hello-2.4.c
mkdir "$tmp/open"
printf 'int init_module(void)\n{\n#if 0\n\tputs("no end);\n#endif\n\treturn 0;\n}\n' >"$tmp/open/dead.c"
printf '#define X "no end\nint init_module(void)\n{\n\treturn 0;\n}\n' >"$tmp/open/pp.c"
printf "int init_module(void)\\n{\\n\\treturn 'a;\\n}\\n" >"$tmp/open/char.c"
printf 'int init_module(void)\n{\n\treturn 0;\n}\n#define X 1 /* no end\n' >"$tmp/open/ppcomment.c"

make_bad() {	# make_bad CASE: creates $tmp/CASE/bad.c (or its stand-in)
	local d=$tmp/$1
	mkdir -p "$d"
	chmod 755 "$d"
	case $1 in
	missing) ;;
	loop) ln -s bad.c "$d/bad.c" ;;
	nul) printf 'int init_module(void)\0{ return 0; }\n' >"$d/bad.c" ;;
	empty) : >"$d/bad.c" ;;
	huge) truncate -s 100M "$d/bad.c" ;;
	comment) printf 'int init_module(void)\n{\n\treturn 0; /* no end\n}\n' >"$d/bad.c" ;;
	string) printf 'int init_module(void)\n{\n\tputs("no end);\n\treturn 0;\n}\n' >"$d/bad.c" ;;
	utf8) printf '/* Fran\xe7ois */\nint init_module(void)\n{\n\treturn 0;\n}\n' >"$d/bad.c" ;;
	readonly) cp "$good" "$d/bad.c"; chmod 444 "$d/bad.c" ;;
	denied) cp "$good" "$d/bad.c"; chmod 000 "$d/bad.c" ;;
	esac
	cp "$good" "$d/good.c"
	chmod 644 "$d/good.c"
}

as_user() {	# permission denied needs a user that root's rights don't cover
	if [ "$(id -u)" = 0 ]; then
		setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
	else
		"$@"
	fi
}

try() {	# try BIN CASE REGEX
	local bin=$1 c=$2 want=$3 d=$tmp/$2 out status sum=
	local tag
	tag="$(basename "$(dirname "$(dirname "$bin")")")/$c"
	rm -rf "$d"; make_bad "$c"
	[ -f "$d/bad.c" ] && [ ! -L "$d/bad.c" ] && [ "$c" != utf8 ] &&
		sum=$(md5sum <"$d/bad.c")
	if [ "$c" = denied ]; then chmod 666 "$d/good.c"; chmod 777 "$d"; fi
	out=$(as_user_if "$c" "$bin" fix --in-place --license=GPL "$d/bad.c" "$d/good.c" 2>&1); status=$?
	is "$status" 2 "$tag: exit status 2"
	like "$out" "$want" "$tag: says why, naming the file"
	grep -q '^module_init(good_init);' "$d/good.c"
	ok $? "$tag: the other file is still fixed"
	{ [ -z "$sum" ] || [ "$(md5sum <"$d/bad.c")" = "$sum" ]; } &&
		[ -z "$(find "$d" -name '.modport.*')" ]
	ok $? "$tag: the bad file is untouched, no temporary file is left"
}

# Invalid UTF-8 is a note, not trouble: the file is fixed as bytes (its
# Latin-1 comment comes through as it was) and the exit status follows the
# findings - 0 when fix leaves nothing, 1 for check's findings.
try_utf8() {	# try_utf8 BIN
	local d=$tmp/utf8 tag out status
	tag="$(basename "$(dirname "$(dirname "$1")")")/utf8"
	rm -rf "$d"; make_bad utf8
	out=$("$1" check "$d/bad.c" 2>&1 >/dev/null); status=$?
	is "$status" 1 "$tag: check exits 1, for its findings, not 2"
	is "$out" "$d/bad.c:1:8: note: invalid UTF-8 (byte 0xe7); processed as bytes, left as they are" \
		"$tag: a note that names the file and the byte"
	printf '/* Fran\xe7ois */\nint x;\n' >"$d/clean.c"
	"$1" check "$d/clean.c" 2>/dev/null
	is "$?" 0 "$tag: a clean Latin-1 file: exit 0"
	"$1" fix --in-place --license=GPL "$d/bad.c" 2>/dev/null; status=$?
	is "$status" 0 "$tag: fix --in-place that leaves nothing: exit 0"
	grep -q '^static int bad_init(void)$' "$d/bad.c" &&
		head -n 1 "$d/bad.c" | cmp -s - <(printf '/* Fran\xe7ois */\n')
	ok $? "$tag: the file is fixed, its bytes kept"
}

as_user_if() {	# as_user_if CASE CMD...
	local c=$1
	shift
	if [ "$c" = denied ]; then as_user "$@"; else "$@"; fi
}

for bin in "${bins[@]}"; do
	b=$tmp
	try "$bin" missing "^modport: $b/missing/bad\.c: cannot read: No such file or directory$"
	try "$bin" loop "^modport: $b/loop/bad\.c: cannot read: Too many levels of symbolic links$"
	try "$bin" nul "^modport: $b/nul/bad\.c: binary file \(NUL byte at offset 21\), not C source$"
	try "$bin" empty "^modport: $b/empty/bad\.c: empty file$"
	try "$bin" huge "^modport: $b/huge/bad\.c: too large \(100 MiB; the limit is 64 MiB\)$"
	try "$bin" comment "^$b/comment/bad\.c:3:19: error: unterminated comment; file not processed$"
	try "$bin" string "^$b/string/bad\.c:3:14: error: unterminated string literal; file not processed$"
	try_utf8 "$bin"
	# no unterminated token to refuse the file for (the comment and string
	# cases above are their negative controls): a literal in an #if 0
	# group or in a directive, an open ' (GCC's reading of assembler), a
	# comment a directive leaves open at the end - the file is read
	for open in dead pp char ppcomment; do
		out=$("$bin" check "$tmp/open/$open.c" 2>&1); status=$?
		is "$status" 1 "$(basename "$(dirname "$(dirname "$bin")")"): $open: read, exit status 1"
		like "$out" "$open\.c:[12]:5: warning: init_module\(\) without module_init\(\)" \
			"$(basename "$(dirname "$(dirname "$bin")")"): $open: its finding, no error"
	done
	try "$bin" readonly "^modport: $b/readonly/bad\.c: cannot fix in place: the file is read-only$"
	try "$bin" denied "^modport: $b/denied/bad\.c: cannot read: Permission denied$"

	# check goes on past a bad file too, and reports the others' findings
	out=$("$bin" check "$tmp/missing/bad.c" "$good" 2>/dev/null); status=$?
	is "$status" 2 "$(basename "$(dirname "$(dirname "$bin")")"): check: exit status 2 with a missing file"
	like "$out" "hello-2\.4\.c:5:5: warning: .*\[implicit-init\]$" "check: the other file's findings are still reported"

	# '-' is standard input: check names it <stdin>, fix - is a filter
	b=$(basename "$(dirname "$(dirname "$bin")")")
	out=$("$bin" check - <"$TOP/legacy/hello-2.4.c" 2>&1); status=$?
	is "$status" 1 "$b: check -: exit status 1 (findings)"
	like "$out" "^<stdin>:5:5: warning: .*\[implicit-init\]$" "$b: check -: the findings name <stdin>"
	out=$("$bin" fix --name=hello "--license=Dual BSD/GPL" - <"$TOP/legacy/hello-2.4.c"); status=$?
	is "$status" 1 "$b: fix -: exit status 1 (the source changed)"
	is "$out" "$(cat "$TOP/tests/modport/article.fixed")" "$b: fix -: writes the ported source, the same as fix --in-place"
	out=$("$bin" fix - <"$TOP/module/hello.c"); status=$?
	is "$status" 0 "$b: fix - of a ported file: exit status 0"
	is "$out" "$(cat "$TOP/module/hello.c")" "$b: fix - of a ported file: writes it unchanged"
	out=$("$bin" fix - "$good" </dev/null 2>&1); status=$?
	is "$status" 2 "$b: fix - with another PATH is a usage error"
	out=$("$bin" check - - </dev/null 2>&1); status=$?
	is "$status" 2 "$b: - twice is a usage error"
	out=$("$bin" check - </dev/null 2>&1); status=$?
	like "$out" "^modport: <stdin>: empty file$" "$b: empty standard input: an error"
	out=$(printf 'int x;\0\n' | "$bin" check - 2>&1); status=$?
	like "$out" "^modport: <stdin>: binary file" "$b: a NUL byte on standard input: an error (status $status)"
done

bin=${bins[0]}
out=$("$bin" frobnicate x.c 2>&1); status=$?
is "$status" 2 "an unknown command: exit status 2"
like "$out" "^usage: modport check" "and the usage"
out=$("$bin" check --in-place x.c 2>&1); status=$?
is "$status" 2 "--in-place with check is refused"
out=$("$bin" fix --name=1x x.c 2>&1); status=$?
like "$out" "--name wants a C identifier" "--name must be a C identifier"
out=$("$bin" --frobnicate 2>&1); status=$?
is "$status" 2 "an unknown option: exit status 2"
out=$("$bin" check 2>&1); status=$?
is "$status" 2 "no PATH: exit status 2"
done_testing
