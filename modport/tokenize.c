// SPDX-License-Identifier: GPL-2.0
/*
 * tokenize.c: one linear pass over a NUL-terminated buffer, in the manner of
 * sparse's tokenize.c, but keeping comments (as tokens) and the byte range
 * of every token, because fix mode rewrites the original bytes.  Lines and
 * columns are not tracked here: diag.c derives them from a token's offset
 * when (rarely) one is reported.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "identrun.h"
#include "token.h"

enum {
	C_OTHER, C_SPACE, C_NL, C_IDENT, C_DIGIT, C_DOT, C_QUOTE, C_SLASH,
	C_HASH, C_BACKSLASH, C_LT, C_NUL,
	C_PUNCT1,	/* a punctuator that is never the start of a longer one */
	C_BRACE,	/* '{' or '}': one byte, and code braces move the depth */
};

/* Character classes; bytes >= 0x80 are identifier characters (UTF-8). */
static unsigned char cclass[256];
static bool is_ident[256];	/* C_IDENT or C_DIGIT */
static bool is_number[256];	/* C_IDENT, C_DIGIT or C_DOT */
/*
 * C_BACKSLASH or C_QUOTE: what may follow an identifier's bytes and belong
 * to its token, a splice or the quote of a string whose prefix it is (L"x")
 */
static bool ident_more[256];

static void init_cclass(void)
{
	/* the bytes that begin a punctuator of two or three (special_len()) */
	static const char longer[] = ".<>-+&|#=!*/%^";
	int c;

	for (c = 0; c < 256; c++)
		cclass[c] = c >= 0x80 ? C_IDENT :
			    strchr(longer, c) ? C_OTHER : C_PUNCT1;
	for (c = 'a'; c <= 'z'; c++)
		cclass[c] = cclass[c - 'a' + 'A'] = C_IDENT;
	for (c = '0'; c <= '9'; c++)
		cclass[c] = C_DIGIT;
	cclass['_'] = cclass['$'] = C_IDENT;
	cclass[' '] = cclass['\t'] = cclass['\v'] = cclass['\f'] = C_SPACE;
	cclass['\r'] = C_SPACE;
	cclass['\n'] = C_NL;
	cclass['.'] = C_DOT;
	cclass['"'] = cclass['\''] = C_QUOTE;
	cclass['/'] = C_SLASH;
	cclass['#'] = C_HASH;
	cclass['\\'] = C_BACKSLASH;
	cclass['<'] = C_LT;
	cclass['{'] = cclass['}'] = C_BRACE;
	cclass[0] = C_NUL;
	for (c = 0; c < 256; c++) {
		is_ident[c] = cclass[c] == C_IDENT || cclass[c] == C_DIGIT;
		is_number[c] = is_ident[c] || cclass[c] == C_DOT;
		ident_more[c] = cclass[c] == C_BACKSLASH || cclass[c] == C_QUOTE;
	}
}

/* Skip backslash-newlines at p; returns p when there is none. */
static inline const char *skip_splices(const char *p)
{
	while (p[0] == '\\') {
		if (p[1] == '\n')
			p += 2;
		else if (p[1] == '\r' && p[2] == '\n')
			p += 3;
		else
			break;
	}
	return p;
}

/* Room for one more token: 0 or -ENOMEM. */
static int grow(struct token_list *tl)
{
	size_t n = tl->alloc ? tl->alloc * 2 : 4096;
	struct token *t = realloc(tl->tok, n * sizeof(*t));

	if (!t)
		return -ENOMEM;
	tl->tok = t;
	tl->alloc = n;
	return 0;
}

/*
 * Past the identifier bytes at p (is_ident[], splices aside): sixteen at
 * a time while sixteen are left before end, the rest one by one.  Where
 * the sixteen-byte scan stopped with sixteen left, it stopped on the
 * first other byte: no load of it waits for the scan's answer, and the
 * test that says so is one the processor predicts.
 */
static inline __attribute__((always_inline)) const char *
ident_bytes(const char *p, const char *end)
{
	p = ident_run16(p, end, true);
	if (end - p >= 16)
		return p;
	while (is_ident[(unsigned char)*p])
		p++;
	return p;
}

