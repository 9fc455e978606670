/* SPDX-License-Identifier: GPL-2.0 */
/* What chardev.ko exports, for echouser.ko (a module that needs another). */
#ifndef MODRUN_ECHO_H
#define MODRUN_ECHO_H

#include <linux/types.h>

size_t modrun_echo_len(void);

#endif
