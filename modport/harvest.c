// SPDX-License-Identifier: GPL-2.0
/*
 * harvest.c: the names a C file declares (harvest.h).  Directives are read
 * line by line; the code tokens are read as a sequence of external
 * declarations, each split at its top-level commas into declarators.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harvest.h"

#define NONE ((size_t)-1)
#define NAME_LEN 256
#define SIG_LEN 512

struct hv {
	const char *buf;
	const struct token *tok;
	size_t *idx;		/* the code tokens */
	unsigned char *op;	/* each one's class: OP_IDENT, a punctuator */
	size_t n;
	int locals;		/* HARVEST_LOCALS */
	bool names_only;	/* HARVEST_NAMES_ONLY */
	bool members_only;	/* HARVEST_MEMBERS_ONLY */
	harvest_fn *fn;
	void *ctx;
	struct tag_alias *alias;	/* #define A B: struct A is struct B */
	size_t nr_alias;
};

#define MAX_ALIASES 256

struct tag_alias {
	char from[NAME_LEN], to[NAME_LEN];
};

/* A token's text, splices removed, truncated to size - 1 bytes. */
static void tok_text(const char *buf, const struct token *t, char *dst,
		     size_t size)
{
	size_t i, o = 0;

	for (i = 0; i < t->len && o + 1 < size; i++) {
		const char *p = buf + t->pos + i;

		if (p[0] == '\\' && (p[1] == '\n' ||
				     (p[1] == '\r' && p[2] == '\n'))) {
			i += p[1] == '\r' ? 2 : 1;
			continue;
		}
		dst[o++] = *p;
	}
	dst[o] = 0;
}

/*
 * A code token's class in hv.op: its byte for a one-character punctuator,
 * OP_IDENT for an identifier, OP_OTHER for the rest - one load answers
 * is_op() and is_ident(), which the parse asks of every token, often.
 */
#define OP_OTHER 0
#define OP_IDENT 1

static unsigned char op_class(const char *buf, const struct token *t)
{
	if (t->type == TOKEN_IDENT)
		return OP_IDENT;
	if (t->type == TOKEN_SPECIAL && t->len == 1)
		return (unsigned char)buf[t->pos];
	return OP_OTHER;
}

static inline const struct token *T(const struct hv *h, size_t k)
{
	return &h->tok[h->idx[k]];
}

static inline bool is_op(const struct hv *h, size_t k, char c)
{
	return k < h->n && h->op[k] == (unsigned char)c;
}

static inline bool is_ident(const struct hv *h, size_t k)
{
	return k < h->n && h->op[k] == OP_IDENT;
}

static inline bool ident_is(const struct hv *h, size_t k, const char *s)
{
	const struct token *t;

	if (!is_ident(h, k))
		return false;
	t = T(h, k);
	/* a name of another length cannot be s, unless a splice is in it */
	if (!(t->flags & TF_SPLICE) && t->len != strlen(s))
		return false;
	return token_is(h->buf, t, s);
}

static inline bool is_open(const struct hv *h, size_t k)
{
	unsigned char c = k < h->n ? h->op[k] : OP_OTHER;

	return c == '(' || c == '[' || c == '{';
}

static inline bool is_close(const struct hv *h, size_t k)
{
	unsigned char c = k < h->n ? h->op[k] : OP_OTHER;

	return c == ')' || c == ']' || c == '}';
}

/* The token that closes the bracket at k, or the last one before end. */
static size_t match_close(const struct hv *h, size_t k, size_t end)
{
	int depth = 0;

	for (; k < end; k++) {
		if (is_open(h, k))
			depth++;
		else if (is_close(h, k) && --depth == 0)
			return k;
	}
	return end - 1;
}

static bool is_keyword(const struct hv *h, size_t k)
{
	static const char *const kw[] = {
		"return", "sizeof", "case", "goto", "else", "do", "typeof",
		"__typeof__", "if", "while", "for", "switch", "break",
		"continue", "default",
	};
	const struct token *t;

	if (!is_ident(h, k))
		return false;
	t = T(h, k);
	return TOKEN_IN(h->buf, t, kw);	/* most fail its word_set */
}

static bool is_aggregate_kw(const struct hv *h, size_t k)
{
	return ident_is(h, k, "struct") || ident_is(h, k, "union");
}

/* __attribute__((...)), asm("..."), __declspec(...): skipped whole. */
static bool is_attribute_kw(const struct hv *h, size_t k)
{
	static const char *const kw[] = {
		"__attribute__", "__attribute", "asm", "__asm__", "__asm",
		"__declspec", "__typeof__", "typeof",
	};

	return is_ident(h, k) && TOKEN_IN(h->buf, T(h, k), kw);
}

static void emit(struct hv *h, enum harvest_kind kind, size_t k,
		 const char *tag, int arity, const char *ret)
{
	char name[NAME_LEN];
	struct harvest_name hn = { .kind = kind, .name = name, .tag = tag,
				   .arity = arity, .ret = ret };

	tok_text(h->buf, T(h, k), name, sizeof(name));
	h->fn(h->ctx, &hn);
}

/* "( * NAME )" or "( * * NAME )" at k: a pointer to a function. */
static bool pointer_declarator(const struct hv *h, size_t k)
{
	if (!is_op(h, k, '(') || !is_op(h, k + 1, '*'))
		return false;
	for (k += 2; is_op(h, k, '*') || (is_ident(h, k) && is_ident(h, k + 1));
	     k++)
		;	/* (**name), (* const name), (* __rcu name) */
	return is_ident(h, k) && is_op(h, k + 1, ')');
}

