/* SPDX-License-Identifier: GPL-2.0 */
/* A 2.4 header the package carries for itself. */
#ifndef _LINUX_TQUEUE_H
#define _LINUX_TQUEUE_H
#endif
