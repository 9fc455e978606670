/* 7.3's DEFINE_SEMAPHORE(name, count) is the one compiled: compat.h's is under #ifndef. */
#include <linux/module.h>
#include <linux/semaphore.h>
#include "compat.h"

static DEFINE_SEMAPHORE(lock);
