# faulty in the guest (busybox sh): the book's fault - a write dereferences
# NULL and the kernel oopses in faulty_write (the guest's kernel panics on an
# oops, so bench/ldd3.sh reads the verdict from modrun's crash line).
# Run by bench/ldd3.sh through modrun --exec.
major=$(awk '$2 == "faulty" { print $1 }' /proc/devices)
[ -n "$major" ] || { echo "FAIL: no faulty in /proc/devices"; exit 1; }
mknod /dev/faulty c "$major" 0 || exit 1
echo x >/dev/faulty
echo "FAIL: the write to /dev/faulty did not oops"
exit 1
