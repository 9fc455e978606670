// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "channel.h"
#include "cpio.h"
#include "initblob.h"
#include "qmp.h"
#include "snapshot.h"
#include "statedir.h"

#define MAKE_TIMEOUT 60.0	/* seconds, at least, to boot and save */
#define QMP_TIMEOUT 30.0	/* seconds for one answer of QEMU's */
#define WAITING_LINE "# modrun-init: waiting for the plan"
#define STATES_KEPT 4		/* per kernel; the least recently used go */

/* snprintf() into a buffer of ours: a path longer than PATH_MAX is cut. */
static void __attribute__((format(printf, 3, 4)))
say(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { 0, ms * 1000000 };

	nanosleep(&ts, NULL);
}

/* QEMU's binary, as PATH finds it. */
static int find_qemu(const char *name, char *path, size_t size)
{
	const char *dirs = getenv("PATH");
	size_t n;

	if (strchr(name, '/')) {
		say(path, size, "%s", name);
		return access(path, X_OK) ? -errno : 0;
	}
	while (dirs && *dirs) {
		n = strcspn(dirs, ":");
		say(path, size, "%.*s/%s", (int)n, n ? dirs : ".", name);
		if (!access(path, X_OK))
			return 0;
		dirs += n + (dirs[n] == ':');
	}
	return -ENOENT;
}

int snapshot_init(struct snapshot *sn, const char *kernel_dir,
		  const char *release, const struct qemu_config *qc)
{
	char qemu[PATH_MAX];
	int ret;

	memset(sn, 0, sizeof(*sn));
	sn->release = release;
	say(sn->dir, sizeof(sn->dir), "%s/%s", kernel_dir, STATEDIR_NAME);
	sn->init_hash = statedir_hash(init_blob,
				      (size_t)(init_blob_end - init_blob),
				      STATEDIR_HASH_INIT);
	ret = mkdir(sn->dir, 0755) && errno != EEXIST ? -errno : 0;
	if (!ret)
		ret = statedir_file_hash(sn->dir, qc->kernel, &sn->image_hash);
	if (!ret)
		ret = find_qemu(qc->qemu ? qc->qemu : qc->arch->qemu, qemu,
				sizeof(qemu));
	if (!ret)
		ret = statedir_file_hash(sn->dir, qemu, &sn->qemu_hash);
	if (ret)
		say(sn->note, sizeof(sn->note),
			 "snapshot: booted: no state can be kept in %s: %s",
			 sn->dir, strerror(-ret));
	return ret;
}

/*
 * What a state is for: everything that changes the machine or what runs
 * in it.  The fds of a restored run are in it, as "N".
 */
/* The hash of what the state holds beyond /init (bare_initramfs()). */
static uint64_t boot_only_hash(const struct qemu_config *cfg)
{
	uint64_t h = STATEDIR_HASH_INIT;
	off_t at = (off_t)cfg->initrd_boot_only;
	char buf[1 << 16];
	ssize_t n;

	while (at > 0 && (n = pread(cfg->initrd_fd, buf, sizeof(buf), at)) > 0) {
		h = statedir_hash(buf, (size_t)n, h);
		at += n;
	}
	return h;
}

static char *key_text(const struct snapshot *sn, const struct qemu_config *cfg)
{
	struct qemu_config c = *cfg;
	char *machine, *key;

	c.initrd_fd = c.qmp_fd = c.channel_fd = 1;
	c.initrd_boot_only = 0;
	c.incoming = c.saving = false;
	c.ram_path = NULL;
	machine = qemu_machine_text(&c);
	if (!machine ||
	    asprintf(&key, "modrun-state 2\nrelease %s\nimage %016" PRIx64
		     "\nqemu %016" PRIx64 "\ninit %016" PRIx64
		     "\nboot-only %016" PRIx64 "\n%s",
		     sn->release, sn->image_hash, sn->qemu_hash, sn->init_hash,
		     boot_only_hash(cfg), machine) < 0)
		key = NULL;
	free(machine);
	return key;
}

