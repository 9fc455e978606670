/* SPDX-License-Identifier: GPL-2.0 */
/*
 * decl: the file-scope object declarations of a token sequence, read by a
 * small declarator parser - specifiers, then declarators separated by
 * commas, each with its pointer stars, array bounds, attributes and
 * initializer.  module-parm asks it for a parameter's C type.  Function
 * bodies, struct members and anything it cannot read are skipped.
 */
#ifndef MODPORT_DECL_H
#define MODPORT_DECL_H

#include <stdbool.h>
#include <stddef.h>

#include "token.h"

#define DECL_BASE_MAX 64
#define DECL_NONE ((size_t)-1)

struct decl {
	size_t name;			/* token index of the declarator */
	char base[DECL_BASE_MAX];	/* type words: "unsigned long", ... */
	unsigned int pointers;		/* '*'s */
	unsigned int dims;		/* array bounds: x[4] 1, x[4][16] 2 */
	bool is_const;			/* const in the specifiers */
	size_t const_tok;		/* its token, or DECL_NONE */
	bool is_extern;
	bool is_tagged;			/* struct, union or enum */
};

struct decl_table {
	struct decl *d;
	size_t nr, alloc;
};

/*
 * Read the declarations among the tokens idx[0..n), which are taken as one
 * file scope: code tokens of a file, or the body of a #define.  Returns 0
 * or -ENOMEM.
 */
int decl_parse(const char *buf, const struct token_list *tl,
	       const size_t *idx, size_t n, struct decl_table *dt);

/* The first declaration of name[0..len), or NULL. */
const struct decl *decl_lookup(const struct decl_table *dt, const char *buf,
			       const struct token_list *tl, const char *name,
			       size_t len);

void decl_free(struct decl_table *dt);

#endif
