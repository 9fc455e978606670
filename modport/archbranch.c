// SPDX-License-Identifier: GPL-2.0
/*
 * archbranch: the branches of a file's #if groups that are another
 * architecture's.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "archbranch.h"
#include "directive.h"
#include "scan.h"

/*
 * The architectures of the kernel's arch/ folders from 2.4 on, and the
 * machines 2.4's drivers tested for by their own macros (__mc68000__,
 * CONFIG_AMIGA, CONFIG_CPU_SH4); x86 (i386, x86_64) is not among them.
 */
static const char *const arches[] = {
	"alpha", "arc", "arm", "arm26", "avr32", "blackfin", "c6x", "cris",
	"csky", "frv", "h8300", "hexagon", "hppa", "ia64", "loongarch",
	"m32r", "m68k", "m68knommu", "mc68000", "metag", "microblaze", "mips",
	"mn10300", "nios2", "openrisc", "parisc", "powerpc", "ppc", "ppc64",
	"riscv", "s390", "s390x", "score", "sh", "sh64", "sparc", "sparc64",
	"sparc_v9", "superh", "tile", "um", "unicore32", "v850", "xtensa", "amiga",
	"atari", "sgi", "sibyte", "apus", "sun3", "sun4",
};

/* The stem of an architecture's macro, lower case, into low: false if none. */
static bool arch_stem(const char *s, size_t len, char *low, size_t size)
{
	size_t k;

	/* __sparc__, CONFIG_SPARC64, CONFIG_SH_HP600, CONFIG_CPU_SH4: the stem */
	while (len && *s == '_') {
		s++;
		len--;
	}
	while (len && s[len - 1] == '_')
		len--;
	if (len > 7 && !memcmp(s, "CONFIG_", 7)) {
		s += 7;
		len -= 7;
		if (len > 4 && !memcmp(s, "CPU_", 4)) {	/* CONFIG_CPU_SH4 */
			s += 4;
			len -= 4;
		}
	}
	if (!len || len >= size)
		return false;
	for (k = 0; k < len; k++)
		low[k] = (char)tolower((unsigned char)s[k]);
	low[len] = '\0';
	return true;
}

/* Is the stem one of x86's: __i386__, CONFIG_X86_64, __x86_64__? */
static bool x86_stem(const char *low)
{
	static const char *const x86[] = {
		"i386", "i486", "i586", "i686", "x86", "x86_32", "x86_64",
		"amd64",
	};
	size_t k;

	for (k = 0; k < sizeof(x86) / sizeof(x86[0]); k++)
		if (!strcmp(low, x86[k]))
			return true;
	return false;
}

static bool x86_name(const char *s, size_t len)
{
	char low[32];

	return arch_stem(s, len, low, sizeof(low)) && x86_stem(low);
}

bool arch_name(const char *s, size_t len)
{
	char low[32];
	size_t k, n;

	if (!arch_stem(s, len, low, sizeof(low)))
		return false;
	for (k = 0; k < sizeof(arches) / sizeof(arches[0]); k++) {
		n = strlen(arches[k]);
		/* the name, or with a subarchitecture: sh_hp600, sh4 */
		if (!strncmp(low, arches[k], n) &&
		    (low[n] == '\0' || low[n] == '_' ||
		     isdigit((unsigned char)low[n])))
			return true;
	}
	return false;
}

/* Does the directive at '#' token hash ask, not negated, for an arch? */
static bool asks_for_arch(const char *buf, const struct token_list *tl,
			  size_t hash)
{
	const struct tokens s = { buf, tl };
	bool arch = false;
	size_t k;

	if (directive_is(&s, hash, "ifndef"))
		return false;
	for (k = pp_next(tl, pp_next(tl, hash)); k != SCAN_NONE;
	     k = pp_next(tl, k)) {
		const struct token *t = &tl->tok[k];

		if (match_op(buf, t, '!'))
			return false;	/* !defined(__sparc__): x86 too */
		if (t->type == TOKEN_IDENT && x86_name(buf + t->pos, t->len))
			return false;	/* __i386__ || CONFIG_SH: x86's too */
		if (t->type == TOKEN_IDENT && arch_name(buf + t->pos, t->len))
			arch = true;
	}
	return arch;
}

