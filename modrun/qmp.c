// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "qmp.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One line from QEMU, or -errno (-ETIMEDOUT, -EINTR, -EPIPE at its end). */
static int read_line(struct qmp *q, char *line, size_t size)
{
	double deadline = now() + q->timeout;
	struct pollfd p = { .fd = q->fd, .events = POLLIN };
	char *nl;
	size_t n;
	ssize_t got;

	while (!(nl = memchr(q->buf, '\n', q->len))) {
		if (q->len == sizeof(q->buf))
			q->len = 0;	/* an overlong answer: not ours */
		if (poll(&p, 1, (int)((deadline - now()) * 1000) + 1) < 0)
			return -errno;	/* -EINTR: modrun is being ended */
		if (now() > deadline)
			return -ETIMEDOUT;
		got = read(q->fd, q->buf + q->len, sizeof(q->buf) - q->len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return got < 0 ? -errno : -EPIPE;
		q->len += (size_t)got;
	}
	n = (size_t)(nl - q->buf);
	snprintf(line, size, "%.*s", (int)n, q->buf);
	q->len -= n + 1;
	memmove(q->buf, nl + 1, q->len);
	return 0;
}

static int send_all(int fd, const char *s, size_t n)
{
	ssize_t w;

	while (n) {
		w = send(fd, s, n, MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -errno;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The answer to the command just sent: "return" or "error". */
static int answer(struct qmp *q, char *reply, size_t size)
{
	char line[sizeof(q->buf)], *desc;
	int ret;

	for (;;) {
		ret = read_line(q, line, sizeof(line));
		if (ret) {
			snprintf(q->error, sizeof(q->error), "%s",
				 ret == -ETIMEDOUT ? "QEMU does not answer" :
				 "QEMU has ended");
			return ret;
		}
		if (strstr(line, "\"event\""))
			continue;
		if (reply)
			snprintf(reply, size, "%s", line);
		if (!strncmp(line, "{\"return\"", 9))
			return 0;
		desc = strstr(line, "\"desc\": \"");
		snprintf(q->error, sizeof(q->error), "%.*s",
			 desc ? (int)strcspn(desc + 9, "\"") : 200,
			 desc ? desc + 9 : line);
		return -EIO;
	}
}

int qmp_open(struct qmp *q, int fd, double timeout)
{
	int ret;

	memset(q, 0, sizeof(*q));
	q->fd = fd;
	q->timeout = timeout;
	ret = read_line(q, q->greeting, sizeof(q->greeting));
	if (ret) {
		snprintf(q->error, sizeof(q->error), "no greeting from QEMU");
		return ret;
	}
	return qmp_command(q, "{\"execute\": \"qmp_capabilities\"}", NULL, 0);
}

int qmp_command(struct qmp *q, const char *json, char *reply, size_t size)
{
	int ret = send_all(q->fd, json, strlen(json));

	if (!ret)
		ret = send_all(q->fd, "\n", 1);
	if (ret) {
		snprintf(q->error, sizeof(q->error), "QEMU has ended");
		return ret;
	}
	return answer(q, reply, size);
}

int qmp_send_fd(struct qmp *q, int fd, const char *name)
{
	char json[256], cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov;
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
			      .msg_control = cbuf,
			      .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c;
	int len;

	len = snprintf(json, sizeof(json),
		       "{\"execute\": \"getfd\", \"arguments\": {\"fdname\": \"%s\"}}\n",
		       name);
	iov.iov_base = json;
	iov.iov_len = (size_t)len;
	memset(cbuf, 0, sizeof(cbuf));
	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	if (sendmsg(q->fd, &msg, MSG_NOSIGNAL) != len) {
		snprintf(q->error, sizeof(q->error), "QEMU has ended");
		return -EPIPE;
	}
	return answer(q, NULL, 0);
}