/*
 * Identifier characters at p, a backslash, across splices: past them,
 * with TF_SPLICE in *flags where one was crossed.
 */
static const char *ident_splices(const char *p, const char *end,
				 uint8_t *flags)
{
	while (cclass[(unsigned char)*p] == C_BACKSLASH && skip_splices(p) != p) {
		*flags |= TF_SPLICE;
		p = ident_bytes(skip_splices(p), end);
	}
	return p;
}

/*
 * A GCC 2 multi-line string: from the newline at p, does the literal go on
 * to a closing quote within MULTILINE_MAX lines, none of them a directive?
 */
#define MULTILINE_MAX 1000
static bool string_goes_on(const char *p)
{
	int lines = 0;

	for (; *p; p++) {
		if (*p == '"')
			return true;
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		if (*p != '\n')
			continue;
		if (++lines > MULTILINE_MAX)
			return false;
		while (p[1] == ' ' || p[1] == '\t')
			p++;
		if (p[1] == '#')
			return false;
	}
	return false;
}

/*
 * Past a string or character literal whose opening quote is at p; its
 * flags (TF_NEWLINE, TF_OPEN, TF_SPLICE) added to *flags.
 */
static const char *eat_string(const char *p, uint8_t *flags)
{
	char quote = *p++;

	for (;;) {
		char c = *p;

		if (c == quote) {
			p++;
			break;
		}
		if (c == '\n' && quote == '"' &&
		    ((*flags & TF_NEWLINE) || string_goes_on(p))) {
			*flags |= TF_NEWLINE;
			p++;
			continue;
		}
		if (c == '\n' || c == 0) {
			*flags |= TF_OPEN;
			break;
		}
		if (c == '\\') {
			if (p[1] == '\n' || (p[1] == '\r' && p[2] == '\n'))
				*flags |= TF_SPLICE;
			p += (p[1] == '\r' && p[2] == '\n') ? 3 : p[1] ? 2 : 1;
			continue;
		}
		p++;
	}
	return p;
}

static bool is_string_prefix(const char *s, size_t n)
{
	return (n == 1 && (*s == 'L' || *s == 'u' || *s == 'U')) ||
	       (n == 2 && s[0] == 'u' && s[1] == '8');
}

static bool is_include(const char *s, size_t n)
{
	return (n == 7 && !memcmp(s, "include", 7)) ||
	       (n == 12 && !memcmp(s, "include_next", 12)) ||
	       (n == 6 && !memcmp(s, "import", 6));
}

/*
 * Past a preprocessing number at p: digits, letters, dots, and e+ e- p+
 * p-, across splices (which the number's flags do not note).
 */
static inline const char *number_end(const char *p)
{
	for (;;) {
		char c;

		while (is_number[(unsigned char)*p])	/* the run, one load a byte */
			p++;
		c = *p;
		if ((c == '+' || c == '-') &&
		    (p[-1] == 'e' || p[-1] == 'E' || p[-1] == 'p' ||
		     p[-1] == 'P'))
			p++;
		else if (cclass[(unsigned char)c] == C_BACKSLASH &&
			 skip_splices(p) != p)
			p = skip_splices(p);
		else
			return p;
	}
}

/* Past a slash-star comment at p; unterminated (TF_OPEN) at the end. */
static const char *stream_comment_end(const char *p, const char *end,
				      uint8_t *flags)
{
	const char *start = p;

	p += 2;
#if defined(__SSE2__)
	/* "*" then "/", sixteen places at a time, while 17 bytes are left */
	while (end - p >= 17) {
		__m128i star = _mm_cmpeq_epi8(
			_mm_loadu_si128((const __m128i *)p), _mm_set1_epi8('*'));
		__m128i slash = _mm_cmpeq_epi8(
			_mm_loadu_si128((const __m128i *)(p + 1)),
			_mm_set1_epi8('/'));
		unsigned int at = (unsigned int)_mm_movemask_epi8(
			_mm_and_si128(star, slash));

		if (at)
			return p + __builtin_ctz(at) + 2;
		p += 16;
	}
#else
	(void)end;
#endif
	for (;;) {
		p = strchr(p, '*');
		if (!p) {
			*flags |= TF_OPEN;
			return start + strlen(start);
		}
		if (p[1] == '/')
			return p + 2;
		p++;
	}
}

