/*
 * Names the kernel took since (changes.def CLASH rows), in a 2.4 driver:
 * 2.4's nvram.c defined and exported nvram_read_byte(), which
 * <linux/nvram.h> defines as a static inline since 5.4 (an extern
 * function before: the atlas's kinds), and a static nvram_read() for its
 * fops, which <linux/nvram.h> defines since 5.4 too; 2.4's toshiba.c a
 * static tosh_smm(), which <linux/toshiba.h> declares since 2.6.24.  The
 * static ones are renamed at every use; the exported one is reported (a
 * new name would change what other code links to), in a file that shows
 * its age (MOD_INC_USE_COUNT).
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/nvram.h>
#include <linux/toshiba.h>

unsigned char nvram_read_byte(int i)
{
	return i & 0xff;
}

static int tosh_smm(SMMRegisters *regs)
{
	return regs ? 0 : -1;
}

static ssize_t nvram_read(struct file *file, char *buf, size_t count,
			  loff_t *ppos)
{
	MOD_INC_USE_COUNT;
	return tosh_smm(NULL) ? 0 : nvram_read_byte(0);
}

static struct file_operations nvram_fops = {
	.read	= nvram_read,
};

EXPORT_SYMBOL(nvram_read_byte);
MODULE_LICENSE("GPL");
