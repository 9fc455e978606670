/* The negative control: the same macro, expanded once. */
#include <linux/module.h>
#include <scsi/libsas.h>

static void done(struct sas_task *task)
{
	task->task_done(task);
}

#define for_each_sas_task(num, task) \
	for (; num > 0; num--,\
	     task = list_entry(task->list.next, struct sas_task, list))

static void walk(int num, struct sas_task *task)
{
	for_each_sas_task(num, task)
		;
}
