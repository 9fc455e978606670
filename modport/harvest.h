/* SPDX-License-Identifier: GPL-2.0 */
/*
 * harvest: the names a C file declares, read from its tokens without
 * preprocessing (both arms of every #if): macros with their arity,
 * functions with their arity and return type, typedefs, struct and union
 * tags and their members, enum constants and extern variables.  The atlas
 * generator (atlas/mkatlas.c) harvests kernel headers with it; modport
 * harvests a driver's own files so that what they define shadows the
 * atlas.  Anything it cannot read is skipped, never guessed.
 */
#ifndef MODPORT_HARVEST_H
#define MODPORT_HARVEST_H

#include <stddef.h>

#include "token.h"

enum harvest_kind {
	HK_MACRO,	/* #define NAME */
	HK_FUNC,	/* a function declared */
	HK_INLINE,	/* a function defined (static inline in a header) */
	HK_TYPEDEF,
	HK_ENUM,	/* an enum constant */
	HK_VAR,		/* an extern variable; in a driver, any variable */
	HK_TAG,		/* struct or union TAG */
	HK_MEMBER,	/* a member of struct or union tag */
	HK_OPAQUE,	/* a line of tag's body that names no member: a
			 * macro (HASH_LEN_DECLARE;); name is the macro */
	NR_HK
};

/* The arity of a function or function-like macro. */
#define ARITY_NONE	(-1)	/* an object-like macro, not a function */
#define ARITY_UNKNOWN	(-2)	/* declared with () */
#define ARITY_VARIADIC	0x100	/* or'd with the fixed parameters */

struct harvest_name {
	enum harvest_kind kind;
	const char *name;	/* NUL-terminated, splices removed */
	const char *tag;	/* HK_MEMBER, HK_OPAQUE: the struct's tag (or typedef) */
	int arity;		/* HK_MACRO, HK_FUNC, HK_INLINE */
	const char *ret;	/* HK_FUNC, HK_INLINE: "struct page *";
				 * HK_MEMBER, a method: its signature,
				 * "int(struct device *, char *)", or NULL */
	const char *sig;	/* HK_FUNC, HK_INLINE: its signature,
				 * "int(struct device *, char *)", or NULL */
	int member_path;	/* HK_MACRO: "#define NAME a.b", a member's spelling */
	int number;		/* HK_MACRO: "#define NAME 136", one number */
};

typedef void harvest_fn(void *ctx, const struct harvest_name *hn);

/* harvest()'s flags. */
enum {
	/* also the variables declared inside function bodies (what a
	 * driver's own names shadow) */
	HARVEST_LOCALS = 1,
	/* the names, kinds and tags only: no return type nor signature
	 * (.ret and .sig NULL), which only the atlas's miner reads */
	HARVEST_NAMES_ONLY = 2,
	/* the members (HK_MEMBER) and macros (HK_MACRO) only, no other
	 * declaration read: what projnames keeps */
	HARVEST_MEMBERS_ONLY = 4,
};

/*
 * Call fn for every name the tokens of buf declare, as flags say.
 * Returns 0 or -ENOMEM.
 */
int harvest(const char *buf, const struct token_list *tl, int flags,
	    harvest_fn *fn, void *ctx);

/*
 * The signature "RET(P1, P2)" of the function whose declaration starts at
 * token from and whose name is token name (parameters without their
 * names, as the atlas writes a method's), into sig; "" when it cannot be
 * read.  Returns 0, or -ENOMEM.
 */
int harvest_fn_sig(const char *buf, const struct token_list *tl, size_t from,
		   size_t name, char *sig, size_t size);

#endif