/* A word of C's own types, which no declarator can be named. */
static bool basic_type(const struct hv *h, size_t k)
{
	static const char *const kw[] = {
		"char", "short", "int", "long", "signed", "unsigned", "float",
		"double", "void", "_Bool", "__int128",
	};

	return is_ident(h, k) && TOKEN_IN(h->buf, T(h, k), kw);
}

/*
 * Is the __word at k an attribute after a declarator's name ("u64 tag
 * __packed", "void *p __rcu")?  It is when the name found before it
 * follows a type: an identifier or a '*' right before it - and is none
 * of C's type words ("unsigned long __head;" names __head).
 */
static bool trailing_attribute(const struct hv *h, size_t s, size_t name,
			       size_t k)
{
	if (name == NONE || name <= s || name + 1 != k ||
	    strncmp(h->buf + T(h, k)->pos, "__", 2) || basic_type(h, name))
		return false;
	return is_op(h, name - 1, '*') ||
	       (is_ident(h, name - 1) && !ident_is(h, name - 1, "struct") &&
		!ident_is(h, name - 1, "union") && !ident_is(h, name - 1, "enum"));
}

/*
 * The name a declarator [s, e) declares: the NAME of "( * NAME )", else
 * its last identifier before '[', ':' or '=' that is not an attribute (a
 * word followed by a group, or one spelt ____x), or NONE.
 */
static size_t declarator_name(const struct hv *h, size_t s, size_t e)
{
	size_t k, name = NONE;

	for (k = s; k < e; k++) {
		size_t q = k + 2;

		/* (*name), (* const name), (*__rcu name): a pointer's name */
		if (pointer_declarator(h, k)) {
			while (!is_op(h, q + 1, ')'))
				q++;
			return q;
		}
		if (is_op(h, k, '[') || is_op(h, k, ':') || is_op(h, k, '='))
			break;
		if (is_attribute_kw(h, k) || (is_ident(h, k) &&
					      is_op(h, k + 1, '(') &&
					      !pointer_declarator(h, k + 1))) {
			if (is_op(h, k + 1, '('))
				k = match_close(h, k + 1, e);
			continue;
		}
		if (is_open(h, k)) {
			k = match_close(h, k, e);
			continue;
		}
		if (is_ident(h, k) && !is_keyword(h, k) &&
		    strncmp(h->buf + T(h, k)->pos, "____", 4) &&
		    !trailing_attribute(h, s, name, k))
			name = k;
	}
	return name;
}

/* The top-level comma after s, or e. */
static size_t next_comma(const struct hv *h, size_t s, size_t e)
{
	for (; s < e; s++) {
		if (is_open(h, s))
			s = match_close(h, s, e);
		else if (is_op(h, s, ','))
			return s;
	}
	return e;
}

/* Is the identifier at k a word of a return type (not storage, not an attribute)? */
static bool type_word(const struct hv *h, size_t k)
{
	static const char *const drop[] = {
		"extern", "static", "inline", "FASTCALL", "fastcall",
		"asmlinkage", "noinline", "notrace", "register", "auto",
	};
	static const char *const keep[] = {
		"__u8", "__u16", "__u32", "__u64", "__s8", "__s16", "__s32",
		"__s64", "__le16", "__le32", "__le64", "__be16", "__be32",
		"__be64", "__wsum", "__sum16", "__poll_t", "__int128",
		"__signed__", "__kernel_size_t", "__kernel_ssize_t",
	};
	const char *p = h->buf + T(h, k)->pos;

	if (TOKEN_IN(h->buf, T(h, k), drop))
		return false;
	if (p[0] == '_' && p[1] == '_')
		return TOKEN_IN(h->buf, T(h, k), keep);
	return true;
}

/* The return type of a function named at name, declared from s. */
static void return_type(const struct hv *h, size_t s, size_t name,
			char *ret, size_t size)
{
	size_t k, o = 0;
	char word[NAME_LEN];

	ret[0] = 0;
	for (k = s; k < name; k++) {
		/* (a method's "RET (*NAME)": name is its '(') */
		if (is_attribute_kw(h, k) || (is_ident(h, k) && k + 1 < name &&
					      is_op(h, k + 1, '('))) {
			if (k + 1 < name && is_op(h, k + 1, '('))
				k = match_close(h, k + 1, name);
			continue;
		}
		if (is_ident(h, k) && !type_word(h, k))
			continue;
		tok_text(h->buf, T(h, k), word, sizeof(word));
		if (o + strlen(word) + 2 >= size)
			break;
		if (o)
			ret[o++] = ' ';
		strcpy(ret + o, word);
		o += strlen(word);
	}
}

/* The arity of the parameter list (k is its '('). */
static int arity_of(const struct hv *h, size_t k, size_t e)
{
	size_t close = match_close(h, k, e), c;
	int n = 0;

	if (close == k + 1)
		return ARITY_UNKNOWN;
	if (close == k + 2 && ident_is(h, k + 1, "void"))
		return 0;
	for (c = k + 1; c < close; c = next_comma(h, c, close) + 1) {
		size_t end = next_comma(h, c, close);

		if (end == c + 1 && T(h, c)->type == TOKEN_SPECIAL &&
		    T(h, c)->len == 3)	/* ... */
			return n | ARITY_VARIADIC;
		n++;
	}
	return n;
}

/*
 * The function a declaration [s, e) declares: the first identifier
 * followed by a parameter list that is followed by the end, a comma, a
 * body or an attribute, with a type before it.  NONE if none.
 */
/* An all-capitals identifier: a macro, by the kernel's convention. */
static bool all_caps(const struct hv *h, size_t k)
{
	const struct token *t = T(h, k);
	uint32_t i;

	for (i = 0; i < t->len; i++) {
		char c = h->buf[t->pos + i];

		if (c >= 'a' && c <= 'z')
			return false;
	}
	return true;
}

