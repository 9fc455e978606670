/* The negative control: the same names called, not declared. */
#include <linux/module.h>
#include <linux/skbuff.h>
#include <linux/acpi.h>

static int send(void)
{
	return sizeof(request);
}

void tap(void *opaque)
{
	struct sk_buff *skb = build_skb(opaque);

	kfree_skb(skb);
	acpi_hw_disable_all_gpes(0);
}
