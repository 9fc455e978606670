/*
 * A 2.6.10-era module with /proc files made by create_proc_read_entry():
 * one read_proc prints its whole file and sets *eof, the other prints a
 * record for every read.  modport's proc-read rule must leave a module
 * that builds and loads on today's kernels.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/proc_fs.h>

static int procread_count;

static int procread_mem(char *buf, char **start, off_t offset, int count,
			int *eof, void *data)
{
	int len = 0;

	len += sprintf(buf + len, "count %i\n", procread_count++);
	*eof = 1;
	return len;
}

static int procread_stream(char *buf, char **start, off_t offset, int len,
			   int *eof, void *data)
{
	len = sprintf(buf, "%9li\n", (long)data);
	*start = buf;
	return len;
}

static int __init procread_init(void)
{
	if (!create_proc_read_entry("modport-procmem", 0, NULL, procread_mem, NULL))
		return -ENOMEM;
	create_proc_read_entry("modport-procstream", 0, NULL, procread_stream,
			       (void *)7);
	printk(KERN_INFO "modport proc-read: /proc files made\n");	/* expect: modport proc-read: /proc files made */
	return 0;
}

static void __exit procread_exit(void)
{
	remove_proc_entry("modport-procstream", NULL);
	remove_proc_entry("modport-procmem", NULL);
}

module_init(procread_init);
module_exit(procread_exit);
MODULE_LICENSE("GPL");
