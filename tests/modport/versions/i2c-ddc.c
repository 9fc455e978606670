// SPDX-License-Identifier: GPL-2.0
/*
 * I2C_CLASS_DDC went away after 6.6: the graphics drivers stopped giving
 * their DDC adapters the class, then the i2c core removed it.  A line that
 * sets it goes (under #ifdef I2C_CLASS_DDC where the target reaches the
 * kernels that have it); any other use is named.
 */
#include <linux/module.h>
#include <linux/i2c.h>

static int demo_adapter(struct i2c_adapter *adapter)
{
	adapter->owner = THIS_MODULE;
	adapter->class = I2C_CLASS_DDC;
	return i2c_add_adapter(adapter);
}

/* Negative controls: with another class; a test of the class. */
static int demo_other(struct i2c_adapter *adapter)
{
	adapter->class = I2C_CLASS_DDC | I2C_CLASS_HWMON;
	return adapter->class & I2C_CLASS_DDC ? i2c_add_adapter(adapter) : 0;
}

static int demo_detect(struct i2c_client *client, struct i2c_board_info *info)
{
	return -ENODEV;
}

static struct i2c_driver demo_driver = {
	.driver = { .name = "demo" },
	.class = I2C_CLASS_DDC,
	.detect = demo_detect,
};

static struct i2c_driver hwmon_driver = {
	.driver = { .name = "hwmon" },
	.class = I2C_CLASS_HWMON,
	.detect = demo_detect,
};

/* Under #ifdef I2C_CLASS_DDC it is kept; in the group's #else it is named. */
static unsigned int demo_class(void)
{
#ifdef I2C_CLASS_DDC
	return I2C_CLASS_DDC;
#else
	return I2C_CLASS_HWMON;
#endif
}

static unsigned int demo_wrong(void)
{
#ifdef I2C_CLASS_DDC
	return 0;
#else
	return I2C_CLASS_DDC;
#endif
}

MODULE_LICENSE("GPL");
