/* GNU "field: value" initializers, nested ones too, become designators. */
#include <linux/module.h>
#include <linux/kernel.h>

struct point {
	int x, y;
	const char *name;
};

static struct point origin = { x: 1, y: 2, name: "gnu" };
static struct point pts[] = {
	{ x: 3 },
	{ y: 4, name: "nested" },
};

/* expect: modport gnu: x=1 y=2 name=gnu pts=3,4 nested */
int init_module(void)
{
	printk(KERN_INFO "modport gnu: x=%d y=%d name=%s pts=%d,%d %s\n",
	       origin.x, origin.y, origin.name, pts[0].x, pts[1].y,
	       pts[1].name);
	return 0;
}

void cleanup_module(void)
{
}
