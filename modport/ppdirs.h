/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ppdirs: the preprocessor directives of a text in token order - which
 * are #include (with the token of the name), #if/#ifdef/#ifndef,
 * #else/#elif and #endif - gathered in one walk and kept with the text
 * (a local header's, in hdrcache.h, for every file that includes it).
 */
#ifndef MODPORT_PPDIRS_H
#define MODPORT_PPDIRS_H

#include <stdbool.h>
#include <stddef.h>

#include "token.h"

enum ppdir_kind { PPD_INCLUDE, PPD_IF, PPD_ELSE, PPD_ENDIF, PPD_OTHER };

struct ppdir {
	size_t tok;		/* the '#' */
	size_t name;		/* an #include's name, or SCAN_NONE */
	enum ppdir_kind kind;
};

struct ppdirs {
	struct ppdir *d;
	size_t nr;
	size_t *inc;		/* the #includes: their indexes in d */
	size_t nr_inc;
	bool made;
};

/* Gather the directives of tl (text buf) into a zeroed pd.  0 or -ENOMEM. */
int ppdirs_build(struct ppdirs *pd, const char *buf,
		 const struct token_list *tl);
/* The index in pd->d of the first directive after token a. */
size_t ppdirs_after(const struct ppdirs *pd, size_t a);
void ppdirs_free(struct ppdirs *pd);

#endif
