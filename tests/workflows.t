#!/usr/bin/env bash
# The GitHub Actions workflows: this repository's (.github/workflows/ci.yml)
# and the template users copy into their module's repository
# (ci/module-ci.yml) are valid YAML that yamllint (Debian's package) finds
# clean, and the repository's matrix jobs are exactly the kernels of
# matrix/expect, so that the fan-out cannot drift from the matrix.
. "$(dirname "$0")/lib.sh"
need yamllint
plan 6

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
done_testing
