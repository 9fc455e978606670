// SPDX-License-Identifier: GPL-2.0
/* early: the checks that need no kernel (see early.h). */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "early.h"
#include "elfdeps.h"
#include "kernels.h"
#include "modinfo.h"
#include "plan.h"

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

/* A module file: readable, an x86-64 module; its vermagic's release. */
static void check_module_file(const char *path, char *release, size_t size)
{
	struct modinfo mi;
	const char *why = NULL;
	size_t len;
	void *data;
	int ret;

	if (ends_with(path, ".c") || ends_with(path, ".h"))
		errx(2, "%s: a C source, not a module: build it first (modrun build --kernel NAME DIR), then give the .ko",
		     path);
	ret = plan_read_file(path, &data, &len);
	if (ret)
		errx(2, "%s: cannot read: %s", path, strerror(-ret));
	if (modinfo_parse(data, len, path, &mi, &why))
		errx(2, "%s: %s", path, why);
	modinfo_vermagic_release(mi.vermagic, release, size);
	free(data);
}

void early_check_inputs(const struct operands *ops, const char **files,
			int nr_files)
{
	char release[256], host[4096], why[512], *colon;
	struct elfdeps deps;
	int i;

	for (i = 0; i < ops->n; i++)
		check_module_file(ops->paths[i], release, sizeof(release));
	for (i = 0; i < nr_files; i++) {
		snprintf(host, sizeof(host), "%s", files[i]);
		colon = strrchr(host, ':');
		if (colon)
			*colon = '\0';
		if (access(host, R_OK))
			errx(2, "--file %s: cannot read %s: %s", files[i], host,
			     strerror(errno));
		if (elfdeps_collect(host, &deps, why, sizeof(why)))
			errx(2, "--file %s: %s", files[i], why);
		elfdeps_free(&deps);
	}
}

/* The first line of path into buf; 0 or -errno. */
static int read_first_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "re");

	if (!f)
		return -errno;
	if (!fgets(buf, (int)size, f))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
	return buf[0] ? 0 : -ENODATA;
}

/* provision-kernel --release NAME: its one line of output into buf. */
static int script_release(const struct kernel_place *kp, const char *name,
			  char *buf, size_t size)
{
	char *args[] = { "provision-kernel", "--release", (char *)name, NULL };
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(fds[1], STDOUT_FILENO);
		/* best effort: provisioning says why, later */
		if (null >= 0)
			dup2(null, STDERR_FILENO);
		kernels_exec_script(kp, "provision-kernel", args);
		_exit(127);
	}
	close(fds[1]);
	n = read(fds[0], buf, size - 1);
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	buf[n > 0 ? n : 0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return WIFEXITED(status) && !WEXITSTATUS(status) && buf[0] ? 0 : -EIO;
}

int early_kernel_of(const char *release, char *buf, size_t size)
{
	struct kernel_place kp;
	char names[1024], dir[PATH_MAX], path[PATH_MAX], rel[256], *name;
	char *save;

	if (kernels_locate(&kp, "/proc/self/exe") ||
	    kernels_names(&kp, names, sizeof(names)))
		return -ENOENT;
	for (name = strtok_r(names, " ", &save); name;
	     name = strtok_r(NULL, " ", &save)) {
		if (kernels_dir(&kp, name, dir, sizeof(dir)) ||
		    !kernels_ready(&kp, name) ||
		    snprintf(path, sizeof(path), "%s/release", dir) >= (int)sizeof(path) ||
		    read_first_line(path, rel, sizeof(rel)) ||
		    strcmp(rel, release))
			continue;
		snprintf(buf, size, "%s", name);
		return 0;
	}
	return -ENOENT;
}

/* The module's release against the kernel's: one line and exit 2. */
static void check_release(const char *path, const char *built_for,
			  const char *kernel, const char *release)
{
	char other[128];

	if (!strcmp(built_for, release))
		return;
	if (!early_kernel_of(built_for, other, sizeof(other)))
		errx(2, "%s: built for kernel %s, but --kernel %s is %s (vermagic mismatch): give --kernel %s, or rebuild it (modrun build --kernel %s DIR)",
		     path, built_for, kernel, release, other, kernel);
	errx(2, "%s: built for kernel %s, but the kernel is %s (vermagic mismatch): rebuild it against that kernel's headers (modrun build --kernel %s DIR)",
	     path, built_for, release, kernel);
}

/* The release of kernel: a folder's release file, or the name's. */
static int kernel_release(const char *kernel, char *buf, size_t size)
{
	struct kernel_place kp;
	char path[PATH_MAX], names[1024];
	struct stat st;

	if (strchr(kernel, '/') ||
	    (!stat(kernel, &st) && S_ISDIR(st.st_mode))) {
		if (snprintf(path, sizeof(path), "%s/release", kernel) >=
		    (int)sizeof(path))
			return -ENAMETOOLONG;
		return read_first_line(path, buf, size);
	}
	if (kernels_locate(&kp, "/proc/self/exe"))
		return -ENOENT;	/* kernels_resolve says why */
	if (kernels_known(&kp, kernel) <= 0) {
		if (kernels_names(&kp, names, sizeof(names)))
			names[0] = '\0';
		errx(2, "%s: no such folder, and not a kernel of %s/kernels.conf (known: %s)",
		     kernel, kp.data, names);
	}
	if (kernels_dir(&kp, kernel, path, sizeof(path)) == 0 &&
	    kernels_ready(&kp, kernel) &&
	    strlen(path) + 9 < sizeof(path))
		return read_first_line(strcat(path, "/release"), buf, size);
	return script_release(&kp, kernel, buf, size);
}

void early_check_kernel(const char *kernel, const struct operands *ops)
{
	char release[256], built_for[256];
	int i;

	if (kernel_release(kernel, release, sizeof(release)))
		return;	/* unknown yet: checked once provisioned */
	for (i = 0; i < ops->n; i++) {
		check_module_file(ops->paths[i], built_for,
				  sizeof(built_for));
		check_release(ops->paths[i], built_for, kernel, release);
	}
}
