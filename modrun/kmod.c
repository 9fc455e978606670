// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deps.h"
#include "kmod.h"
#include "plan.h"

/* What mounting the share takes, in modules.dep's names, in load order. */
static const char *const share_chain[] = { "virtio_pci", "9pnet_virtio", "9p" };
#define NR_CHAIN (sizeof(share_chain) / sizeof(share_chain[0]))

/*
 * modules.dep's lines of the chain's modules ("path: deps..."), each
 * NUL-terminated in place, or NULL: a module that modules.dep lacks is
 * built in.  One pass over the text.
 */
static void find_lines(char *text, char *lines[])
{
	char *line = text, *next, *colon, stem[256];
	size_t i;

	for (; *line; line = next) {
		next = strchr(line, '\n');
		next = next ? next + 1 : line + strlen(line);
		colon = memchr(line, ':', (size_t)(next - line));
		if (!colon || (size_t)(colon - line) >= sizeof(stem))
			continue;
		memcpy(stem, line, (size_t)(colon - line));
		stem[colon - line] = '\0';
		deps_name_of(stem, stem, sizeof(stem));
		for (i = 0; i < NR_CHAIN; i++) {
			if (strcmp(stem, share_chain[i]))
				continue;
			lines[i] = line;
			if (next[-1] == '\n')
				next[-1] = '\0';
		}
	}
}

/* Add dir/path (a module of modules.dep) unless it is there already. */
static int add_file(struct kmod_share *ks, const char *dir, const char *path)
{
	struct kmod_file *f, *grown;
	const char *ext = strstr(path, ".ko");
	char full[PATH_MAX], line[512], name[256], *list;
	size_t len;
	int i, ret;

	deps_name_of(path, name, sizeof(name));
	for (i = 0; i < ks->n; i++)
		if (!strcmp(ks->files[i].name, name))
			return 0;
	grown = realloc(ks->files, (size_t)(ks->n + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	ks->files = grown;
	f = &ks->files[ks->n];
	memset(f, 0, sizeof(*f));
	snprintf(full, sizeof(full), "%s/%s", dir, path);
	f->name = strdup(name);
	if (asprintf(&f->guest, "modrun/kmod/%d%s", ks->n,
		     ext ? ext : ".ko") < 0)
		f->guest = NULL;
	if (!f->name || !f->guest) {
		free(f->name);
		free(f->guest);
		return -ENOMEM;
	}
	ks->n++;
	ret = plan_read_file(full, &f->data, &f->size);
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

/* A module of the chain after what it needs (modules.dep: last first). */
static int add_module(struct kmod_share *ks, const char *dir, char *line)
{
	char *colon = strchr(line, ':'), *deps[64], *tok, *save;
	int nr = 0, ret = 0;

	*colon = '\0';
	for (tok = strtok_r(colon + 1, " \t", &save); tok && nr < 64;
	     tok = strtok_r(NULL, " \t", &save))
		deps[nr++] = tok;
	while (!ret && nr > 0)
		ret = add_file(ks, dir, deps[--nr]);
	return ret ? ret : add_file(ks, dir, line);
}

int kmod_share_open(struct kmod_share *ks, const char *modules_dir)
{
	char path[PATH_MAX], *text, *lines[NR_CHAIN] = { NULL };
	size_t size, i;
	void *data;
	int ret = 0;

	memset(ks, 0, sizeof(*ks));
	snprintf(path, sizeof(path), "%s/modules.dep", modules_dir);
	if (plan_read_file(path, &data, &size))
		return 0;	/* no module tree: nothing to share */
	text = realloc(data, size + 1);
	if (!text) {
		free(data);
		return -ENOMEM;
	}
	text[size] = '\0';
	find_lines(text, lines);
	if (!lines[1] || !lines[2]) {
		free(text);
		return 0;	/* 9p built in, or absent: not handled */
	}
	for (i = 0; !ret && i < NR_CHAIN; i++)
		if (lines[i])
			ret = add_module(ks, modules_dir, lines[i]);
	if (!ret) {
		ks->dir = realpath(modules_dir, NULL);
		if (!ks->dir)
			ret = -errno;
	}
	free(text);
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
