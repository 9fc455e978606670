// task-queue (report): struct tq_struct and queue_task(), gone since 2.5.
@@
@@
* queue_task(...)

@@
identifier x;
@@
* struct tq_struct x;