/* Is there a complete state for key?  Its .key file is written last. */
static bool state_ready(const char *base, const char *key)
{
	char path[PATH_MAX], *text = NULL;
	size_t size = 0;
	bool same = false;
	FILE *f;

	say(path, sizeof(path), "%s.key", base);
	f = fopen(path, "re");
	if (f && getdelim(&text, &size, '\0', f) > 0)
		same = !strcmp(text, key);
	if (f)
		fclose(f);
	free(text);
	say(path, sizeof(path), "%s.state", base);
	if (!same || access(path, R_OK))
		return false;
	say(path, sizeof(path), "%s.ram", base);
	return !access(path, R_OK);
}

/* A killed maker's temporary files: the lock is ours, they are dead. */
static void remove_leftovers(const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct dirent *e;
	size_t n = strlen(name);
	DIR *d = opendir(dir);

	while (d && (e = readdir(d))) {
		if (strncmp(e->d_name, name, n) || !strstr(e->d_name, ".tmp"))
			continue;
		say(path, sizeof(path), "%s/%s", dir, e->d_name);
		unlink(path);
	}
	if (d)
		closedir(d);
}

/* Write text into base.SUFFIX: aside, synced, then renamed. */
static int write_aside(const char *base, const char *suffix, const char *text)
{
	char path[PATH_MAX], tmp[PATH_MAX];
	size_t n = strlen(text);
	int fd, ret = 0;

	say(path, sizeof(path), "%s.%s", base, suffix);
	say(tmp, sizeof(tmp), "%s.tmp%d", path, (int)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	if (write(fd, text, n) != (ssize_t)n || fsync(fd))
		ret = -errno ? -errno : -EIO;
	if (close(fd) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (ret)
		unlink(tmp);
	return ret;
}

/* A memory file of the channel's size; what is not written reads 0. */
static int channel_file(void)
{
	int fd = memfd_create("modrun-channel", MFD_CLOEXEC);

	if (fd >= 0 && ftruncate(fd, CHANNEL_SIZE)) {
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * The initramfs of the run that makes a state: /init, no plan; and what
 * only a boot needs (the part of cfg's from initrd_boot_only on), which the
 * state then holds for every run restored from it.
 */
static int bare_initramfs(const struct qemu_config *cfg)
{
	int fd = memfd_create("modrun-bare", MFD_CLOEXEC);
	off_t from = (off_t)cfg->initrd_boot_only;
	struct cpio c;
	ssize_t n = 1;
	char buf[1 << 16];

	if (fd < 0)
		return -1;
	cpio_init(&c, fd);
	cpio_add_file(&c, "init", 0755, init_blob,
		      (size_t)(init_blob_end - init_blob));
	while (!c.error && from > 0 &&
	       (n = pread(cfg->initrd_fd, buf, sizeof(buf), from)) > 0) {
		if (write(fd, buf, (size_t)n) != n)
			c.error = EIO;
		from += n;
	}
	if (cpio_finish(&c) || n < 0 || lseek(fd, 0, SEEK_SET)) {
		close(fd);
		return -1;
	}
	return fd;
}

struct maker {
	struct qmp q;
	int qmp_fd;
	int state_fd;		/* the temporary file */
	bool saved;
	char why[256];
};

#define IGNORE_SHARED "{\"execute\": \"migrate-set-capabilities\", \"arguments\": {\"capabilities\": [{\"capability\": \"x-ignore-shared\", \"state\": true}]}}"

/*
 * The guest waits for its plan: save the VM into m->state_fd.  Its memory
 * is the file QEMU was given, shared: the state holds the devices only.
 */
static int save_state(struct maker *m)
{
	char reply[4096];
	int ret;

	ret = qmp_open(&m->q, m->qmp_fd, QMP_TIMEOUT);
	if (!ret)
		ret = qmp_command(&m->q, IGNORE_SHARED, NULL, 0);
	if (!ret)
		ret = qmp_send_fd(&m->q, m->state_fd, "modrun-state");
	if (!ret)
		ret = qmp_command(&m->q, "{\"execute\": \"migrate\", \"arguments\": {\"uri\": \"fd:modrun-state\"}}",
				  NULL, 0);
	while (!ret) {
		ret = qmp_command(&m->q, "{\"execute\": \"query-migrate\"}",
				  reply, sizeof(reply));
		if (ret || strstr(reply, "\"status\": \"completed\""))
			break;
		if (strstr(reply, "\"status\": \"failed\"")) {
			say(m->q.error, sizeof(m->q.error),
			    "QEMU could not save it");
			ret = -EIO;
		}
		sleep_ms(2);
	}
	if (ret)
		say(m->why, sizeof(m->why), "%s", m->q.error);
	return ret;
}

static int maker_line(void *arg, enum qemu_stream s, const char *line)
{
	struct maker *m = arg;

	if (s == QEMU_STDERR && *line && !m->why[0])
		say(m->why, sizeof(m->why), "QEMU: %s", line);
	if (s != QEMU_REPORT || strncmp(line, WAITING_LINE,
					strlen(WAITING_LINE)))
		return 0;
	m->saved = !save_state(m);
	qmp_command(&m->q, "{\"execute\": \"quit\"}", NULL, 0);
	return QEMU_LINE_COMPLETE;
}

/* Boot the bare machine of cfg, its memory in ram, and save it. */
static int boot_and_save(const struct qemu_config *cfg, const char *ram,
			 int state_fd, char *why, size_t size)
{
	struct qemu_config c = *cfg;
	struct maker m = { .state_fd = state_fd };
	struct qemu_result res = { .timed_out = false };
	int sv[2] = { -1, -1 }, ret = -ENOMEM;

	c.initrd_fd = bare_initramfs(cfg);
	c.channel_fd = channel_file();
	c.ram_path = ram;
	c.saving = true;
	if (c.initrd_fd >= 0 && c.channel_fd >= 0 &&
	    !socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv)) {
		c.qmp_fd = sv[1];
		m.qmp_fd = sv[0];
		if (c.timeout < MAKE_TIMEOUT)
			c.timeout = MAKE_TIMEOUT;
		ret = qemu_run(&c, maker_line, &m, &res);
	}
	if (!ret && res.interrupted)
		ret = -EINTR;
	if (!ret && !m.saved)
		ret = -EIO;
	if (ret)
		say(why, size, "%s", m.why[0] ? m.why :
		    res.timed_out ? "the boot timed out" :
		    ret != -EIO ? strerror(-ret) :
		    "the guest did not wait for its plan");
	if (c.initrd_fd >= 0)
		close(c.initrd_fd);
	if (c.channel_fd >= 0)
		close(c.channel_fd);
	if (sv[0] >= 0) {
		close(sv[0]);
		close(sv[1]);
	}
	return ret;
}

/* A file made aside: base.SUFFIX.tmpXXXXXX, renamed when complete. */
struct aside {
	char tmp[PATH_MAX];
	char path[PATH_MAX];
	int fd;
};

static int open_aside(struct aside *a, const char *base, const char *suffix)
{
	say(a->path, sizeof(a->path), "%s.%s", base, suffix);
	say(a->tmp, sizeof(a->tmp), "%s.tmpXXXXXX", a->path);
	a->fd = mkostemp(a->tmp, O_CLOEXEC);
	if (a->fd < 0 || fchmod(a->fd, 0644))
		return -errno;
	return 0;
}

/* Synced and renamed into place; 0 or -errno. */
static int keep_aside(struct aside *a)
{
	if (fsync(a->fd) || rename(a->tmp, a->path))
		return -errno;
	return 0;
}

static void close_aside(struct aside *a)
{
	if (a->fd >= 0)
		close(a->fd);
	unlink(a->tmp);		/* renamed already, or torn: gone */
}

/* Make base.ram, base.state and, last, base.key; 0 or -errno (why). */
static int make_state(const char *base, const char *key,
		      const struct qemu_config *cfg, char *why, size_t size)
{
	struct aside ram = { .fd = -1 }, state = { .fd = -1 };
	int ret;

	ret = open_aside(&ram, base, "ram");
	if (!ret)
		ret = open_aside(&state, base, "state");
	if (!ret && ftruncate(ram.fd, (off_t)cfg->memory_mb << 20))
		ret = -errno;
	if (!ret)
		ret = boot_and_save(cfg, ram.tmp, state.fd, why, size);
	if (!ret)
		ret = keep_aside(&ram);
	if (!ret)
		ret = keep_aside(&state);
	if (!ret)
		ret = write_aside(base, "key", key);
	if (ret && !why[0])
		say(why, size, "%s: %s", state.path, strerror(-ret));
	close_aside(&ram);
	close_aside(&state);
	return ret;
}

/* The .key of the least recently used state of dir, and how many. */
static int oldest_state(const char *dir, char *oldest, size_t size)
{
	char path[PATH_MAX];
	struct timespec t = { 0, 0 };
	struct dirent *e;
	struct stat st;
	DIR *d = opendir(dir);
	size_t len;
	int n = 0;

	while (d && (e = readdir(d))) {
		len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".key"))
			continue;
		say(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (stat(path, &st))
			continue;
		if (!n++ || st.st_mtim.tv_sec < t.tv_sec ||
		    (st.st_mtim.tv_sec == t.tv_sec &&
		     st.st_mtim.tv_nsec < t.tv_nsec)) {
			t = st.st_mtim;
			/* the path without ".key" (not the name's length) */
			say(oldest, size, "%.*s", (int)(strlen(path) - 4), path);
		}
	}
	if (d)
		closedir(d);
	return n;
}

/* Keep STATES_KEPT states: each is tens of MB. */
static void prune_states(const char *dir)
{
	char base[PATH_MAX], path[PATH_MAX + 8];
	static const char *const suffixes[] = { "key", "state", "ram", "lock" };
	int i;

	while (oldest_state(dir, base, sizeof(base)) > STATES_KEPT) {
		for (i = 0; i < 4; i++) {
			say(path, sizeof(path), "%s.%s", base, suffixes[i]);
			if (unlink(path) && i == 0)
				return;	/* its key stays: never loop on it */
		}
	}
}

/*
 * Under the machine's lock: two first runs make one state.  Returns 0 when
 * made, 1 when another run made it meanwhile, or -errno (why says).
 */
static int make_locked(const struct snapshot *sn, const char *name,
		       const char *key, const struct qemu_config *cfg,
		       char *why, size_t size)
{
	char base[PATH_MAX], path[PATH_MAX];
	int lock, ret = 0;

	say(base, sizeof(base), "%s/%s", sn->dir, name);
	say(path, sizeof(path), "%s.lock", base);
	lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (lock < 0 || flock(lock, LOCK_EX)) {
		say(why, size, "%s: %s", path, strerror(errno));
		if (lock >= 0)
			close(lock);
		return -errno;
	}
	if (state_ready(base, key)) {
		ret = 1;	/* another run made it meanwhile */
	} else {
		remove_leftovers(sn->dir, name);
		ret = make_state(base, key, cfg, why, size);
		if (!ret)
			prune_states(sn->dir);
	}
	close(lock);		/* and the lock with it */
	return ret;
}

/*
 * The initramfs a boot would have had, after the channel's header, less
 * what the state holds (from end on, when end > 0).
 */
static int fill_channel(int channel_fd, int initrd_fd, off_t end)
{
	struct channel_header h = { .magic = CHANNEL_MAGIC };
	struct timespec ts;
	char buf[1 << 16];
	off_t at = CHANNEL_DATA;
	ssize_t n;

	while ((n = pread(initrd_fd, buf, end > 0 && at - (off_t)CHANNEL_DATA +
			  (off_t)sizeof(buf) > end ?
			  (size_t)(end - (at - (off_t)CHANNEL_DATA)) : sizeof(buf),
			  at - (off_t)CHANNEL_DATA)) > 0) {
		if (at + n > (off_t)CHANNEL_SIZE ||
		    pwrite(channel_fd, buf, (size_t)n, at) != n)
			return -EFBIG;
		at += n;
	}
	if (n < 0)
		return -errno;
	h.size = (uint64_t)(at - CHANNEL_DATA);
	if (getrandom(h.entropy, sizeof(h.entropy), 0) !=
	    (ssize_t)sizeof(h.entropy))
		return -errno;
	clock_gettime(CLOCK_REALTIME, &ts);
	h.sec = ts.tv_sec;
	h.nsec = ts.tv_nsec;
	return pwrite(channel_fd, &h, sizeof(h), 0) == sizeof(h) ? 0 : -errno;
}

struct restorer {
	struct qmp q;
	int qmp_fd;		/* our end */
	int state_fd;
};

/* QEMU waits: load the devices' state; the guest then goes on. */
static int restore_spawned(const struct qemu_config *cfg, void *arg)
{
	struct restorer *r = arg;
	char reply[512] = "";
	int ret;

	(void)cfg;
	ret = qmp_open(&r->q, r->qmp_fd, QMP_TIMEOUT);
	if (!ret)
		ret = qmp_command(&r->q, IGNORE_SHARED, NULL, 0);
	if (!ret)
		ret = qmp_send_fd(&r->q, r->state_fd, "modrun-state");
	if (!ret)
		ret = qmp_command(&r->q, "{\"execute\": \"migrate-incoming\", \"arguments\": {\"uri\": \"fd:modrun-state\"}}",
				  NULL, 0);
	/* a state that does not load ends QEMU: it is a boot then */
	while (!ret) {
		ret = qmp_command(&r->q, "{\"execute\": \"query-status\"}",
				  reply, sizeof(reply));
		if (ret || !strstr(reply, "\"inmigrate\""))
			break;
		sleep_ms(1);
	}
	if (!ret && !strstr(reply, "\"running\""))
		ret = qmp_command(&r->q, "{\"execute\": \"cont\"}", NULL, 0);
	return ret;
}

/* Run cfg from base's state; -ECANCELED when it did not load (why says). */
static int restore_run(const char *base, const struct qemu_config *cfg,
		       qemu_line_fn fn, void *ctx, struct qemu_result *res,
		       char *why, size_t size)
{
	struct restorer r = { .state_fd = -1 };
	struct qemu_config c = *cfg;
	char path[PATH_MAX], ram[PATH_MAX];
	int sv[2], ret;

	say(path, sizeof(path), "%s.state", base);
	say(ram, sizeof(ram), "%s.ram", base);
	r.state_fd = open(path, O_RDONLY | O_CLOEXEC);
	c.channel_fd = channel_file();
	ret = c.channel_fd < 0 ? -errno :
	      fill_channel(c.channel_fd, cfg->initrd_fd,
			   (off_t)cfg->initrd_boot_only);
	if (r.state_fd < 0 || ret ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv)) {
		say(why, size, "%s: %s", path, strerror(ret ? -ret : errno));
		ret = -ECANCELED;
		goto out_close;
	}
	c.qmp_fd = sv[1];
	r.qmp_fd = sv[0];
	c.ram_path = ram;	/* mapped privately: never written */
	c.incoming = true;
	c.spawned = restore_spawned;
	c.spawned_arg = &r;
	ret = qemu_run(&c, fn, ctx, res);
	if (ret == -EINTR) {	/* a signal while QEMU was loading */
		res->interrupted = true;
		ret = 0;
	} else if (ret) {
		say(why, size, "%s", res->spawn_error[0] ?
		    res->spawn_error : r.q.error);
		ret = -ECANCELED;
	}
	close(sv[0]);
	close(sv[1]);
out_close:
	if (r.state_fd >= 0)
		close(r.state_fd);
	if (c.channel_fd >= 0)
		close(c.channel_fd);
	return ret;
}

static int payload_fits(const struct qemu_config *cfg, char *why, size_t size)
{
	struct stat st;

	if (fstat(cfg->initrd_fd, &st) == 0 &&
	    st.st_size <= (off_t)(CHANNEL_SIZE - CHANNEL_DATA))
		return 1;
	say(why, size, "the initramfs (%lld MB) is larger than the channel (%u MB)",
		 (long long)st.st_size >> 20, CHANNEL_SIZE >> 20);
	return 0;
}

static void note_restored(struct snapshot *sn, const char *base, double made)
{
	const char *name = strrchr(base, '/') + 1;
	char path[PATH_MAX];
	struct stat st;
	long long size;

	say(path, sizeof(path), "%s.key", base);
	utimensat(AT_FDCWD, path, NULL, 0);	/* used: pruned last */
	if (made < 0) {
		say(sn->note, sizeof(sn->note),
			 "snapshot: restored %s/%s.state", sn->dir, name);
		return;
	}
	say(path, sizeof(path), "%s.ram", base);
	size = stat(path, &st) ? 0 : (long long)st.st_blocks * 512;
	say(path, sizeof(path), "%s.state", base);
	size += stat(path, &st) ? 0 : (long long)st.st_size;
	say(sn->note, sizeof(sn->note),
	    "snapshot: made %s (%lld MB with its .ram, in %.2f s), restored it",
	    path, size >> 20, made);
}

/* Restore, making the state first if need be; -ECANCELED: boot instead. */
static int run_from_state(struct snapshot *sn, const struct qemu_config *cfg,
			  qemu_line_fn fn, void *ctx, struct qemu_result *res,
			  double *spent)
{
	char *key = key_text(sn, cfg), name[32], base[PATH_MAX], why[512] = "";
	double start = now(), made = -1;
	int ret = -ECANCELED;

	if (cfg->nr_devices) {
		/* edu, for one, has no state QEMU saves: it would read 0 */
		say(why, sizeof(why), "--device: QEMU does not save every device's state");
		goto out;
	}
	if (!key || !payload_fits(cfg, why, sizeof(why)))
		goto out;
	say(name, sizeof(name), "%016" PRIx64,
		 statedir_hash(key, strlen(key), STATEDIR_HASH_INIT));
	say(base, sizeof(base), "%s/%s", sn->dir, name);
	if (!state_ready(base, key)) {
		ret = make_locked(sn, name, key, cfg, why, sizeof(why));
		if (ret == -EINTR) {	/* a signal: the run ends */
			memset(res, 0, sizeof(*res));
			res->interrupted = true;
			res->first_report = -1;
			goto out;
		}
		if (ret < 0) {
			ret = -ECANCELED;
			goto out;
		}
		if (ret == 0)
			made = now() - start;
	}
	ret = restore_run(base, cfg, fn, ctx, res, why, sizeof(why));
	if (ret != -ECANCELED)
		note_restored(sn, base, made);
	else if (strlen(base) + 5 < sizeof(base))
		unlink(strcat(base, ".key"));	/* the next run makes it anew */
out:
	if (ret == -EINTR)
		ret = 0;
	else if (ret == -ECANCELED)
		say(sn->note, sizeof(sn->note), "snapshot: booted: %s",
			 why[0] ? why : strerror(ENOMEM));
	*spent = now() - start - (ret == -ECANCELED ? 0 : res->wall);
	free(key);
	return ret;
}

int snapshot_run(const struct qemu_config *cfg, qemu_line_fn fn, void *ctx,
		 struct qemu_result *res)
{
	struct qemu_config c = *cfg;
	double spent = 0;
	int ret;

	if (!cfg->snapshot)
		return qemu_run(cfg, fn, ctx, res);
	ret = run_from_state(cfg->snapshot, cfg, fn, ctx, res, &spent);
	if (ret == -ECANCELED) {
		c.snapshot = NULL;
		ret = qemu_run(&c, fn, ctx, res);
	}
	res->wall += spent;
	return ret;
}
