/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lexical types of modport: a one-pass C tokenizer that knows the
 * preprocessor (directives, header names, line splices) and keeps comments
 * as tokens.  A token is a byte range of the original buffer; the list ends
 * with a TOKEN_EOF sentinel, so lookahead never runs off the end.
 */
#ifndef MODPORT_TOKEN_H
#define MODPORT_TOKEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum token_type {
	TOKEN_EOF,
	TOKEN_IDENT,
	TOKEN_NUMBER,
	TOKEN_STRING,	/* "..." with any L, u, U or u8 prefix */
	TOKEN_CHAR,	/* '...' */
	TOKEN_HEADER,	/* <...> after #include */
	TOKEN_SPECIAL,	/* punctuator; longest match */
	TOKEN_COMMENT,	/* slash-star or slash-slash, delimiters included */
};

enum token_flags {
	TF_BOL = 1,		/* first token on its line (comments aside) */
	TF_PP = 2,		/* part of a preprocessor directive */
	TF_SPLICE = 4,		/* contains a backslash-newline */
	TF_OPEN = 8,		/* comment or literal without its terminator */
	TF_NEWLINE = 16,	/* a GCC 2 string literal with raw newlines */
	TF_LBRACE = 32,		/* a '{' of the code (not of a directive) */
	TF_RBRACE = 64,		/* a '}' of the code */
};

struct token {
	uint32_t pos;		/* byte offset in the buffer */
	uint32_t len;		/* bytes, splices included */
	uint8_t type;
	uint8_t flags;
};

struct token_list {
	struct token *tok;
	size_t nr;		/* tokens, the EOF sentinel included */
	size_t alloc;
	/*
	 * The '#' of each directive - the tokens with both TF_PP and TF_BOL,
	 * no other - in order: for those who look for directives only.
	 */
	size_t *hash;
	size_t nr_hash, alloc_hash;
	/*
	 * Where the code's brace depth is not 0 (a function's body, a
	 * struct's, an initializer's; below 0 after a stray '}'): pairs of
	 * token indices [body[2k], body[2k + 1]), from the brace that leaves
	 * depth 0 to the one that comes back to it (or the EOF sentinel) -
	 * for those who look at file scope only.  Code braces are those
	 * outside directives, as idindex counts them.
	 */
	size_t *body;
	size_t nr_body, alloc_body;	/* indices, twice the spans */
	/*
	 * The identifiers that may spell "struct" or "union" - those of five
	 * or six bytes that do, and every one with a splice (TF_SPLICE) - in
	 * order: for those who look for the aggregates' keywords only.
	 */
	size_t *aggr;
	size_t nr_aggr, alloc_aggr;
};

/*
 * Tokenize buf[0..len), which must be followed by a NUL byte (buf[len] == 0)
 * and contain none.  Returns 0 or -ENOMEM; never fails on malformed input
 * (unterminated tokens get TF_OPEN).
 */
int tokenize(const char *buf, size_t len, struct token_list *tl);
void token_list_free(struct token_list *tl);

/* token_is() past the first byte, which the two share. */
bool token_is_spelt(const char *buf, const struct token *t, const char *s);

/*
 * Does token t spell s?  Splices inside the token are skipped.  Most
 * tokens differ at the first byte, which no splice comes before (the
 * tokenizer skips one between tokens): that test is inline.
 */
static inline bool token_is(const char *buf, const struct token *t,
			    const char *s)
{
	/* a word the compiler knows (match_ident(buf, t, "struct")): by
	 * its length, then its bytes, with no call */
	if (__builtin_constant_p(strlen(s)) && !(t->flags & TF_SPLICE))
		return t->len == strlen(s) &&
		       !memcmp(buf + t->pos, s, strlen(s));
	return buf[t->pos] == *s && token_is_spelt(buf, t, s);
}

/* Does token t spell one of words[0..n)? */
bool token_in(const char *buf, const struct token *t,
	      const char *const *words, size_t n);

/*
 * A list of words with the pairs of length and first byte they have,
 * read on the first question: a token whose pair no word has is answered
 * with no look at the words (most tokens a list is asked of are in no
 * list; a list's lengths and first bytes apart let through "ret" and
 * "dev" for "return" and "do").
 */
struct word_set {
	const char *const *words;
	size_t n;
	bool made;
	uint64_t pairs[4];	/* bit word_pair(): a word of that pair */
};

/* The bit of the pair of length len and first byte c, in 256. */
static inline unsigned int word_pair(size_t len, unsigned char c)
{
	return (c + 97u * (unsigned int)(len < 63 ? len : 63)) & 255;
}

void word_set_make(struct word_set *ws);

/* token_in() of the words of ws. */
static inline bool word_set_in(const char *buf, const struct token *t,
			       struct word_set *ws)
{
	unsigned int pair = word_pair(t->len, (unsigned char)buf[t->pos]);

	if (!ws->made)
		word_set_make(ws);
	/* a splice's bytes are in the token's length: no filter then */
	if (!(t->flags & TF_SPLICE) &&
	    !((ws->pairs[pair >> 6] >> (pair & 63)) & 1))
		return false;
	return token_in(buf, t, ws->words, ws->n);
}

/*
 * token_in() of a static array of words, its word_set made once: one a
 * place that asks (GNU C's statement expression, as the kernel's own
 * macros use).
 */
#define TOKEN_IN(buf, t, words) __extension__ ({			\
	static struct word_set word_set_ = {				\
		words, sizeof(words) / sizeof(words[0]), false, { 0 }	\
	};								\
	word_set_in(buf, t, &word_set_);				\
})

/* Is c a byte of an identifier (ASCII letter, digit or '_')? */
static inline bool ident_byte(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* Is t the one-character punctuator c? */
static inline bool match_op(const char *buf, const struct token *t, char c)
{
	return t->type == TOKEN_SPECIAL && t->len == 1 && buf[t->pos] == c;
}

static inline bool match_ident(const char *buf, const struct token *t,
			       const char *s)
{
	return t->type == TOKEN_IDENT && token_is(buf, t, s);
}

const char *show_token_type(enum token_type type);

#endif
