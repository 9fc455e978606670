/*
 * create_proc_read_entry() and read_proc (gone in 3.10): one that prints
 * its whole file at once and sets *eof (LDD3's scullmem), one that never
 * sets it, a record for every read (LDD3's /proc/jitbusy), one that pages
 * its output by its offset and one defined elsewhere (both reported).
 */
#include <linux/module.h>
#include <linux/proc_fs.h>

static int counter;

static int mem_read(char *buf, char **start, off_t offset, int count,
		    int *eof, void *data)
{
	int len = 0;

	len += sprintf(buf + len, "counter %i\n", counter);
	*eof = 1;
	return len;
}

static int busy_read(char *buf, char **start, off_t offset, int len,
		     int *eof, void *data)
{
	len = sprintf(buf, "%9li\n", (long)data);
	*start = buf;
	return len;
}

static int paged_read(char *buf, char **start, off_t offset, int count,
		      int *eof, void *data)
{
	if (offset > 0) {
		*eof = 1;
		return 0;
	}
	return sprintf(buf, "one page\n");
}

extern int other_read(char *buf, char **start, off_t offset, int count,
		      int *eof, void *data);

static int __init procs_init(void)
{
	create_proc_read_entry("mem", 0, NULL, mem_read, NULL);
	create_proc_read_entry("busy", 0, NULL, busy_read, (void *)1);
	if (!create_proc_read_entry("paged", 0, NULL, paged_read, NULL))
		return -ENOMEM;
	create_proc_read_entry("other", 0, NULL, other_read, NULL);
	return 0;
}
module_init(procs_init);
MODULE_LICENSE("GPL");