static size_t function_name_typed(const struct hv *h, size_t s, size_t e,
				  bool typed)
{
	size_t k, close;

	for (k = s; k < e; k++) {
		if (is_attribute_kw(h, k) && is_op(h, k + 1, '(')) {
			k = match_close(h, k + 1, e);
			continue;
		}
		if (is_ident(h, k) && is_op(h, k + 1, '(')) {
			close = match_close(h, k + 1, e);
			if (ident_is(h, k, "FASTCALL"))	/* 2.4: FASTCALL(decl) */
				return function_name_typed(h, k + 2, close,
							   typed);
			if (!typed && all_caps(h, k)) {
				/* ACPI_EXTERNAL_RETURN_STATUS(decl) */
				size_t in = function_name_typed(h, k + 2, close,
								false);

				if (in != NONE)
					return in;
			}
			if (typed && (close + 1 >= e || is_op(h, close + 1, ';') ||
				      is_op(h, close + 1, ',') ||
				      is_op(h, close + 1, '{') ||
				      is_attribute_kw(h, close + 1) ||
				      (is_ident(h, close + 1) &&
				       h->buf[T(h, close + 1)->pos] == '_')))
				return k;
			k = close;
			continue;
		}
		if (is_open(h, k)) {
			k = match_close(h, k, e);
			continue;
		}
		if (is_ident(h, k) && !ident_is(h, k, "extern") &&
		    !ident_is(h, k, "static") && !ident_is(h, k, "inline"))
			typed = true;
		else if (is_op(h, k, '*'))
			typed = true;
	}
	return NONE;
}

static size_t function_name(const struct hv *h, size_t s, size_t e)
{
	return function_name_typed(h, s, e, false);
}

static void sig_of(const struct hv *h, size_t s, size_t ret_end,
		   size_t params, size_t close, char *sig, size_t size);

static void emit_function(struct hv *h, enum harvest_kind kind, size_t s,
			  size_t name, size_t e)
{
	char ret[NAME_LEN], sig[SIG_LEN], text[NAME_LEN];
	size_t close = match_close(h, name + 1, e);
	struct harvest_name hn = { .kind = kind, .name = text,
				   .arity = arity_of(h, name + 1, e),
				   .ret = h->names_only ? NULL : ret,
				   .sig = NULL };

	if (!h->names_only)
		return_type(h, s, name, ret, sizeof(ret));
	sig[0] = 0;
	if (!h->names_only && is_op(h, close, ')'))
		sig_of(h, s, name, name + 1, close, sig, sizeof(sig));
	hn.sig = *sig ? sig : NULL;
	tok_text(h->buf, T(h, name), text, sizeof(text));
	h->fn(h->ctx, &hn);
}

static int parse_aggregate(struct hv *h, size_t open, size_t close,
			   const char *const *tags, size_t nr_tags);
static int member_decl(struct hv *h, size_t s, size_t e,
		       const char *const *tags, size_t nr_tags);

/*
 * A macro that declares members, its parentheses at open and close
 * (struct_group(name, members...), DECLARE_BITMAP(name, n)): every name
 * followed by ',' or ')', and the member declarations inside.
 */
static int macro_members(struct hv *h, size_t open, size_t close,
			 const char *const *tags, size_t nr_tags)
{
	size_t k, c, s = open + 1;
	int ret = 0;

	for (k = open + 1; k < close; k++)
		if (is_ident(h, k) && (is_op(h, k + 1, ',') ||
				       is_op(h, k + 1, ')')))
			for (c = 0; c < nr_tags; c++)
				emit(h, HK_MEMBER, k, tags[c], 0, NULL);
	for (k = open + 1; k < close && !ret; k++) {
		if (is_open(h, k))
			k = match_close(h, k, close);
		else if (is_op(h, k, ',') && s == open + 1)
			s = k + 1;	/* after the group's name */
		else if (is_op(h, k, ';')) {
			ret = member_decl(h, s, k, tags, nr_tags);
			s = k + 1;
		}
	}
	return ret;
}

/* Is the identifier at k a word that names a type by itself (int, long)? */
static bool base_type_word(const struct hv *h, size_t k)
{
	static const char *const kw[] = {
		"void", "char", "short", "int", "long", "float", "double",
		"signed", "unsigned", "_Bool", "bool", "const", "volatile",
	};

	return is_ident(h, k) && TOKEN_IN(h->buf, T(h, k), kw);
}

/*
 * Append the parameter [s, e) to sig without its name: its type words
 * (storage, attributes and annotations such as __user left out) and '*'s.
 * The name is the last identifier, when something that is a type comes
 * before it and it is not itself a word of a type.
 */
static void put_param(const struct hv *h, size_t s, size_t e, char *sig,
		      size_t size)
{
	size_t k, last = NONE, words = 0, o = strlen(sig), len;
	char word[NAME_LEN];

	for (k = s; k < e; k++)
		if (is_ident(h, k) && type_word(h, k) && !is_attribute_kw(h, k)) {
			last = k;
			words += !ident_is(h, k, "const") &&
				 !ident_is(h, k, "volatile");
		}
	if (words < 2 || base_type_word(h, last) ||
	    ident_is(h, last - 1, "struct") || ident_is(h, last - 1, "union") ||
	    ident_is(h, last - 1, "enum"))
		last = NONE;
	for (k = s; k < e; k++) {
		if (is_attribute_kw(h, k) && is_op(h, k + 1, '(')) {
			k = match_close(h, k + 1, e);
			continue;
		}
		if (k == last || (is_ident(h, k) && !type_word(h, k)))
			continue;
		tok_text(h->buf, T(h, k), word, sizeof(word));
		if (o + strlen(word) + 3 >= size) {
			sig[0] = 0;	/* too long to be read: none */
			return;
		}
		if (o && sig[o - 1] != '(' && sig[o - 1] != ' ')
			sig[o++] = ' ';
		len = strlen(word);
		memcpy(sig + o, word, len + 1);
		o += len;
	}
}

