/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Just enough of QEMU's machine protocol (QMP) to save a VM's state and to
 * start one from it: a command, its answer, and a file descriptor handed
 * over the monitor's socket.  Every wait has a deadline.
 */
#ifndef MODRUN_QMP_H
#define MODRUN_QMP_H

#include <stddef.h>

struct qmp {
	int fd;			/* our end of the monitor's socket */
	double timeout;		/* seconds, per answer */
	char greeting[512];	/* QEMU's first line: its version */
	char error[256];	/* the last failure, as QEMU or we said it */
	size_t len;
	char buf[8192];
};

/* Read the greeting and leave negotiation mode; 0 or -errno. */
int qmp_open(struct qmp *q, int fd, double timeout);

/*
 * Send one command (a JSON object, without its newline) and wait for its
 * answer, skipping events; the answer's line goes to reply when given.
 * Returns 0 on "return", -EIO on "error" (q->error says it), or -errno.
 */
int qmp_command(struct qmp *q, const char *json, char *reply, size_t size);

/* getfd: hand fd to QEMU under name; 0 or -errno. */
int qmp_send_fd(struct qmp *q, int fd, const char *name);

#endif
