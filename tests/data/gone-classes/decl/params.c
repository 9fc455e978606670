/* Parameter lists are not argument lists; parameters and locals are the file's. */
#include <linux/module.h>
#include <linux/skbuff.h>
#include <linux/acpi.h>

#define HW_DEPENDENT(decl) decl;
HW_DEPENDENT(acpi_status acpi_hw_disable_all_gpes(void))

struct nbd_request {
	int magic;
};

static int send(void)
{
	struct nbd_request request = { .magic = 1 };

	return sizeof(request);
}

void tap(struct sk_buff *build_skb(void *opaque), void *opaque)
{
	struct sk_buff *skb = build_skb(opaque);

	kfree_skb(skb);
}
