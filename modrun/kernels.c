// SPDX-License-Identifier: GPL-2.0
/*
 * kernels: named kernels, modrun's data folder and cache, provisioning on
 * first use (see kernels.h).
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernels.h"
#include "statedir.h"

#define KERNELS_MIN_FREE (800ULL << 20)

static bool is_file(const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return false;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_data_dir(const char *dir)
{
	return is_file(dir, "kernels.conf") &&
	       is_file(dir, "scripts/provision-kernel");
}

/* dir of exe + rel, made absolute, into out when it is a data folder. */
static bool try_data_dir(char *out, const char *exe, const char *rel)
{
	char path[PATH_MAX], *slash;

	if (snprintf(path, sizeof(path), "%s", exe) >= (int)sizeof(path))
		return false;
	slash = strrchr(path, '/');
	if (!slash)
		return false;
	*slash = '\0';
	if (strlen(path) + 1 + strlen(rel) >= sizeof(path))
		return false;
	strcat(path, "/");
	strcat(path, rel);
	if (!realpath(path, out))
		return false;
	return is_data_dir(out);
}

static int set_cache(struct kernel_place *kp, bool checkout)
{
	const char *env = getenv("MODRUN_CACHE");
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");
	int n;

	if (env && *env)
		n = snprintf(kp->cache, sizeof(kp->cache), "%s", env);
	else if (checkout)
		n = snprintf(kp->cache, sizeof(kp->cache), "%s/cache", kp->data);
	else if (xdg && *xdg == '/')
		n = snprintf(kp->cache, sizeof(kp->cache), "%s/modrun", xdg);
	else if (home && *home)
		n = snprintf(kp->cache, sizeof(kp->cache), "%s/.cache/modrun", home);
	else
		return -ENOENT;
	return n < (int)sizeof(kp->cache) ? 0 : -ENAMETOOLONG;
}

int kernels_locate(struct kernel_place *kp, const char *exe_link)
{
	const char *env = getenv("MODRUN_DATA");
	char exe[PATH_MAX];
	bool checkout = false;

	/* /proc/self/exe is a link: its folder is the link's target's. */
	if (!realpath(exe_link, exe))
		return -errno;

	if (env && *env) {
		if (!realpath(env, kp->data) || !is_data_dir(kp->data))
			return -ENOENT;
		checkout = is_file(kp->data, "modrun/main.c");
	} else if (try_data_dir(kp->data, exe, "../..") ||
		   try_data_dir(kp->data, exe, "../../..")) {
		/* build/bin/modrun or build/san/bin/modrun in a checkout */
		checkout = true;
	} else if (!try_data_dir(kp->data, exe, "../share/modrun")) {
		return -ENOENT;
	}
	return set_cache(kp, checkout);
}

/* Calls fn(name, suite, arg) for each kernel of kernels.conf. */
static int each_kernel(const struct kernel_place *kp,
		       int (*fn)(const char *, const char *, void *), void *arg)
{
	char path[PATH_MAX], line[512];
	FILE *f;
	int ret = 0;

	if (snprintf(path, sizeof(path), "%s/kernels.conf", kp->data) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	f = fopen(path, "r");
	if (!f)
		return -errno;
	while (!ret && fgets(line, sizeof(line), f)) {
		char name[128], suite[128];

		if (line[0] == '#' || sscanf(line, "%127s %127s", name, suite) != 2)
			continue;
		ret = fn(name, suite, arg);
	}
	fclose(f);
	return ret;
}

static int match_name(const char *name, const char *suite, void *arg)
{
	(void)suite;
	return strcmp(name, arg) == 0;
}

int kernels_known(const struct kernel_place *kp, const char *name)
{
	return each_kernel(kp, match_name, (void *)name);
}

struct name_buf {
	char *buf;
	size_t size, len;
};

static int add_name(const char *name, const char *suite, void *arg)
{
	struct name_buf *nb = arg;
	int n;

	(void)suite;
	n = snprintf(nb->buf + nb->len, nb->size - nb->len, "%s%s",
		     nb->len ? " " : "", name);
	if (n < 0 || (size_t)n >= nb->size - nb->len)
		return -ENAMETOOLONG;
	nb->len += n;
	return 0;
}

int kernels_names(const struct kernel_place *kp, char *buf, size_t size)
{
	struct name_buf nb = { buf, size, 0 };

	if (!size)
		return -ENAMETOOLONG;
	buf[0] = '\0';
	return each_kernel(kp, add_name, &nb);
}

int kernels_dir(const struct kernel_place *kp, const char *name, char *buf,
		size_t size)
{
	int n = snprintf(buf, size, "%s/kernels/%s", kp->cache, name);

	return n >= 0 && (size_t)n < size ? 0 : -ENAMETOOLONG;
}

int kernels_ready(const struct kernel_place *kp, const char *name)
{
	char dir[PATH_MAX];

	return kernels_dir(kp, name, dir, sizeof(dir)) == 0 &&
	       is_file(dir, "ready");
}

/* mkdir -p, then a check that the folder can be written. */
static int writable_dir(const char *dir)
{
	char path[PATH_MAX];
	size_t i, len = strlen(dir);

	if (len >= sizeof(path))
		return -ENAMETOOLONG;
	memcpy(path, dir, len + 1);
	for (i = 1; i <= len; i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		path[i] = '\0';
		if (mkdir(path, 0755) < 0 && errno != EEXIST)
			return -errno;
		path[i] = dir[i];
	}
	return access(dir, W_OK | X_OK) < 0 ? -errno : 0;
}

/*
 * A kernel unpacked takes about 400 MB (image, modules, headers) and its
 * packages as much again while they are unpacked: refuse early, with one
 * line, rather than fail halfway.
 */
static int enough_space(const char *dir)
{
	struct statvfs vfs;

	if (statvfs(dir, &vfs) < 0)
		return -errno;
	if ((unsigned long long)vfs.f_bavail * vfs.f_frsize < KERNELS_MIN_FREE)
		return -ENOSPC;
	return 0;
}

int kernels_exec_script(const struct kernel_place *kp, const char *script,
			char *const args[])
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "%s/scripts/%s", kp->data, script) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	if (setenv("MODRUN_CACHE", kp->cache, 1) < 0)
		return -errno;
	execv(path, args);
	return -errno;
}

