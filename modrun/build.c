// SPDX-License-Identifier: GPL-2.0
/* modrun build: kbuild against a named kernel (see build.h). */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "build.h"
#include "kernels.h"

static void __attribute__((noreturn)) build_usage(const char *why)
{
	if (why)
		fprintf(stderr, "modrun: build: %s\n", why);
	fprintf(stderr, "usage: modrun build [--kernel NAME] [DIR] [MAKE-ARGS...]\n");
	exit(2);
}

static bool has_file(const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	return snprintf(path, sizeof(path), "%s/%s", dir, name) < (int)sizeof(path) &&
	       !stat(path, &st) && S_ISREG(st.st_mode);
}

/* DIR: a folder holding a Kbuild or a Makefile; one line and exit 2 if not. */
static void check_folder(const char *dir)
{
	static const char *const kbuild[] = { "Kbuild", "Makefile", "makefile",
					      "GNUmakefile" };
	struct stat st;
	size_t i;

	if (stat(dir, &st))
		errx(2, "build: %s: %s", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		errx(2, "build: %s: not a folder (give the folder that holds the module's Kbuild or Makefile)",
		     dir);
	for (i = 0; i < sizeof(kbuild) / sizeof(kbuild[0]); i++)
		if (has_file(dir, kbuild[i]))
			return;
	errx(2, "build: %s: no Kbuild or Makefile there: a kbuild folder needs one, e.g. a Kbuild file with 'obj-m := NAME.o'",
	     dir);
}

/* NAME: a kernel of kernels.conf, or one line with the known ones. */
static void check_kernel(const struct kernel_place *kp, const char *name)
{
	char names[1024];

	if (kernels_known(kp, name) > 0)
		return;
	if (kernels_names(kp, names, sizeof(names)))
		names[0] = '\0';
	errx(2, "build: %s: not a kernel of %s/kernels.conf (known: %s)", name,
	     kp->data, names);
}

static const char *parse_build_options(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "kernel", required_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *name = getenv("MODRUN_KERNEL_NAME");
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "k:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'k':
			name = optarg;
			break;
		case 'h':
			printf("usage: modrun build [--kernel NAME] [DIR] [MAKE-ARGS...]\n"
			       "Build the kbuild folder DIR (default .) against the headers of\n"
			       "the kernel NAME (default 6.1), with the compiler they want.\n"
			       "Make arguments that start with '-' follow '--'.\n");
			exit(0);
		default:
			build_usage(NULL);
		}
	}
	return name ? name : "6.1";
}

int build_main(int argc, char **argv)
{
	struct kernel_place kp;
	const char *name = parse_build_options(argc, argv), *dir = NULL;
	char **args;
	int i, n = 2, ret;

	args = calloc((size_t)argc + 3, sizeof(*args));
	if (!args)
		err(2, "out of memory");
	for (i = optind; i < argc; i++) {
		if (!dir && argv[i][0] != '-' && !strchr(argv[i], '='))
			dir = argv[i];
		else
			args[++n] = argv[i];
	}
	args[0] = "kbuild";
	args[1] = (char *)name;
	args[2] = (char *)(dir ? dir : ".");
	check_folder(args[2]);
	if (kernels_locate(&kp, "/proc/self/exe"))
		errx(2, "no kernels.conf found (set MODRUN_DATA, or install modrun with make install)");
	check_kernel(&kp, name);
	if (!kernels_ready(&kp, name)) {
		ret = kernels_provision(&kp, name);
		if (ret == -EINTR)
			errx(130, "kernel %s: provisioning interrupted; the next run goes on with what was downloaded whole",
			     name);
		if (ret)
			errx(2, "kernel %s: provisioning into %s failed: %s", name,
			     kp.cache, ret == -EIO ? "its messages are above" : strerror(-ret));
	}
	ret = kernels_exec_script(&kp, "kbuild", args);
	errx(2, "%s/scripts/kbuild: %s", kp.data, strerror(-ret));
}
