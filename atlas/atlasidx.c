// SPDX-License-Identifier: GPL-2.0
/*
 * atlasidx: write the index of the atlas text this program embeds
 * (modport/atlas.c's build_index()) to standard output.  The build runs
 * it once and embeds the bytes in modport beside the text, so that
 * modport reads its tables instead of making them at every start.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../modport/atlas.h"

int main(int argc, char **argv)
{
	int err;

	if (argc != 1) {
		fprintf(stderr, "usage: %s >INDEX\n", argv[0]);
		return 2;
	}
	err = atlas_index_write(stdout);
	if (!err && fflush(stdout))
		err = -errno;
	if (err) {
		fprintf(stderr, "atlasidx: cannot write the index: %s\n",
			strerror(-err));
		return 1;
	}
	return 0;
}
