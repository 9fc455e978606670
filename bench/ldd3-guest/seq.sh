# seq in the guest (busybox sh): /proc/sequence counts 0, 1, 2, ...
# Run by bench/ldd3.sh through modrun --exec.
fail() { echo "FAIL: $*"; exit 1; }
[ -e /proc/sequence ] || fail "no /proc/sequence"
got=$(head -n 3 /proc/sequence | tr '\n' ' ')
[ "$got" = "0 1 2 " ] || fail "/proc/sequence begins '$got'"
echo "/proc/sequence: $got..."
