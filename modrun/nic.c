// SPDX-License-Identifier: GPL-2.0
#include <err.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nic.h"

/*
 * udhcpc's script: written for modrun, after the cases busybox's
 * examples/udhcp/simple.script handles; configures the card with ip(8).
 */
static const char udhcpc_script[] =
	"#!/bin/sh\n"
	"# udhcpc's script (modrun --nic): configure $interface with the lease\n"
	"case \"$1\" in\n"
	"deconfig)\n"
	"\tip -4 addr flush dev \"$interface\"\n"
	"\tip link set \"$interface\" up\n"
	"\t;;\n"
	"bound|renew)\n"
	"\tip -4 addr flush dev \"$interface\"\n"
	"\tip addr add \"$ip/${mask:-24}\" dev \"$interface\"\n"
	"\tfor r in $router; do\n"
	"\t\tip route replace default via \"$r\" dev \"$interface\"\n"
	"\t\tbreak\n"
	"\tdone\n"
	"\techo \"udhcpc: $interface: $ip/${mask:-24} via ${router:-none}\"\n"
	"\t;;\n"
	"esac\n"
	"exit 0\n";

/* QEMU's device model names: letters, digits, '-', '_' and '.'. */
static int model_ok(const char *model)
{
	const char *p;

	if (!*model || strlen(model) > 64)
		return 0;
	for (p = model; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyz"
			    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.", *p))
			return 0;
	return 1;
}

static char *__attribute__((format(printf, 1, 2)))
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *r;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&r, fmt, ap);
	va_end(ap);
	if (n < 0)
		err(2, "out of memory");
	return r;
}

int nic_add(struct nic_set *s, const char *model)
{
	char **nd, **dv;

	if (!model_ok(model))
		return -EINVAL;
	nd = realloc(s->netdevs, (size_t)(s->n + 1) * sizeof(*nd));
	if (!nd)
		err(2, "out of memory");
	s->netdevs = nd;
	dv = realloc(s->devices, (size_t)(s->n + 1) * sizeof(*dv));
	if (!dv)
		err(2, "out of memory");
	s->devices = dv;
	s->netdevs[s->n] = xasprintf("user,id=n%d,restrict=on", s->n);
	s->devices[s->n] = xasprintf("%s,netdev=n%d", model, s->n);
	s->n++;
	return 0;
}

void nic_free(struct nic_set *s)
{
	int i;

	for (i = 0; i < s->n; i++) {
		free(s->netdevs[i]);
		free(s->devices[i]);
	}
	free(s->netdevs);
	free(s->devices);
	memset(s, 0, sizeof(*s));
}

/* Where udhcpc looks: Debian's busybox, then busybox's own default. */
static const char *const script_paths[] = {
	"etc/udhcpc/default.script",
	"usr/share/udhcpc/default.script",
};

static void script_file(struct guest_file *f, const char *path)
{
	memset(f, 0, sizeof(*f));
	f->host = strdup("(modrun --nic)");
	f->guest = strdup(path);
	f->data = malloc(sizeof(udhcpc_script) - 1);
	if (!f->host || !f->guest || !f->data)
		err(2, "out of memory");
	memcpy(f->data, udhcpc_script, sizeof(udhcpc_script) - 1);
	f->size = sizeof(udhcpc_script) - 1;
	f->mode = 0755;
}

void nic_add_script(const struct nic_set *s, struct guest_file **files,
		    int *nr_files)
{
	const size_t n = sizeof(script_paths) / sizeof(script_paths[0]);
	struct guest_file *f;
	size_t i;

	if (!s->n)
		return;
	f = realloc(*files, ((size_t)*nr_files + n) * sizeof(*f));
	if (!f)
		err(2, "out of memory");
	*files = f;
	for (i = 0; i < n; i++)
		script_file(&f[(*nr_files)++], script_paths[i]);
}
