/*
 * sleep_on() and interruptible_sleep_on() (gone in 3.15): a sleep under a
 * flag the code tests becomes wait_event*() on that condition (a serial
 * driver's close_wait, a reader's loop, a block with a signal test); a
 * sleep with no condition, or under while (1), or a condition with a call,
 * alone on its line, becomes prepare_to_wait(), schedule(), finish_wait()
 * in a block (LDD3's jiq), and a _timeout one whose value is unused (2.4's
 * lp) the same with schedule_timeout(); one sharing its line, and a
 * _timeout one whose value is used, are reported.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/wait.h>

#define CLOSING 1

struct port {
	int flags;
	int count;
	wait_queue_head_t close_wait, wait;
};

static DECLARE_WAIT_QUEUE_HEAD(done_wait);
static int done;

static int port_open(struct port *info)
{
	if (info->flags & CLOSING)
		interruptible_sleep_on(&info->close_wait);
	return 0;
}

static int port_read(struct port *info)
{
	while (!info->count) {
		interruptible_sleep_on(&info->wait);
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	return info->count;
}

static int port_wait(struct port *info, int nonblock)
{
	if (info->count == 0) {
		if (nonblock)
			return -EAGAIN;
		interruptible_sleep_on(&info->wait);
		if (signal_pending(current))
			return -ERESTARTSYS;
	}
	return 0;
}

static void port_drain(wait_queue_head_t *q)
{
	while (!done)
		sleep_on(q);
}

/* Expanded: no condition, a constant one, one with a call, an unused timeout; a used one is reported. */
static void port_others(struct port *info)
{
	interruptible_sleep_on(&done_wait);
	while (1) {
		interruptible_sleep_on(&info->wait);
		if (signal_pending(current))
			break;
	}
	if (port_busy(info))
		sleep_on(&info->wait);
	interruptible_sleep_on_timeout(&info->wait, HZ);
	info->count = interruptible_sleep_on_timeout(&info->wait, HZ);
}

/*
 * A queue named wait: the block's own is sleep_wait, a comment after the
 * sleep stays after the block; one line: reported.
 */
static void port_named(wait_queue_head_t *wait, struct port *info)
{
	sleep_on(wait);		/* RACE */
	if (port_busy(info))
		interruptible_sleep_on(&info->wait);
	else
		sleep_on(&info->wait);
	if (port_busy(info)) sleep_on(&info->wait);
}

MODULE_LICENSE("GPL");
