/*
 * no-llseek in GCC's form, as 2.4's watchdogs have it: "llseek: no_llseek,"
 * goes where the target lacks no_llseek (6.12), instead of becoming
 * ".llseek = no_llseek," first and failing to build; for 6.1 it becomes
 * C99's.  The negative control: a member of another function stays, in
 * C99's form.
 */
#include <linux/module.h>
#include <linux/fs.h>

static loff_t demo_seek(struct file *file, loff_t off, int whence)
{
	return -ESPIPE;
}

static struct file_operations demo_fops = {
	owner:		THIS_MODULE,
	llseek:		no_llseek,
};

static struct file_operations demo_seekable_fops = {
	owner:		THIS_MODULE,
	llseek:		demo_seek,
};
