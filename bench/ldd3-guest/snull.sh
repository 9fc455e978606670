# snull in the guest (busybox sh), as LDD3 chapter 17 sets it up: sn0 is
# 192.168.0.1 on snullnet0, sn1 192.168.1.2 on snullnet1; a packet sent by
# sn0 to remote0 (192.168.0.2) comes out of sn1 as from 192.168.1.1 to
# 192.168.1.2 (snull flips the last bit of the third octet), and the reply
# comes back the same way: ping gets its answers, and each interface counts
# what it sent and what it received.
# Run by bench/ldd3.sh through modrun --exec.
fail() { echo "FAIL: $*"; exit 1; }
for i in sn0 sn1; do
	[ -d /sys/class/net/$i ] || fail "no interface $i"
done
ip addr add 192.168.0.1/24 dev sn0 || fail "ip addr sn0"
ip addr add 192.168.1.2/24 dev sn1 || fail "ip addr sn1"
ip link set sn0 up && ip link set sn1 up || fail "ip link up"
out=$(ping -c 3 -W 3 192.168.0.2) || { echo "$out"; fail "ping 192.168.0.2 (remote0) through sn0"; }
echo "$out" | grep 'packets transmitted'
case $out in
*"3 packets received"*) ;;
*) fail "not every ping was answered" ;;
esac
tx0=$(cat /sys/class/net/sn0/statistics/tx_packets)
rx1=$(cat /sys/class/net/sn1/statistics/rx_packets)
[ "$tx0" -ge 3 ] && [ "$rx1" -ge 3 ] || fail "sn0 sent $tx0 packets, sn1 received $rx1"
echo "snull: sn0 sent $tx0 packets, sn1 received $rx1; ping 192.168.0.2 answered 3 of 3"