/*
 * The signature "RET(P1, P2)" of the declaration whose return type is
 * [s, ret_end) and whose parameters are the group at params: each
 * parameter's type without its name; "" when it cannot be read.
 */
static void sig_of(const struct hv *h, size_t s, size_t ret_end,
		   size_t params, size_t close, char *sig, size_t size)
{
	size_t k, o;

	return_type(h, s, ret_end, sig, size - 2);
	o = strlen(sig);
	if (!o)
		return;
	strcpy(sig + o, "(");
	for (k = params + 1; k < close; k = next_comma(h, k, close) + 1) {
		if (k > params + 1) {
			o = strlen(sig);
			if (o + 3 >= size) {
				sig[0] = 0;
				return;
			}
			strcpy(sig + o, ", ");
		}
		put_param(h, k, next_comma(h, k, close), sig, size);
		if (!sig[0])
			return;
	}
	o = strlen(sig);
	if (o + 2 >= size) {
		sig[0] = 0;
		return;
	}
	strcpy(sig + o, ")");
}

/*
 * The signature of a method member "RET (*NAME)(PARAMS)" declared from s
 * (NAME at name, the declaration ending at e), or "" when it is not a
 * method.
 */
static void method_sig(const struct hv *h, size_t s, size_t name, size_t e,
		       char *sig, size_t size)
{
	size_t open = name, close;

	sig[0] = 0;
	while (open > s && is_op(h, open - 1, '*'))
		open--;
	if (open == name || open <= s || !is_op(h, open - 1, '(') ||
	    !is_op(h, name + 1, ')') || !is_op(h, name + 2, '('))
		return;
	close = match_close(h, name + 2, e);
	if (close + 1 != e || !is_op(h, close, ')'))
		return;
	sig_of(h, s, open - 1, name + 2, close, sig, size);
}

int harvest_fn_sig(const char *buf, const struct token_list *tl, size_t from,
		   size_t name, char *sig, size_t size)
{
	struct hv h = { .buf = buf, .tok = tl->tok };
	size_t i, at_name = NONE, close;
	int depth = 0;

	sig[0] = 0;
	if (size < 8)
		return -EINVAL;
	h.idx = malloc((tl->nr + 1) * sizeof(*h.idx));
	h.op = malloc(tl->nr + 1);
	if (!h.idx || !h.op) {
		free(h.idx);
		free(h.op);
		return -ENOMEM;
	}
	for (i = from; tl->tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tl->tok[i];

		if (t->type == TOKEN_COMMENT || (t->flags & TF_PP))
			continue;
		if (i == name)
			at_name = h.n;
		h.op[h.n] = op_class(buf, t);
		h.idx[h.n++] = i;
		if (at_name == NONE)
			continue;
		if (match_op(buf, t, '('))
			depth++;
		else if (match_op(buf, t, ')') && --depth == 0)
			break;
	}
	if (at_name != NONE && is_op(&h, at_name + 1, '(')) {
		close = match_close(&h, at_name + 1, h.n);
		if (is_op(&h, close, ')'))
			sig_of(&h, 0, at_name, at_name + 1, close, sig, size);
	}
	free(h.idx);
	free(h.op);
	return 0;
}

/* The members a member declaration [s, e) declares, for every tag. */
static int member_decl(struct hv *h, size_t s, size_t e,
		       const char *const *tags, size_t nr_tags)
{
	size_t k, c, name;

	if (is_ident(h, s) && is_op(h, s + 1, '(') &&
	    match_close(h, s + 1, e) + 1 == e)
		return macro_members(h, s + 1, e - 1, tags, nr_tags);
	if (s + 1 == e && is_ident(h, s)) {	/* a macro's members */
		for (c = 0; c < nr_tags; c++)
			emit(h, HK_OPAQUE, s, tags[c], 0, NULL);
		return 0;
	}
	/* "struct HASH_ALG_COMMON;": a macro that is the body, members unknown */
	if (s + 2 == e && is_aggregate_kw(h, s) && is_ident(h, s + 1)) {
		for (c = 0; c < nr_tags; c++)
			emit(h, HK_OPAQUE, s + 1, tags[c], 0, NULL);
		return 0;
	}
	for (k = s; k < e; k++) {
		if (is_aggregate_kw(h, k) || ident_is(h, k, "enum")) {
			size_t b = is_ident(h, k + 1) ? k + 2 : k + 1;

			if (!is_op(h, b, '{'))
				continue;
			c = match_close(h, b, e + 1);
			if (!ident_is(h, k, "enum")) {
				int ret = parse_aggregate(h, b, c, tags, nr_tags);

				if (ret)
					return ret;
			}
			k = c;
			s = c + 1;
			if (s >= e)
				return 0;	/* an anonymous member: merged */
		}
	}
	for (k = s; k < e; k = next_comma(h, k, e) + 1) {
		char sig[SIG_LEN];

		name = declarator_name(h, k, next_comma(h, k, e));
		if (name == NONE)
			continue;
		sig[0] = 0;
		if (!h->names_only)
			method_sig(h, s, name, e, sig, sizeof(sig));
		for (c = 0; c < nr_tags; c++)
			emit(h, HK_MEMBER, name, tags[c], 0, *sig ? sig : NULL);
	}
	return 0;
}