/* Past a slash-slash comment at p: up to the newline no splice continues. */
static const char *line_comment_end(const char *p, uint8_t *flags)
{
	const char *start = p;

	for (p += 2;;) {
		const char *nl = strchr(p, '\n');

		if (!nl)
			return start + strlen(start);
		if (nl[-1] == '\\' || (nl[-1] == '\r' && nl[-2] == '\\')) {
			*flags |= TF_SPLICE;
			p = nl + 1;
			continue;
		}
		return nl[-1] == '\r' ? nl - 1 : nl;
	}
}

/* Past a header name <...> of an #include; unterminated at the newline. */
static const char *header_name_end(const char *p, uint8_t *flags)
{
	for (p++; *p != '>' && *p != '\n' && *p;)
		p++;
	if (*p == '>')
		return p + 1;
	*flags |= TF_OPEN;
	return p;
}

/* The longest punctuator at p: 3, 2 or 1 bytes (one switch, no search). */
static inline __attribute__((always_inline)) size_t special_len(const char *p)
{
	char a = p[0], b = p[1];

	switch (a) {
	case '.':
		return b == '.' && p[2] == '.' ? 3 : 1;
	case '<':
	case '>':
		if (b == a)
			return p[2] == '=' ? 3 : 2;
		return b == '=' ? 2 : 1;
	case '-':
		return b == '>' || b == '-' || b == '=' ? 2 : 1;
	case '+':
	case '&':
	case '|':
		return b == a || b == '=' ? 2 : 1;
	case '#':
		return b == '#' ? 2 : 1;
	case '=':
	case '!':
	case '*':
	case '/':
	case '%':
	case '^':
		return b == '=' ? 2 : 1;
	}
	return 1;
}

/* Append i to the list v of *nr indices (room for *alloc); 0 or -ENOMEM. */
static int add_index(size_t **v, size_t *nr, size_t *alloc, size_t i)
{
	if (*nr == *alloc) {
		size_t n = *alloc ? 2 * *alloc : 256;
		size_t *more = realloc(*v, n * sizeof(*more));

		if (!more)
			return -ENOMEM;
		*v = more;
		*alloc = n;
	}
	(*v)[(*nr)++] = i;
	return 0;
}

/*
 * May the identifier start[0..n) (flags: its TF_SPLICE) spell "struct"
 * or "union" (tl->aggr)?  Asked of every identifier: its length first,
 * seldom 5 or 6.
 */
static inline bool may_be_aggregate_kw(const char *start, size_t n,
				       unsigned int flags)
{
	if (n - 5u > 1u)
		return flags & TF_SPLICE;
	return n == 6 ? !memcmp(start, "struct", 6) : !memcmp(start, "union", 5);
}

/* Room for a token more at *t (of the list's tok, *limit its end). */
static int make_room(struct token_list *tl, struct token **t,
		     struct token **limit)
{
	size_t nr = (size_t)(*t - tl->tok);

	if (grow(tl))
		return -ENOMEM;
	*t = tl->tok + nr;
	*limit = tl->tok + tl->alloc;
	return 0;
}

/* The token buf[start - buf, p - buf) of type and flags, at *t. */
static inline __attribute__((always_inline)) struct token *
emit(struct token *t, const char *buf, const char *start, const char *p,
     uint8_t type, unsigned int flags)
{
	*t = (struct token){ .pos = (uint32_t)(start - buf),
			     .len = (uint32_t)(p - start), .type = type,
			     .flags = (uint8_t)flags };
	return t + 1;
}

/* pp outside a directive: no count of its tokens reaches 1 or 2. */
#define PP_NONE ((size_t)1 << (8 * sizeof(size_t) - 2))

