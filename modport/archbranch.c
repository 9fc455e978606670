// SPDX-License-Identifier: GPL-2.0
/*
 * archbranch: the branches of a file's #if groups that are another
 * architecture's.
 */
#include <ctype.h>
#include <string.h>

#include "archbranch.h"
#include "directive.h"
#include "scan.h"

/*
 * The architectures of the kernel's arch/ folders from 2.4 on, and the
 * machines 2.4's drivers tested for by their own macros (__mc68000__,
 * CONFIG_AMIGA); x86 (i386, x86_64) is not among them.
 */
static const char *const arches[] = {
	"alpha", "arc", "arm", "arm26", "avr32", "blackfin", "c6x", "cris",
	"csky", "frv", "h8300", "hexagon", "hppa", "ia64", "loongarch",
	"m32r", "m68k", "m68knommu", "mc68000", "metag", "microblaze", "mips",
	"mn10300", "nios2", "openrisc", "parisc", "powerpc", "ppc", "ppc64",
	"riscv", "s390", "s390x", "score", "sh", "sh64", "sparc", "sparc64",
	"sparc_v9", "tile", "um", "unicore32", "v850", "xtensa", "amiga",
	"atari", "sgi", "sibyte", "apus", "sun3", "sun4",
};

bool arch_name(const char *s, size_t len)
{
	char low[32];
	size_t k, n;

	/* __sparc__, __sparc, CONFIG_SPARC64, CONFIG_SH_HP600: the stem */
	while (len && *s == '_') {
		s++;
		len--;
	}
	while (len && s[len - 1] == '_')
		len--;
	if (len > 7 && !memcmp(s, "CONFIG_", 7)) {
		s += 7;
		len -= 7;
	}
	if (!len || len >= sizeof(low))
		return false;
	for (k = 0; k < len; k++)
		low[k] = (char)tolower((unsigned char)s[k]);
	low[len] = '\0';
	for (k = 0; k < sizeof(arches) / sizeof(arches[0]); k++) {
		n = strlen(arches[k]);
		/* the name, or the name and a subarchitecture: sh_hp600 */
		if (!strncmp(low, arches[k], n) &&
		    (low[n] == '\0' || low[n] == '_'))
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