/*
 * A struct or union body (open, close are its braces): its members, for
 * every tag of tags and for its own, when it has one.
 */
/*
 * Does an #include inside the body [open, close] declare members
 * (security_hook_heads: "#define LSM_HOOK(...) struct hlist_head NAME;"
 * and "#include <linux/lsm_hook_defs.h>")?  Then they are not all known.
 */
static bool body_includes(const struct hv *h, size_t open, size_t close)
{
	size_t k;

	for (k = h->idx[open] + 1; k < h->idx[close]; k++)
		if ((h->tok[k].flags & TF_BOL) && (h->tok[k].flags & TF_PP) &&
		    match_op(h->buf, &h->tok[k], '#') &&
		    h->tok[k + 1].type == TOKEN_IDENT &&
		    token_is(h->buf, &h->tok[k + 1], "include"))
			return true;
	return false;
}

static int parse_aggregate(struct hv *h, size_t open, size_t close,
			   const char *const *tags, size_t nr_tags)
{
	const char **all = malloc((nr_tags + 2) * sizeof(*all));
	char own[NAME_LEN];
	size_t k, s, n = nr_tags, kw_at = NONE;
	int ret = 0;

	if (!all)
		return -ENOMEM;
	if (nr_tags)
		memcpy(all, tags, nr_tags * sizeof(*all));
	if (open >= 3 && is_ident(h, open - 1) && is_ident(h, open - 2) &&
	    !strncmp(h->buf + T(h, open - 2)->pos, "__", 2) &&
	    is_aggregate_kw(h, open - 3) && !is_aggregate_kw(h, open - 2))
		kw_at = open - 3;	/* union __ec_align_offset1 TAG { */
	else if (open >= 2)
		kw_at = open - 2;
	if (kw_at != NONE && is_ident(h, open - 1) && is_aggregate_kw(h, kw_at)) {
		tok_text(h->buf, T(h, open - 1), own, sizeof(own));
		emit(h, HK_TAG, open - 1, NULL, 0, NULL);
		all[n++] = own;
		for (k = 0; k < h->nr_alias; k++)
			if (!strcmp(h->alias[k].from, own)) {
				struct harvest_name hn = {
					.kind = HK_TAG, .name = h->alias[k].to,
				};

				h->fn(h->ctx, &hn);
				all[n++] = h->alias[k].to;
				break;
			}
	}
	for (s = k = open + 1; k < close && !ret; k++) {
		if (is_open(h, k))
			k = match_close(h, k, close);
		else if (is_op(h, k, ';')) {
			ret = member_decl(h, s, k, all, n);
			s = k + 1;
		}
	}
	if (body_includes(h, open, close))
		for (k = 0; k < n; k++)
			emit(h, HK_OPAQUE, open, all[k], 0, NULL);
	free(all);
	return ret;
}

static void parse_enum(struct hv *h, size_t open, size_t close)
{
	size_t k;

	for (k = open + 1; k < close; k = next_comma(h, k, close) + 1)
		if (is_ident(h, k))
			emit(h, HK_ENUM, k, NULL, 0, NULL);
}

/* The names of a typedef or a variable declaration [s, e). */
static void declarators(struct hv *h, size_t s, size_t e,
			enum harvest_kind kind)
{
	size_t k, name;

	for (k = s; k < e; k = next_comma(h, k, e) + 1) {
		name = declarator_name(h, k, next_comma(h, k, e));
		if (name != NONE)
			emit(h, kind, name, NULL, 0, NULL);
	}
}

static bool is_type_start(const struct hv *h, size_t k)
{
	static const char *const kw[] = {
		"int", "char", "long", "short", "unsigned", "signed", "void",
		"float", "double", "struct", "union", "enum", "const", "static",
		"volatile", "register", "bool", "_Bool", "auto",
	};

	if (!is_ident(h, k) || is_keyword(h, k))
		return false;
	if (TOKEN_IN(h->buf, T(h, k), kw))
		return true;
	/* T x, T *x, T **x: a typedef'd type and a declarator */
	if (is_ident(h, k + 1) && !is_keyword(h, k + 1))
		return true;
	while (is_op(h, ++k, '*'))
		;
	return k > 1 && is_op(h, k - 1, '*') && is_ident(h, k) &&
	       (is_op(h, k + 1, ';') || is_op(h, k + 1, '=') ||
		is_op(h, k + 1, ',') || is_op(h, k + 1, '['));
}

/*
 * Is the name at k a parameter of function type, "T *name(void *p)" in a
 * parameter list (the group after it starts with a word of a type, which
 * no expression does, and a ',' or ')' follows it)?
 */
static bool fn_param(const struct hv *h, size_t k, size_t e)
{
	size_t close;

	if (!is_op(h, k + 1, '(') ||
	    !(base_type_word(h, k + 2) || is_aggregate_kw(h, k + 2) ||
	      ident_is(h, k + 2, "enum")))
		return false;
	close = match_close(h, k + 1, e);
	return is_op(h, close + 1, ',') || is_op(h, close + 1, ')');
}

/*
 * The variables a driver declares in the function [s, e): its
 * parameters ("T x", "T *x") and every statement that starts with a type.
 */
