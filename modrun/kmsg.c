// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kmsg.h"

static const char *const level_names[] = {
	"emerg", "alert", "crit", "err", "warn", "notice", "info", "debug",
};

static const char *const level_macros[] = {
	"KERN_EMERG", "KERN_ALERT", "KERN_CRIT", "KERN_ERR",
	"KERN_WARNING", "KERN_NOTICE", "KERN_INFO", "KERN_DEBUG",
};

const char *kmsg_level_macro(int level)
{
	return level >= 0 && level <= 7 ? level_macros[level] : NULL;
}

const char *kmsg_level_name(int level)
{
	return level >= 0 && level <= 7 ? level_names[level] : NULL;
}

int kmsg_level_from_name(const char *name)
{
	int i;

	if (name[0] >= '0' && name[0] <= '7' && name[1] == '\0')
		return name[0] - '0';
	for (i = 0; i < 8; i++)
		if (!strcasecmp(name, level_names[i]) ||
		    !strcasecmp(name, level_macros[i]))
			return i;
	if (!strcasecmp(name, "warning"))
		return 4;
	return -1;
}

bool kmsg_parse_record(const char *s, struct log_record *rec)
{
	const char *t, *end;

	if (s[0] != '<' || s[1] < '0' || s[1] > '7' || s[2] != '>' ||
	    s[3] != ' ')
		return false;
	rec->level = s[1] - '0';
	s += 4;
	rec->time = NULL;
	if (*s == '[') {
		end = strchr(s, ']');
		if (!end || end[1] != ' ')
			return false;
		for (t = s + 1; *t == ' '; t++)
			;
		rec->time = strndup(t, (size_t)(end - t));
		s = end + 2;
	}
	rec->text = strdup(s);
	return rec->text != NULL;
}
