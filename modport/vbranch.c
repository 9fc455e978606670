// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stddef.h>

#include "vbranch.h"

/* The tokens of the directive at k after its keyword: [*from, return). */
static size_t condition_end(const struct token *t, size_t k, size_t *from)
{
	*from = k + 2;
	for (k += 2; t[k].type != TOKEN_EOF && (t[k].flags & TF_PP) &&
	     !(t[k].flags & TF_BOL); k++)
		;
	return k;
}

bool vbranch_tests_version(const char *buf, const struct token *tok,
			   size_t k)
{
	size_t from, to = condition_end(tok, k, &from);

	for (; from < to; from++)
		if (match_ident(buf, &tok[from], "LINUX_VERSION_CODE"))
			return true;
	return false;
}

/* An #if or #elif of a group on the kernel's version, at release v. */
static enum vbranch eval_at(const char *buf, const struct token *tok,
			    size_t k, kv_code v)
{
	struct kv_range one = { v, v };
	size_t from, to = condition_end(tok, k, &from);

	switch (kv_eval(buf, &tok[from], to - from, &one)) {
	case KV_TRUE:
		return VB_LIVE;
	case KV_FALSE:
		return VB_DEAD;
	default:
		return VB_UNKNOWN;
	}
}

#define BRANCH_DEPTH 64

/*
 * Is the code at pos, in a conditional on LINUX_VERSION_CODE, compiled
 * for release v?  VB_LIVE when every version group around it is in the
 * branch v takes (a group on anything else counts as taken: some
 * configuration compiles it); VB_UNKNOWN when modport cannot tell.
 */
enum vbranch vbranch_at(const char *buf, const struct token *tok, size_t pos,
			kv_code v)
{
	struct { enum vbranch cur; bool version, taken, unknown; }
		st[BRANCH_DEPTH];
	const struct token *t = tok;
	size_t k, depth = 0;

	for (k = 0; t[k].type != TOKEN_EOF && t[k].pos < pos; k++) {
		const struct token *d = &t[k + 1];

		if ((t[k].flags & (TF_PP | TF_BOL)) != (TF_PP | TF_BOL) ||
		    d->type != TOKEN_IDENT)
			continue;
		if (token_is(buf, d, "if") || token_is(buf, d, "ifdef") ||
		    token_is(buf, d, "ifndef")) {
			if (++depth > BRANCH_DEPTH)
				return VB_UNKNOWN;
			st[depth - 1].taken = st[depth - 1].unknown = false;
			st[depth - 1].version = token_is(buf, d, "if") &&
						vbranch_tests_version(buf, tok, k);
			st[depth - 1].cur = st[depth - 1].version ?
					    eval_at(buf, tok, k, v) : VB_LIVE;
		} else if (depth && token_is(buf, d, "elif")) {
			if (!st[depth - 1].version &&
			    vbranch_tests_version(buf, tok, k))
				st[depth - 1].version = true;	/* from here */
			if (st[depth - 1].version)
				st[depth - 1].cur = st[depth - 1].taken ? VB_DEAD :
						    st[depth - 1].unknown ? VB_UNKNOWN :
						    eval_at(buf, tok, k, v);
		} else if (depth && token_is(buf, d, "else")) {
			if (st[depth - 1].version)
				st[depth - 1].cur = st[depth - 1].taken ? VB_DEAD :
						    st[depth - 1].unknown ? VB_UNKNOWN :
						    VB_LIVE;
		} else if (depth && token_is(buf, d, "endif")) {
			depth--;
			continue;
		} else {
			continue;
		}
		st[depth - 1].taken |= st[depth - 1].version &&
				       st[depth - 1].cur == VB_LIVE;
		st[depth - 1].unknown |= st[depth - 1].cur == VB_UNKNOWN;
	}
	for (k = 0; k < depth; k++)
		if (st[k].cur != VB_LIVE)
			return st[k].cur;
	return VB_LIVE;
}

