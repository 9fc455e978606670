/*
 * A read_proc defined in each branch of #if (2.4's nvram.c: an empty one
 * under #ifndef CONFIG_PROC_FS, the real one under #else): the show goes
 * after the #endif, where the compiled one is seen; when one of them pages
 * its output by its offset, the call is reported.
 */
#include <linux/module.h>
#include <linux/proc_fs.h>

static int counter;

#ifndef CONFIG_PROC_FS
static int whole_read(char *buf, char **start, off_t offset, int count,
		      int *eof, void *data)
{
	return 0;
}
#else
static int whole_read(char *buf, char **start, off_t offset, int count,
		      int *eof, void *data)
{
	int len = sprintf(buf, "counter %i\n", counter);

	*eof = 1;
	return len;
}
#endif

#ifndef CONFIG_PROC_FS
static int paged_read(char *buf, char **start, off_t offset, int count,
		      int *eof, void *data)
{
	return 0;
}
#else
static int paged_read(char *buf, char **start, off_t offset, int count,
		      int *eof, void *data)
{
	if (offset > 0) {
		*eof = 1;
		return 0;
	}
	return sprintf(buf, "one page\n");
}
#endif

static int __init procs_init(void)
{
	create_proc_read_entry("whole", 0, NULL, whole_read, NULL);
	create_proc_read_entry("paged", 0, NULL, paged_read, NULL);
	return 0;
}

static void __exit procs_exit(void)
{
	remove_proc_entry("whole", NULL);
	remove_proc_entry("paged", NULL);
}

module_init(procs_init);
module_exit(procs_exit);
MODULE_LICENSE("GPL");