static void local_names(struct hv *h, size_t s, size_t e)
{
	static const char *const anonymous[] = { "" };
	size_t k, end;
	int depth = 0;

	for (k = s + 1; k + 1 < e; k++) {
		depth += is_op(h, k - 1, '{') - is_op(h, k - 1, '}');
		if (depth > 0 && is_aggregate_kw(h, k - 1) && is_ident(h, k) &&
		    is_op(h, k + 1, '{') &&
		    parse_aggregate(h, k + 1, match_close(h, k + 1, e), NULL, 0))
			return;	/* a struct a function defines: its members */
		if (depth > 0 && is_aggregate_kw(h, k - 1) &&
		    is_op(h, k, '{') &&
		    parse_aggregate(h, k, match_close(h, k, e), anonymous, 1))
			return;	/* "union { ... } buf;": its members too */
		if (is_ident(h, k) && !is_keyword(h, k) &&
		    (is_op(h, k + 1, ',') || is_op(h, k + 1, ')') ||
		     fn_param(h, k, e)) &&
		    ((is_ident(h, k - 1) && !is_keyword(h, k - 1) &&
		      !is_aggregate_kw(h, k - 1) &&
		      !ident_is(h, k - 1, "enum")) ||	/* sizeof(struct T) */
		     is_op(h, k - 1, '*')))
			emit(h, HK_VAR, k, NULL, 0, NULL);
		if (!(is_op(h, k - 1, '{') || is_op(h, k - 1, ';') ||
		      is_op(h, k - 1, '}') ||
		      (is_op(h, k - 1, '(') && ident_is(h, k - 2, "for"))) ||
		    !is_type_start(h, k))
			continue;
		/*
		 * A function's "struct T v = { ... };": the initializer's
		 * braces too (at file scope, "static struct T T = {" would
		 * hide the struct T the rules look up: not there).
		 */
		for (end = k; end < e && !is_op(h, end, ';') &&
		     (!is_op(h, end, '{') ||
		      (depth > 0 && is_op(h, end - 1, '='))) &&
		     !is_op(h, end, '}'); end++)
			if (is_open(h, end))
				end = match_close(h, end, e);
		if (end < e && is_op(h, end, ';'))
			declarators(h, k, end, HK_VAR);
	}
}

/* The typedef name of "typedef struct {...} NAME;" from close on. */
static size_t typedef_name(const struct hv *h, size_t close)
{
	size_t e = close + 1;

	while (e < h->n && !is_op(h, e, ';')) {
		if (is_open(h, e))
			e = match_close(h, e, h->n);
		e++;
	}
	return declarator_name(h, close + 1, next_comma(h, close + 1, e));
}

/* The body of struct, union or enum at open; returns its close. */
static size_t aggregate_body(struct hv *h, size_t s, size_t open, int *err)
{
	size_t close = match_close(h, open, h->n);
	char tname[NAME_LEN];
	const char *tags[1] = { tname };
	size_t nt = 0;

	if (ident_is(h, open - 1, "enum") || ident_is(h, open - 2, "enum")) {
		parse_enum(h, open, close);
		return close;
	}
	if (ident_is(h, s, "typedef")) {
		size_t name = typedef_name(h, close);

		if (name != NONE) {
			tok_text(h->buf, T(h, name), tname, sizeof(tname));
			nt = 1;
		}
	}
	*err = parse_aggregate(h, open, close, tags, nt);
	return close;
}

static bool opens_aggregate(const struct hv *h, size_t k)
{
	return is_aggregate_kw(h, k - 1) || ident_is(h, k - 1, "enum") ||
	       (k >= 2 && is_ident(h, k - 1) &&
		(is_aggregate_kw(h, k - 2) || ident_is(h, k - 2, "enum"))) ||
	       (k >= 3 && is_ident(h, k - 1) && is_ident(h, k - 2) &&
		!strncmp(h->buf + T(h, k - 2)->pos, "__", 2) &&
		is_aggregate_kw(h, k - 3));	/* union __attr TAG { */
}

/* A declaration [s, e) that ended with ';'. */
static void declaration(struct hv *h, size_t s, size_t e)
{
	size_t name;

	if (ident_is(h, s, "typedef")) {
		declarators(h, s + 1, e, HK_TYPEDEF);
		return;
	}
	if (is_ident(h, s) && all_caps(h, s) && is_op(h, s + 1, '(') &&
	    !h->locals) {
		/* MACRO(decl) MACRO(decl) ...: each one's declaration */
		size_t k = s, close;

		while (k < e && is_ident(h, k) && is_op(h, k + 1, '(')) {
			close = match_close(h, k + 1, e);
			declaration(h, k + 2, close);
			k = close + 1;
		}
		if (k >= e)
			return;
	}
	name = function_name(h, s, e);
	if (name != NONE) {
		emit_function(h, HK_FUNC, s, name, e);
		return;
	}
	if (!h->locals && s + 3 == e && is_aggregate_kw(h, s) &&
	    is_ident(h, s + 1) && is_ident(h, s + 2) && all_caps(h, s + 2)) {
		/* struct hash_alg_common HASH_ALG_COMMON;: a macro is its body */
		char tag[NAME_LEN];

		tok_text(h->buf, T(h, s + 1), tag, sizeof(tag));
		emit(h, HK_OPAQUE, s + 2, tag, 0, NULL);
		return;
	}
	if (ident_is(h, s, "extern") || h->locals)
		declarators(h, s, e, HK_VAR);
}

/* One external declaration from k; returns where the next one starts. */
static size_t external(struct hv *h, size_t k, int *err)
{
	size_t s = k, name;

	for (; k < h->n && !*err; k++) {
		if (is_op(h, k, ';')) {
			if (!h->members_only)	/* no member outside braces */
				declaration(h, s, k);
			return k + 1;
		}
		if (is_op(h, k, '{') && k > s && opens_aggregate(h, k)) {
			k = aggregate_body(h, s, k, err);
			continue;
		}
		if (is_op(h, k, '{')) {
			size_t close = match_close(h, k, h->n);

			if (k == s + 2 && ident_is(h, s, "extern"))
				return k + 1;	/* extern "C" { */
			name = h->members_only ? NONE : function_name(h, s, k);
			if (name != NONE)
				emit_function(h, HK_INLINE, s, name, k);
			return close + 1;
		}
		if (is_open(h, k))
			k = match_close(h, k, h->n);
		else if (is_close(h, k))
			return k + 1;	/* unbalanced: resynchronise */
	}
	if (k > s && !h->members_only)
		declaration(h, s, k);
	return k;
}