static volatile pid_t script_pid;

/* A SIGTERM or SIGINT for modrun goes to the script, which says what it kept. */
static void forward_signal(int sig)
{
	if (script_pid > 0)
		kill(script_pid, sig);
}

static void catch_signals(void (*fn)(int))
{
	struct sigaction sa = { .sa_handler = fn };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

int kernels_run_script(const struct kernel_place *kp, const char *script,
		       const char *arg)
{
	char *args[] = { (char *)script, (char *)arg, NULL };
	int ret, status;
	pid_t pid;

	ret = writable_dir(kp->cache);
	if (ret)
		return ret;
	ret = enough_space(kp->cache);
	if (ret)
		return ret;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		/* Its summary is progress too: stdout is modrun's report. */
		dup2(STDERR_FILENO, STDOUT_FILENO);
		/* modrun forwards these: the script can trap them */
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		kernels_exec_script(kp, script, args);
		_exit(127);
	}
	script_pid = pid;
	catch_signals(forward_signal);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			break;
	catch_signals(SIG_DFL);
	script_pid = 0;
	if ((WIFEXITED(status) && WEXITSTATUS(status) == 130) ||
	    (WIFSIGNALED(status) && (WTERMSIG(status) == SIGINT ||
				     WTERMSIG(status) == SIGTERM)))
		return -EINTR;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -EIO;
}

int kernels_provision(const struct kernel_place *kp, const char *name)
{
	int ret = writable_dir(kp->cache);

	if (!ret)
		ret = enough_space(kp->cache);
	if (ret)
		return ret;
	fprintf(stderr, "modrun: kernel %s is not provisioned yet: fetching it into %s (once)\n",
		name, kp->cache);
	ret = kernels_run_script(kp, "provision-kernel", name);

	if (ret)
		return ret;
	return kernels_ready(kp, name) ? 0 : -EIO;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int kernels_resolve(const char *arg, const char *exe, char *dir, size_t size,
		    char *msg, size_t msize)
{
	struct kernel_place kp;
	char names[1024];
	int ret;

	if (strchr(arg, '/') || is_dir(arg)) {
		ret = snprintf(dir, size, "%s", arg);
		return ret >= 0 && (size_t)ret < size ? 0 : -ENAMETOOLONG;
	}
	ret = kernels_locate(&kp, exe);
	if (ret) {
		snprintf(msg, msize, "%s: no such folder, and no kernels.conf to look the name up in (set MODRUN_DATA, or install modrun with make install)",
			 arg);
		return ret;
	}
	ret = kernels_known(&kp, arg);
	if (ret <= 0) {
		if (kernels_names(&kp, names, sizeof(names)))
			names[0] = '\0';
		snprintf(msg, msize, "%s: no such folder, and not a kernel of %s/kernels.conf (known: %s)",
			 arg, kp.data, names);
		return ret ? ret : -ENOENT;
	}
	ret = kernels_dir(&kp, arg, dir, size);
	if (ret || kernels_ready(&kp, arg))
		return ret;
	ret = kernels_provision(&kp, arg);
	if (ret == -EINTR)
		snprintf(msg, msize, "kernel %s: provisioning interrupted; the next run goes on with what was downloaded whole",
			 arg);
	else if (ret == -EIO)
		snprintf(msg, msize, "kernel %s: provisioning into %s failed (its messages are above); the next run starts it again",
			 arg, kp.cache);
	else if (ret == -ENOSPC)
		snprintf(msg, msize, "kernel %s: the cache %s has less than %llu MB free; a kernel needs about that much: free some space or set MODRUN_CACHE",
			 arg, kp.cache, KERNELS_MIN_FREE >> 20);
	else if (ret)
		snprintf(msg, msize, "kernel %s: cannot write the cache %s: %s",
			 arg, kp.cache, strerror(-ret));
	return ret;
}

struct list_ctx {
	const struct kernel_place *kp;
	FILE *out;
};

static int list_one(const char *name, const char *suite, void *arg)
{
	struct list_ctx *lc = arg;
	char dir[PATH_MAX], path[PATH_MAX], release[128] = "", state[64];
	FILE *f;

	if (kernels_dir(lc->kp, name, dir, sizeof(dir)) == 0 &&
	    kernels_ready(lc->kp, name) &&
	    snprintf(path, sizeof(path), "%s/release", dir) < (int)sizeof(path)) {
		f = fopen(path, "r");
		if (f) {
			if (!fgets(release, sizeof(release), f))
				release[0] = '\0';
			release[strcspn(release, "\n")] = '\0';
			fclose(f);
		}
	}
	if (release[0])
		statedir_describe(dir, state, sizeof(state));
	fprintf(lc->out, "%-8s %-20s %s%s%s\n", name, suite,
		release[0] ? release : "not provisioned",
		release[0] ? ", " : "", release[0] ? state : "");
	return 0;
}

int kernels_list(const struct kernel_place *kp, FILE *out)
{
	struct list_ctx lc = { kp, out };

	return each_kernel(kp, list_one, &lc);
}
