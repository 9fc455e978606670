// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deps.h"
#include "kmod.h"
#include "plan.h"

/* What mounting the share takes, in modules.dep's names. */
static const char *const share_chain = "virtio_pci,9pnet_virtio,9p";

/* A module of the chain that modules.dep lacks is built in: skip it. */
static int built_in(const char *name, void *arg)
{
	return name[0] && !deps_find(arg, name);
}

static int add_file(struct kmod_share *ks, const struct deps_index *idx,
		    const struct deps_entry *e)
{
	struct kmod_file *f, *grown;
	const char *ext = strstr(e->path, ".ko");
	char path[PATH_MAX], line[512], *list;
	size_t len;
	int ret;

	grown = realloc(ks->files, (size_t)(ks->n + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	ks->files = grown;
	f = &ks->files[ks->n];
	memset(f, 0, sizeof(*f));
	snprintf(path, sizeof(path), "%s/%s", idx->dir, e->path);
	f->name = strdup(e->name);
	if (asprintf(&f->guest, "modrun/kmod/%d%s", ks->n,
		     ext ? ext : ".ko") < 0)
		f->guest = NULL;
	if (!f->name || !f->guest) {
		free(f->name);
		free(f->guest);
		return -ENOMEM;
	}
	ks->n++;
	ret = plan_read_file(path, &f->data, &f->size);
	if (ret)
		return ret;
	snprintf(line, sizeof(line), "%s /%s\n", f->name, f->guest);
	len = ks->list ? strlen(ks->list) : 0;
	list = realloc(ks->list, len + strlen(line) + 1);
	if (!list)
		return -ENOMEM;
	ks->list = list;
	memcpy(ks->list + len, line, strlen(line) + 1);
	return 0;
}

int kmod_share_open(struct kmod_share *ks, const char *modules_dir)
{
	const struct deps_entry **order = NULL;
	struct deps_index idx;
	const char *missing;
	size_t nr = 0, i;
	int ret;

	memset(ks, 0, sizeof(*ks));
	if (deps_index_load(&idx, modules_dir))
		return 0;	/* no module tree: nothing to share */
	if (!deps_find(&idx, "9p") || !deps_find(&idx, "9pnet_virtio")) {
		deps_index_free(&idx);
		return 0;	/* built in, or absent: not handled */
	}
	ret = deps_resolve(&idx, share_chain, built_in, &idx, &order, &nr,
			   &missing);
	for (i = 0; !ret && i < nr; i++)
		ret = add_file(ks, &idx, order[i]);
	if (!ret) {
		ks->dir = realpath(modules_dir, NULL);
		if (!ks->dir)
			ret = -errno;
	}
	free(order);
	deps_index_free(&idx);
	if (ret)
		kmod_share_free(ks);
	return ret;
}

void kmod_share_free(struct kmod_share *ks)
{
	int i;

	for (i = 0; i < ks->n; i++) {
		free(ks->files[i].name);
		free(ks->files[i].guest);
		free(ks->files[i].data);
	}
	free(ks->files);
	free(ks->list);
	free(ks->dir);
	memset(ks, 0, sizeof(*ks));
}