/* A macro's parameter: a name the driver's own code uses. */
static void param(struct hv *h, const struct token *t)
{
	char name[NAME_LEN];
	struct harvest_name hn = { .kind = HK_VAR, .name = name,
				   .arity = ARITY_NONE };

	tok_text(h->buf, t, name, sizeof(name));
	h->fn(h->ctx, &hn);
}

/* #define NAME or NAME(params) at token i (the '#'). */
/*
 * "#define NAME OTHER" (the token after NAME at k): a struct NAME defined
 * later is struct OTHER ("#define __snd_pcm_mmap_status64
 * snd_pcm_mmap_status" before "struct __snd_pcm_mmap_status64 {").
 */
static void note_alias(struct hv *h, size_t k, const char *name)
{
	const struct token *t = h->tok;
	struct tag_alias *a;

	if (t[k + 1].type != TOKEN_IDENT || !(t[k + 1].flags & TF_PP) ||
	    (t[k + 1].flags & TF_BOL) ||
	    ((t[k + 2].flags & TF_PP) && !(t[k + 2].flags & TF_BOL) &&
	     t[k + 2].type != TOKEN_EOF && t[k + 2].type != TOKEN_COMMENT))
		return;
	if (h->nr_alias == MAX_ALIASES)
		return;
	if (!(h->nr_alias & (h->nr_alias - 1))) {	/* 0, 1, 2, 4...: grow */
		a = realloc(h->alias, (h->nr_alias ? 2 * h->nr_alias : 1) *
					      sizeof(*a));
		if (!a)
			return;	/* the aliases are a refinement only */
		h->alias = a;
	}
	a = &h->alias[h->nr_alias++];
	snprintf(a->from, sizeof(a->from), "%s", name);
	tok_text(h->buf, &t[k + 1], a->to, sizeof(a->to));
}

/*
 * Is the body of "#define NAME ..." (NAME at k) a member path, "a.b" or
 * "a.b.c" (#define flowi4_tos __fl_common.flowic_tos)?  "p->m" is not:
 * it names a variable.
 */
static int member_path(const struct hv *h, size_t k)
{
	const struct token *t = h->tok;
	size_t j = k + 1;
	int dots = 0;

	for (;;) {
		if (t[j].type != TOKEN_IDENT || !(t[j].flags & TF_PP) ||
		    (t[j].flags & TF_BOL))
			return 0;
		j++;
		if (t[j].type == TOKEN_EOF || !(t[j].flags & TF_PP) ||
		    (t[j].flags & TF_BOL) || t[j].type == TOKEN_COMMENT)
			return dots > 0;
		if (!match_op(h->buf, &t[j], '.'))
			return 0;
		dots++;
		j++;
	}
}

/*
 * Is the body of the object-like macro named at token k one number
 * ("#define EFI_RTC_MINOR 136"), comments aside: a constant that a header
 * gave its drivers (a minor, a port, an ID)?
 */
static int number_body(const struct hv *h, size_t k)
{
	const struct token *t = h->tok;
	size_t j = k + 1;
	int n = 0;

	for (; t[j].type != TOKEN_EOF && (t[j].flags & TF_PP) &&
	       !(t[j].flags & TF_BOL); j++) {
		if (t[j].type == TOKEN_COMMENT)
			continue;
		if (t[j].type != TOKEN_NUMBER || n++)
			return 0;
	}
	return n == 1;
}

static void directive(struct hv *h, size_t i)
{
	const struct token *t = h->tok;
	char name[NAME_LEN];
	struct harvest_name hn = { .kind = HK_MACRO, .name = name,
				   .arity = ARITY_NONE };
	size_t k = i + 1;

	while (t[k].type == TOKEN_COMMENT)
		k++;
	if (t[k].type != TOKEN_IDENT || !token_is(h->buf, &t[k], "define"))
		return;
	for (k++; t[k].type == TOKEN_COMMENT; k++)
		;
	if (t[k].type != TOKEN_IDENT || !(t[k].flags & TF_PP) ||
	    (t[k].flags & TF_BOL))
		return;
	tok_text(h->buf, &t[k], name, sizeof(name));
	if (match_op(h->buf, &t[k + 1], '(') && t[k + 1].pos == t[k].pos + t[k].len) {
		int n = 0;

		hn.arity = 0;
		for (k += 2; t[k].type != TOKEN_EOF && (t[k].flags & TF_PP) &&
		     !(t[k].flags & TF_BOL) && !match_op(h->buf, &t[k], ')');
		     k++) {
			if (t[k].type == TOKEN_IDENT && !n)
				n = 1;
			if (t[k].type == TOKEN_IDENT && h->locals)
				param(h, &t[k]);
			else if (t[k].type == TOKEN_SPECIAL && t[k].len == 3)
				hn.arity |= ARITY_VARIADIC;
			else if (match_op(h->buf, &t[k], ','))
				hn.arity += n, n = 0;
		}
		if (hn.arity & ARITY_VARIADIC)
			n = 0;
		hn.arity += n;
	} else {
		note_alias(h, k, name);
		hn.member_path = member_path(h, k);
		hn.number = number_body(h, k);
	}
	h->fn(h->ctx, &hn);
}

