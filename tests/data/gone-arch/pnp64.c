/*
 * Negative control: a PnP driver that builds on x86-64.  <linux/pnp.h>
 * declares pnpbios_protocol (exported only on 32-bit x86) under
 * CONFIG_PNPBIOS, which pnp_device_is_pnpbios() reads only there; what
 * the file calls, pnp_register_driver(), x86-64 exports.
 */
#include <linux/module.h>
#include <linux/pnp.h>

static int probe(struct pnp_dev *dev, const struct pnp_device_id *id)
{
	return pnp_device_is_pnpbios(dev) ? -ENODEV : 0;
}

static struct pnp_driver drv = { .name = "pnp64", .probe = probe };

static int __init pnp64_init(void)
{
	return pnp_register_driver(&drv);
}
module_init(pnp64_init);