bool in_arch_branch(const char *buf, const struct token_list *tl, size_t i)
{
	const struct tokens s = { buf, tl };
	size_t k;
	int depth = 0;
	bool in_else = false;

	for (k = i; k-- > 0;) {
		if (!match_op(buf, &tl->tok[k], '#') || directive_of(tl, k) != k)
			continue;
		if (directive_is(&s, k, "endif")) {
			depth++;
		} else if (directive_is(&s, k, "else")) {
			if (!depth)
				in_else = true;
		} else if (directive_is(&s, k, "elif")) {
			if (!depth && !in_else && asks_for_arch(buf, tl, k))
				return true;
			if (!depth)
				in_else = true;	/* the branches before: not ours */
		} else if (directive_is(&s, k, "ifdef") ||
			   directive_is(&s, k, "if") ||
			   directive_is(&s, k, "ifndef")) {
			if (depth) {
				depth--;
				continue;
			}
			if (!in_else && asks_for_arch(buf, tl, k))
				return true;
			in_else = false;
		}
	}
	return false;
}

/* Does the directive at hash test an architecture's absence (!, #ifndef)? */
static bool asks_for_no_arch(const char *buf, const struct token_list *tl,
			     size_t hash)
{
	const struct tokens s = { buf, tl };
	bool not = directive_is(&s, hash, "ifndef");
	size_t k;

	for (k = pp_next(tl, pp_next(tl, hash)); k != SCAN_NONE;
	     k = pp_next(tl, k))
		if (tl->tok[k].type == TOKEN_IDENT &&
		    x86_name(buf + tl->tok[k].pos, tl->tok[k].len))
			return false;	/* !defined(__alpha__) && !defined(__i386__) */
	for (k = pp_next(tl, pp_next(tl, hash)); k != SCAN_NONE;
	     k = pp_next(tl, k)) {
		const struct token *t = &tl->tok[k];

		if (match_op(buf, t, '!'))
			not = true;
		else if (t->type == TOKEN_IDENT && not &&
			 arch_name(buf + t->pos, t->len))
			return true;
		else if (t->type == TOKEN_IDENT &&
			 !match_ident(buf, t, "defined"))
			not = directive_is(&s, hash, "ifndef");
	}
	return false;
}

bool x86_takes_branch(const char *buf, const struct token_list *tl, size_t i)
{
	const struct tokens s = { buf, tl };
	size_t k, branch = SCAN_NONE;
	int depth = 0;

	for (k = i; k-- > 0;) {
		if (!match_op(buf, &tl->tok[k], '#') || directive_of(tl, k) != k)
			continue;
		if (directive_is(&s, k, "endif")) {
			depth++;
			continue;
		}
		if (depth) {
			if (directive_is(&s, k, "if") ||
			    directive_is(&s, k, "ifdef") ||
			    directive_is(&s, k, "ifndef"))
				depth--;
			continue;
		}
		if (directive_is(&s, k, "else") || directive_is(&s, k, "elif") ||
		    directive_is(&s, k, "if") || directive_is(&s, k, "ifdef") ||
		    directive_is(&s, k, "ifndef")) {
			if (branch == SCAN_NONE) {	/* the branch of i */
				branch = k;
				if (!directive_is(&s, k, "else"))
					return asks_for_no_arch(buf, tl, k);
			} else if (!asks_for_arch(buf, tl, k)) {
				return false;	/* a branch x86 may take */
			}
			if (!directive_is(&s, k, "else") &&
			    !directive_is(&s, k, "elif"))
				return true;	/* the group's #if: all asked */
		}
	}
	return false;
}