/*
 * The conditionals around the code: a group for the assembler only
 * (#ifdef __ASSEMBLY__, or the #else of #ifndef __ASSEMBLY__) is not C.
 */
#define ASM_COND_DEPTH 64

struct asm_cond {
	int depth;		/* of #if groups */
	int asm_at;		/* the depth of the group being skipped, or 0 */
	bool asm_else[ASM_COND_DEPTH];	/* its #else is the assembler's */
	bool skip;
};

/* The word after '#' at i, and the identifier after it: 0 if none. */
static size_t pp_word(const struct hv *h, size_t i, const char **w,
		      size_t *len)
{
	const struct token *t = h->tok;
	size_t k = i + 1;

	while (t[k].type == TOKEN_COMMENT)
		k++;
	if (t[k].type != TOKEN_IDENT || !(t[k].flags & TF_PP) ||
	    (t[k].flags & TF_BOL))
		return 0;
	*w = h->buf + t[k].pos;
	*len = t[k].len;
	return k;
}

/* Does the directive at k (after its word) test __ASSEMBLY__ alone? */
static bool names_asm(const struct hv *h, size_t k, bool *negated)
{
	const struct token *t = h->tok;
	size_t j;
	bool neg = false;

	for (j = k + 1; t[j].type != TOKEN_EOF && (t[j].flags & TF_PP) &&
			!(t[j].flags & TF_BOL); j++) {
		if (t[j].type == TOKEN_COMMENT)
			continue;
		if (match_op(h->buf, &t[j], '!'))
			neg = !neg;
		else if (t[j].type == TOKEN_IDENT &&
			 (token_is(h->buf, &t[j], "__ASSEMBLY__") ||
			  token_is(h->buf, &t[j], "__ASSEMBLER__"))) {
			*negated = neg;
			return true;
		} else if (!(t[j].type == TOKEN_IDENT &&
			     token_is(h->buf, &t[j], "defined")) &&
			   !match_op(h->buf, &t[j], '(') &&
			   !match_op(h->buf, &t[j], ')')) {
			return false;	/* a condition of more than it */
		}
	}
	return false;
}

/* Follow the conditional at '#' token i; true if it is skipped. */
static bool asm_only(const struct hv *h, struct asm_cond *cs, size_t i)
{
	const char *w;
	size_t len, k = pp_word(h, i, &w, &len);
	bool neg = false;

#define IS(s) (len == sizeof(s) - 1 && !memcmp(w, s, len))
	if (!k)
		return cs->skip;
	if (IS("if") || IS("ifdef") || IS("ifndef")) {
		cs->depth++;
		if (cs->depth < ASM_COND_DEPTH)
			cs->asm_else[cs->depth] = false;
		if (cs->skip || cs->depth >= ASM_COND_DEPTH ||
		    !names_asm(h, k, &neg))
			return cs->skip;
		if (IS("ifndef"))
			neg = !neg;
		if (neg) {	/* C here, the assembler's after #else */
			cs->asm_else[cs->depth] = true;
		} else {
			cs->asm_at = cs->depth;
			cs->skip = true;
		}
		return cs->skip;
	}
	if (IS("else") || IS("elif")) {
		if (cs->skip && cs->asm_at == cs->depth) {
			cs->skip = false;
			cs->asm_at = 0;
		} else if (!cs->skip && cs->depth > 0 &&
			   cs->depth < ASM_COND_DEPTH &&
			   cs->asm_else[cs->depth] && IS("else")) {
			cs->asm_at = cs->depth;
			cs->skip = true;
		}
		return cs->skip;
	}
	if (IS("endif")) {
		if (cs->skip && cs->asm_at == cs->depth) {
			cs->skip = false;
			cs->asm_at = 0;
		}
		if (cs->depth > 0)
			cs->depth--;
		return false;
	}
#undef IS
	return cs->skip;
}

int harvest(const char *buf, const struct token_list *tl, int flags,
	    harvest_fn *fn, void *ctx)
{
	struct hv h = { .buf = buf, .tok = tl->tok,
			.locals = flags & HARVEST_LOCALS,
			.names_only = flags & HARVEST_NAMES_ONLY,
			.members_only = flags & HARVEST_MEMBERS_ONLY,
			.fn = fn, .ctx = ctx };
	struct asm_cond cs = { 0 };
	size_t i, k;
	int err = 0;

	h.idx = malloc(tl->nr * sizeof(*h.idx));
	h.op = malloc(tl->nr);
	if (!h.idx || !h.op) {
		free(h.idx);
		free(h.op);
		return -ENOMEM;
	}
	for (i = 0; tl->tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tl->tok[i];

		if (t->type == TOKEN_COMMENT)
			continue;
		if (t->flags & TF_PP) {
			if ((t->flags & TF_BOL) && match_op(buf, t, '#') &&
			    !asm_only(&h, &cs, i))
				directive(&h, i);
			continue;
		}
		if (!cs.skip) {
			h.op[h.n] = op_class(buf, t);
			h.idx[h.n++] = i;
		}
	}
	for (k = 0; k < h.n && !err;)
		k = external(&h, k, &err);
	/* A driver's own names: every declarator, wherever it is. */
	if (h.locals && h.n > 1)
		local_names(&h, 0, h.n);
	/* A header that names struct X lets a module use the tag. */
	for (k = 0; !h.locals && !h.members_only && k + 1 < h.n; k++)
		if (is_aggregate_kw(&h, k) && is_ident(&h, k + 1))
			emit(&h, HK_TAG, k + 1, NULL, 0, NULL);
	free(h.idx);
	free(h.op);
	free(h.alias);
	return err;
}
