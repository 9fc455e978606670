// SPDX-License-Identifier: GPL-2.0
/*
 * A device mapper target's block device calls: the size of a device read
 * through bd_inode (gone in 6.10) is bdev_nr_bytes(), and
 * blk_limits_io_opt() (gone in 6.11) set the limits' io_opt.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/device-mapper.h>

static sector_t demo_size(struct dm_dev *dev)
{
	return i_size_read(dev->bdev->bd_inode) >> 9;
}

static loff_t demo_bytes(struct block_device *bdev)
{
	return i_size_read(bdev->bd_inode);
}

/* Negative controls: another inode; a conditional, not a postfix expression. */
static loff_t demo_file(struct inode *inode, struct block_device *bdev)
{
	return i_size_read(inode) + i_size_read(bdev ? bdev->bd_inode : inode);
}

static void demo_io_hints(struct dm_target *ti, struct queue_limits *limits)
{
	struct queue_limits lim = *limits;

	blk_limits_io_opt(limits, 4096);
	blk_limits_io_opt(&lim, 2 * 4096);
}

MODULE_LICENSE("GPL");
