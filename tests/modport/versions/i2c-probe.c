// SPDX-License-Identifier: GPL-2.0
/*
 * i2c_driver.probe lost its const struct i2c_device_id * in 6.3: a probe
 * whose body reads the id gets it back from i2c_client_get_device_id(),
 * as the kernel's drivers were converted; one that never read it loses it.
 */
#include <linux/module.h>
#include <linux/i2c.h>

static int demo_probe(struct i2c_client *client, const struct i2c_device_id *id)
{
	int kind;

	kind = id->driver_data;
	dev_info(&client->dev, "kind %d\n", kind);
	return 0;
}

static int quiet_probe(struct i2c_client *client,
		       const struct i2c_device_id *id)
{
	dev_info(&client->dev, "probed\n");
	return 0;
}

/* The negative control: called here too, so its head cannot change. */
static int shared_probe(struct i2c_client *client, const struct i2c_device_id *id)
{
	return id->driver_data ? 0 : -ENODEV;
}

static int shared_again(struct i2c_client *client)
{
	return shared_probe(client, NULL);
}

static const struct i2c_device_id demo_ids[] = {
	{ "demo", 1 },
	{ }
};
MODULE_DEVICE_TABLE(i2c, demo_ids);

static struct i2c_driver demo_driver = {
	.driver = { .name = "demo" },
	.probe = demo_probe,
	.id_table = demo_ids,
};

static struct i2c_driver quiet_driver = {
	.driver = { .name = "quiet" },
	.probe = quiet_probe,
	.id_table = demo_ids,
};

static struct i2c_driver shared_driver = {
	.driver = { .name = "shared" },
	.probe = shared_probe,
	.id_table = demo_ids,
};

static int __init demo_init(void)
{
	return i2c_add_driver(&demo_driver) ?: i2c_add_driver(&quiet_driver) ?:
	       i2c_add_driver(&shared_driver) ?: shared_again(NULL);
}
module_init(demo_init);

MODULE_LICENSE("GPL");
