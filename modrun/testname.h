/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The KTAP name of an --exec test, shared by the host and the guest's /init
 * (which has no other header of modrun's): exec "CMD", where CMD keeps its
 * first TESTNAME_CMD_MAX bytes, a control character becomes a space and a '#'
 * (which would start a KTAP directive) an '_'.
 */
#ifndef MODRUN_TESTNAME_H
#define MODRUN_TESTNAME_H

#include <stddef.h>
#include <stdio.h>

#define TESTNAME_CMD_MAX 100
#define TESTNAME_SIZE (TESTNAME_CMD_MAX + 16)

static inline void testname_exec(const char *cmd, char *buf, size_t size)
{
	char clean[TESTNAME_CMD_MAX + 4];
	size_t i;

	for (i = 0; cmd[i] && i < TESTNAME_CMD_MAX; i++) {
		unsigned char c = (unsigned char)cmd[i];

		clean[i] = c < 0x20 || c == 0x7f ? ' ' : c == '#' ? '_' : (char)c;
	}
	if (cmd[i]) {
		clean[i++] = '.';
		clean[i++] = '.';
		clean[i++] = '.';
	}
	clean[i] = '\0';
	snprintf(buf, size, "exec \"%s\"", clean);
}

#endif
