#ifdef from_timer
/* before the includes: no compat #define can serve this test (named) */
#endif
/*
 * Timers of the 2.6 era, with a data word: modport's timer-setup converts
 * the shapes it can prove to timer_setup() and reports the others, with
 * the reason; from-timer renames from_timer() for 6.16.
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/slab.h>

/* A driver's own test for the 4.15 API asks for the 6.16 name. */
#if defined(timer_setup) && defined(from_timer)
#define HAVE_TIMER_SETUP
#endif

/* The data is the object that holds the timer. */
struct dev {
	int ticks;
	struct timer_list timer;
	struct timer_list other;
};

static void dev_tick(unsigned long arg)
{
	struct dev *dev = (struct dev *)arg;

	if (--dev->ticks)
		mod_timer(&dev->timer, jiffies + HZ);
}

static void dev_start(struct dev *dev)
{
	init_timer(&dev->timer);
	dev->ticks = 3;
	dev->timer.data = (unsigned long)dev;
	dev->timer.function = dev_tick;
	dev->timer.expires = jiffies + HZ;
	add_timer(&dev->timer);
}

/* setup_timer(), data the holder, read through a variable of another use. */
static void dev_other(unsigned long data)
{
	printk(KERN_INFO "other %lx\n", data);
}

static void dev_other_start(struct dev *dev)
{
	setup_timer(&dev->other, dev_other, (unsigned long)dev);
}

/* A global timer whose data is a constant, and one with no data. */
static struct timer_list watchdog;
static struct state {
	int fired;
} state;

static void watchdog_fn(unsigned long ptr)
{
	((struct state *)ptr)->fired = 1;
}

static void quiet_fn(unsigned long unused);
static struct timer_list quiet;

static void quiet_fn(unsigned long unused)
{
}

static void start(void)
{
	init_timer(&watchdog);		/* the timer */
	watchdog.function = watchdog_fn;
	watchdog.data = (unsigned long)&state;
	mod_timer(&watchdog, jiffies + HZ);
	init_timer(&quiet);
	quiet.function = quiet_fn;
}

/* Data that is neither: a field beside the timer, a member or a global. */
struct port {
	int n;
	struct timer_list poll;
};

static void port_poll(unsigned long cookie)
{
	printk(KERN_INFO "cookie %lx\n", cookie);
}

static void port_start(struct port *p, unsigned long cookie)
{
	init_timer(&p->poll);
	p->poll.function = port_poll;
	p->poll.data = cookie;
}

static struct timer_list beat;

static void beat_fn(unsigned long v)
{
	printk(KERN_INFO "beat %lu\n", v);
}

static void beat_start(unsigned long v)
{
	setup_timer(&beat, beat_fn, v);
}

/*
 * A handler that never reads its data and is also called directly with a
 * constant: f(struct timer_list *) and f(NULL), as 4.15's conversions did.
 */
static struct timer_list t2;

static void called_fn(unsigned long x)
{
}

static void called_start(void)
{
	init_timer(&t2);
	t2.function = called_fn;
	called_fn(0);
}

/*
 * Reported: no declaration to put a field beside; a handler called
 * directly that reads its data; one called with a variable.
 */
static struct timer_list t1, t3, t4;

static void cookie_fn(unsigned long cookie)
{
}

static void reads_fn(unsigned long x)
{
	printk(KERN_INFO "%lu\n", x);
}

static void passed_fn(unsigned long x)
{
}

static void reported(unsigned long cookie)
{
	setup_timer(&t1, cookie_fn, cookie);
	init_timer(&t3);
	t3.function = reads_fn;
	reads_fn(0);
	init_timer(&t4);
	t4.function = passed_fn;
	passed_fn(cookie);
}

/* A 4.15 handler: from_timer() is renamed for 6.16. */
struct modern {
	struct timer_list timer;
};

static void modern_fn(struct timer_list *t)
{
	struct modern *m = from_timer(m, t, timer);

	(void)m;
}

MODULE_LICENSE("GPL");