/*
 * One pass, the lexer's state in locals (no store of a token can change
 * them): p the next byte, t the next token; line the flags every token
 * of the line takes - TF_BOL while nothing but comments came since the
 * newline, TF_PP in a directive; pp the directive's tokens so far ('#'
 * the first); depth the code braces open (below 0: closed too many).  A
 * code brace that leaves depth 0 or comes back to it starts or ends a
 * span of tl->body.
 */
int tokenize(const char *buf, size_t len, struct token_list *tl)
{
	const char *p = buf, *end = buf + len, *start;
	struct token *t = tl->tok, *limit = tl->tok + tl->alloc;
	unsigned int line = TF_BOL;
	size_t pp = PP_NONE;
	bool pp_include = false;
	long depth = 0, step;
	uint8_t flags, type;
	unsigned char c;

	if (!cclass['a'])
		init_cclass();
	tl->nr_hash = 0;
	tl->nr_body = 0;
	tl->nr_aggr = 0;
	for (;;) {
		c = cclass[(unsigned char)*p];
		if (c == C_SPACE) {
			c = cclass[(unsigned char)*++p];
			if (c == C_SPACE) {	/* a run: alignment, as a rule */
				p = blank_run16(p, end);
				c = cclass[(unsigned char)*p];
			}
			while (c == C_SPACE)
				c = cclass[(unsigned char)*++p];
		}
		if (c == C_NL) {	/* a directive ends with its line */
			p++;
			line = TF_BOL;
			pp = PP_NONE;
			continue;
		}
		if (t == limit && make_room(tl, &t, &limit))
			return -ENOMEM;
		start = p;
		flags = 0;
		if (c == C_IDENT) {
			p = ident_bytes(p, end);
			type = TOKEN_IDENT;
			if (ident_more[(unsigned char)*p]) {
				if (*p == '\\')
					p = ident_splices(p, end, &flags);
				if ((*p == '"' || *p == '\'') &&
				    !(flags & TF_SPLICE) &&
				    is_string_prefix(start, (size_t)(p - start))) {
					type = *p == '"' ? TOKEN_STRING : TOKEN_CHAR;
					p = eat_string(p, &flags);
				}
			}
			if (pp == 1 && type == TOKEN_IDENT)	/* the keyword */
				pp_include = is_include(start,
							(size_t)(p - start));
			if (type == TOKEN_IDENT &&
			    may_be_aggregate_kw(start, (size_t)(p - start),
						flags) &&
			    add_index(&tl->aggr, &tl->nr_aggr, &tl->alloc_aggr,
				      (size_t)(t - tl->tok)))
				return -ENOMEM;
		} else if (c == C_PUNCT1) {
			p++;
			type = TOKEN_SPECIAL;
		} else {
			switch (c) {
			case C_NUL:
				goto eof;
			case C_DIGIT:
				p = number_end(p);
				type = TOKEN_NUMBER;
				break;
			case C_DOT:
				if (cclass[(unsigned char)p[1]] == C_DIGIT) {
					p = number_end(p);
					type = TOKEN_NUMBER;
					break;
				}
				goto special;
			case C_QUOTE:
				type = *p == '"' ? TOKEN_STRING : TOKEN_CHAR;
				p = eat_string(p, &flags);
				break;
			case C_BRACE:
				step = *start == '{' ? 1 : -1;
				t = emit(t, buf, start, ++p, TOKEN_SPECIAL,
					 line | ((line & TF_PP) ? 0 :
						 step > 0 ? TF_LBRACE : TF_RBRACE));
				line &= ~(unsigned int)TF_BOL;
				pp++;
				if (line & TF_PP)
					continue;
				if ((depth != 0) != (depth + step != 0) &&
				    add_index(&tl->body, &tl->nr_body,
					      &tl->alloc_body,
					      (size_t)(t - tl->tok) - 1))
					return -ENOMEM;
				depth += step;
				continue;
			case C_SLASH:
				if (p[1] != '*' && p[1] != '/')
					goto special;
				p = p[1] == '*' ?
				    stream_comment_end(p, end, &flags) :
				    line_comment_end(p, &flags);
				t = emit(t, buf, start, p, TOKEN_COMMENT,
					 flags | line);
				continue;	/* no token of the line's */
			case C_LT:
				if (pp == 2 && pp_include) {
					p = header_name_end(p, &flags);
					type = TOKEN_HEADER;
					break;
				}
				goto special;
			case C_HASH:
				if (line != TF_BOL)
					goto special;
				/* a directive begins: '#' has TF_BOL and TF_PP */
				p += special_len(p);
				t = emit(t, buf, start, p, TOKEN_SPECIAL,
					 TF_BOL | TF_PP);
				line = TF_PP;
				pp = 1;
				pp_include = false;
				if (add_index(&tl->hash, &tl->nr_hash,
					      &tl->alloc_hash,
					      (size_t)(t - tl->tok) - 1))
					return -ENOMEM;
				continue;
			case C_BACKSLASH:
				if (skip_splices(p) != p) {	/* between tokens */
					p = skip_splices(p);
					continue;
				}
				goto special;
			default:
special:
				p += special_len(p);
				type = TOKEN_SPECIAL;
				break;
			}
		}
		t = emit(t, buf, start, p, type, flags | line);
		line &= ~(unsigned int)TF_BOL;
		pp++;
	}
eof:
	if (t == limit && make_room(tl, &t, &limit))
		return -ENOMEM;
	t = emit(t, buf, end, end, TOKEN_EOF, 0);
	tl->nr = (size_t)(t - tl->tok);
	if (tl->nr_body % 2)	/* a body the file leaves open */
		return add_index(&tl->body, &tl->nr_body, &tl->alloc_body,
				 tl->nr - 1);
	return 0;
}

