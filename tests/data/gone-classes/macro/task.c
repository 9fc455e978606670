/* A macro the file never expands: its body is never compiled. */
#include <linux/module.h>
#include <scsi/libsas.h>

static void done(struct sas_task *task)
{
	task->task_done(task);
}

#define for_each_sas_task(num, task) \
	for (; num > 0; num--,\
	     task = list_entry(task->list.next, struct sas_task, list))

#ifdef for_each_sas_task
#undef for_each_sas_task
#endif
