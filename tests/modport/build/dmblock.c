/*
 * A 6.1-era module with the calls dm-writeboost and ddcci make: an i2c
 * probe that reads its id (the id is given back by
 * i2c_client_get_device_id() from 6.3), blk_limits_io_opt() (gone in
 * 6.11) and the size of a device through bd_inode (gone in 6.10).  After
 * modport it must build and load on 6.1 and 7.3.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/i2c.h>
#include <linux/blkdev.h>

static int dmblock_probe(struct i2c_client *client, const struct i2c_device_id *id)
{
	dev_info(&client->dev, "dmblock: kind %lu\n", id->driver_data);
	return 0;
}

static const struct i2c_device_id dmblock_ids[] = {
	{ "dmblock", 3 },
	{ }
};

static struct i2c_driver dmblock_driver = {
	.driver = { .name = "dmblock" },
	.probe = dmblock_probe,
	.id_table = dmblock_ids,
};

static __maybe_unused sector_t dmblock_sectors(struct block_device *bdev)
{
	return i_size_read(bdev->bd_inode) >> 9;
}

static int __init dmblock_init(void)
{
	struct queue_limits lim = { };
	int ret;

	blk_limits_io_opt(&lim, 4096);
	/* expect: dmblock: io_opt 4096 */
	pr_info("dmblock: io_opt %u\n", lim.io_opt);
	ret = i2c_add_driver(&dmblock_driver);
	if (ret)
		return ret;
	pr_info("dmblock: i2c driver registered\n");	/* expect: dmblock: i2c driver registered */
	return 0;
}

static void __exit dmblock_exit(void)
{
	i2c_del_driver(&dmblock_driver);
	pr_info("dmblock: done\n");	/* expect: dmblock: done */
}

module_init(dmblock_init);
module_exit(dmblock_exit);
MODULE_LICENSE("GPL");