void token_list_free(struct token_list *tl)
{
	free(tl->tok);
	free(tl->hash);
	free(tl->body);
	free(tl->aggr);
	tl->tok = NULL;
	tl->hash = NULL;
	tl->body = NULL;
	tl->aggr = NULL;
	tl->nr = tl->alloc = 0;
	tl->nr_hash = tl->alloc_hash = 0;
	tl->nr_body = tl->alloc_body = 0;
	tl->nr_aggr = tl->alloc_aggr = 0;
}

/*
 * Are the len bytes at p the word w, NUL-terminated?  Byte by byte with
 * no call: a text has no NUL byte (source.h), so w's NUL differs from
 * p's byte there and ends the loop before w is read past its end.
 */
static inline bool spelt(const char *p, size_t len, const char *w)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i] != w[i])
			return false;
	return !w[len];
}

bool token_is_spelt(const char *buf, const struct token *t, const char *s)
{
	const char *p = buf + t->pos;
	const char *end = p + t->len;

	if (!(t->flags & TF_SPLICE))	/* no strlen(s) */
		return spelt(p, t->len, s);
	while (p < end) {
		p = skip_splices(p);
		if (p == end || *p != *s)
			return false;
		p++;
		s++;
	}
	return !*s;
}

bool token_in(const char *buf, const struct token *t,
	      const char *const *words, size_t n)
{
	const char *p = buf + t->pos;
	size_t k;

	if (!(t->flags & TF_SPLICE)) {	/* token_is() without a call a word */
		for (k = 0; k < n; k++)
			if (words[k][0] == *p && spelt(p, t->len, words[k]))
				return true;
		return false;
	}
	for (k = 0; k < n; k++)
		if (token_is(buf, t, words[k]))
			return true;
	return false;
}

void word_set_make(struct word_set *ws)
{
	size_t k;
	unsigned int pair;

	for (k = 0; k < ws->n; k++) {
		pair = word_pair(strlen(ws->words[k]),
				 (unsigned char)ws->words[k][0]);
		ws->pairs[pair >> 6] |= 1ull << (pair & 63);
	}
	ws->made = true;
}

const char *show_token_type(enum token_type type)
{
	static const char *const names[] = {
		[TOKEN_EOF] = "eof", [TOKEN_IDENT] = "ident",
		[TOKEN_NUMBER] = "number", [TOKEN_STRING] = "string",
		[TOKEN_CHAR] = "char", [TOKEN_HEADER] = "header",
		[TOKEN_SPECIAL] = "special", [TOKEN_COMMENT] = "comment",
	};

	return (unsigned int)type < sizeof(names) / sizeof(names[0]) ?
	       names[type] : "?";
}