/* An arch/ folder's architecture as its people name it; NULL: the name. */
static const char *arch_display(const char *s, size_t len)
{
	static const struct { const char *dir, *name; } names[] = {
		{ "alpha", "Alpha" }, { "arc", "ARC" }, { "arm", "ARM" },
		{ "arm26", "ARM" }, { "arm64", "ARM64" }, { "avr32", "AVR32" },
		{ "blackfin", "Blackfin" }, { "c6x", "C6x" }, { "cris", "CRIS" },
		{ "csky", "C-SKY" }, { "frv", "FR-V" }, { "h8300", "H8/300" },
		{ "hexagon", "Hexagon" }, { "ia64", "IA-64" },
		{ "loongarch", "LoongArch" }, { "m32r", "M32R" },
		{ "m68k", "m68k" }, { "m68knommu", "m68k" }, { "metag", "Meta" },
		{ "microblaze", "MicroBlaze" }, { "mips", "MIPS" },
		{ "mips64", "MIPS" }, { "mn10300", "MN10300" },
		{ "nds32", "NDS32" }, { "nios2", "Nios II" },
		{ "openrisc", "OpenRISC" }, { "parisc", "PA-RISC" },
		{ "powerpc", "PowerPC" }, { "ppc", "PowerPC" },
		{ "ppc64", "PowerPC" }, { "riscv", "RISC-V" }, { "s390", "s390" },
		{ "s390x", "s390" }, { "score", "S+core" }, { "sh", "SuperH" },
		{ "sh64", "SuperH" }, { "sparc", "SPARC" },
		{ "sparc64", "SPARC" }, { "tile", "TILE" },
		{ "um", "User-mode Linux" }, { "unicore32", "UniCore32" },
		{ "v850", "V850" }, { "xtensa", "Xtensa" },
	};
	size_t k;

	for (k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		if (strlen(names[k].dir) == len && !memcmp(names[k].dir, s, len))
			return names[k].name;
	return NULL;
}

/* How two names compare, case aside (a shorter one first). */
static int name_cmp(const char *a, size_t al, const char *b, size_t bl)
{
	int c = strncasecmp(a, b, al < bl ? al : bl);

	return c ? c : (al > bl) - (al < bl);
}

size_t arch_list_names(const char *dirs, size_t len, char *out, size_t size)
{
	const char *name[64];
	size_t nlen[64], n = 0, k, j, used = 0;
	const char *p = dirs, *end = dirs + len;

	while (p < end && n < 64) {
		const char *w = p, *d;
		size_t wl;

		while (p < end && *p != ' ')
			p++;
		wl = (size_t)(p - w);
		if (p < end)
			p++;
		if (!wl)
			continue;
		d = arch_display(w, wl);
		name[n] = d ? d : w;
		nlen[n] = d ? strlen(d) : wl;
		for (k = 0; k < n; k++)
			if (nlen[k] == nlen[n] && !memcmp(name[k], name[n], nlen[n]))
				break;
		n += k == n;
	}
	/* in the order of their names: Alpha, IA-64, SuperH */
	for (k = 1; k < n; k++)
		for (j = k; j > 0 && name_cmp(name[j - 1], nlen[j - 1], name[j],
					      nlen[j]) > 0; j--) {
			const char *t = name[j];
			size_t tl = nlen[j];

			name[j] = name[j - 1];
			nlen[j] = nlen[j - 1];
			name[j - 1] = t;
			nlen[j - 1] = tl;
		}
	if (size)
		out[0] = 0;
	for (k = 0; k < n && size; k++) {
		int w = snprintf(out + used, size - used, "%s%.*s's",
				 !k ? "" : k + 1 == n ? " and " : ", ",
				 (int)nlen[k], name[k]);

		if (w < 0 || (size_t)w >= size - used)
			break;
		used += (size_t)w;
	}
	return n;
}
