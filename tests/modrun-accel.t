#!/usr/bin/env bash
# --accel auto never hangs: KVM is used only when it really works, else
# modrun falls back to TCG (here /dev/kvm exists, but a KVM boot hangs).
. "$(dirname "$0")/lib.sh"
need qemu-system-x86_64
plan 4

dir=$(build_modules "$TOP/module" accel)
start=$(date +%s)
out=$("$MODRUN" --accel auto --timeout 60 "$dir/hello.ko" 2>"$dir/stderr"); status=$?
took=$(( $(date +%s) - start ))
diag "$out" "stderr: $(cat "$dir/stderr")" "took $took s"
is "$status" 0 "--accel auto proves hello"
like "$out" '^# modrun: .* accel (kvm|tcg),' "and says which accelerator it used"
if grep -q 'accel tcg' <<<"$out" && [ -e /dev/kvm ]; then
	like "$(cat "$dir/stderr")" 'KVM does not work here|booting again with TCG' "the fall-back to TCG is explained"
else
	ok 0 "KVM was used, or there is no /dev/kvm"
fi
[ "$took" -lt 30 ]; ok $? "it ends well before the timeout (took $took s)"
done_testing
