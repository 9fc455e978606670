// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "taint.h"

/* Documentation/admin-guide/tainted-kernels.rst, bit by bit. */
static const struct {
	char letter;
	const char *meaning;
} taint_flags[TAINT_NR_FLAGS] = {
	{ 'P', "proprietary module" },
	{ 'F', "module force-loaded" },
	{ 'S', "kernel running on an out-of-specification system" },
	{ 'R', "module force-unloaded" },
	{ 'M', "machine check exception" },
	{ 'B', "bad page referenced" },
	{ 'U', "taint requested by userspace" },
	{ 'D', "kernel died recently (oops or BUG)" },
	{ 'A', "ACPI table overridden" },
	{ 'W', "kernel issued a warning" },
	{ 'C', "staging driver loaded" },
	{ 'I', "firmware bug worked around" },
	{ 'O', "out-of-tree module" },
	{ 'E', "unsigned module" },
	{ 'L', "soft lockup" },
	{ 'K', "kernel live-patched" },
	{ 'X', "auxiliary taint (distribution-defined)" },
	{ 'T', "built with the struct randomization plugin" },
	{ 'N', "in-kernel test module loaded" },
	{ 'J', "userspace used a mutating debug operation in fwctl" },
};

char taint_letter(int bit)
{
	return bit >= 0 && bit < TAINT_NR_FLAGS ? taint_flags[bit].letter : 0;
}

int taint_bit(char letter)
{
	int i;

	for (i = 0; i < TAINT_NR_FLAGS; i++)
		if (taint_flags[i].letter == letter)
			return i;
	return -1;
}

const char *taint_meaning(char letter)
{
	int bit = taint_bit(letter);

	return bit < 0 ? "unknown taint" : taint_flags[bit].meaning;
}

char *taint_letters(unsigned long long mask, char *buf, size_t size)
{
	size_t n = 0;
	int i;

	for (i = 0; i < TAINT_NR_FLAGS && n + 1 < size; i++)
		if (mask & (1ULL << i))
			buf[n++] = taint_flags[i].letter;
	if (size)
		buf[n] = '\0';
	return buf;
}

long long taint_mask(const char *letters)
{
	long long mask = 0;
	int bit;

	for (; *letters; letters++) {
		bit = taint_bit(*letters);
		if (bit < 0)
			return -1;
		mask |= 1LL << bit;
	}
	return mask;
}

static void append(char *buf, size_t size, const char *s)
{
	size_t n = strlen(buf);

	if (n + 1 < size)
		snprintf(buf + n, size - n, "%s", s);
}

void taint_explain(const char *letters, char *buf, size_t size)
{
	const char *p;
	char one[2] = "";

	buf[0] = '\0';
	if (!*letters) {
		append(buf, size, "none - the kernel is not tainted");
		return;
	}
	for (p = letters; *p; p++) {
		one[0] = *p;
		if (p != letters)
			append(buf, size, " ");
		append(buf, size, one);
	}
	append(buf, size, " -");
	for (p = letters; *p; p++) {
		append(buf, size, p == letters ? " " : ", ");
		append(buf, size, taint_meaning(*p));
	}
	if (strchr(letters, 'P'))
		append(buf, size, "; P: the license is not GPL-compatible");
	else
		append(buf, size, "; no P: the license is GPL-compatible");
}
