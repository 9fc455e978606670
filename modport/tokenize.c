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

#include "token.h"

enum {
	C_OTHER, C_SPACE, C_NL, C_IDENT, C_DIGIT, C_DOT, C_QUOTE, C_SLASH,
	C_HASH, C_BACKSLASH, C_LT, C_NUL,
};

/* Character classes; bytes >= 0x80 are identifier characters (UTF-8). */
static unsigned char cclass[256];
static bool is_ident[256];	/* C_IDENT or C_DIGIT */
static bool is_number[256];	/* C_IDENT, C_DIGIT or C_DOT */

static void init_cclass(void)
{
	int c;

	for (c = 0; c < 256; c++)
		cclass[c] = c >= 0x80 ? C_IDENT : C_OTHER;
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
	cclass[0] = C_NUL;
	for (c = 0; c < 256; c++) {
		is_ident[c] = cclass[c] == C_IDENT || cclass[c] == C_DIGIT;
		is_number[c] = is_ident[c] || cclass[c] == C_DOT;
	}
}

struct lexer {
	const char *buf;
	const char *end;	/* buf + len, where the NUL is */
	const char *p;
	struct token_list *tl;
	bool bol;		/* nothing but comments since the newline */
	bool in_pp;		/* inside a directive */
	int pp_count;		/* tokens of the directive so far */
	bool pp_include;	/* directive is #include: <...> is a header */
	uint8_t flags;		/* of the token being read */
	long depth;		/* code braces open (below 0: closed too many) */
};

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

static inline __attribute__((always_inline)) int
add_token(struct lexer *lx, enum token_type type, const char *start)
{
	struct token_list *tl = lx->tl;
	struct token *t;

	if (tl->nr == tl->alloc && grow(tl))
		return -ENOMEM;
	t = &tl->tok[tl->nr++];
	t->pos = (uint32_t)(start - lx->buf);
	t->len = (uint32_t)(lx->p - start);
	t->type = (uint8_t)type;
	t->flags = lx->flags | (lx->bol ? TF_BOL : 0) | (lx->in_pp ? TF_PP : 0);
	lx->flags = 0;
	if (type == TOKEN_COMMENT)
		return 0;
	lx->bol = false;
	if (lx->in_pp)
		lx->pp_count++;
	return 0;
}

/*
 * Past the identifier bytes at p (is_ident[], splices aside): sixteen at
 * a time while sixteen are left before end, the rest one by one.
 */
static inline __attribute__((always_inline)) const char *
ident_bytes(const char *p, const char *end)
{
#if defined(__SSE2__)
	while (end - p >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)p);
		__m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
		__m128i digit = _mm_and_si128(
			_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
			_mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
		/* A-Z or a-z: with bit 5 set, a-z; no other byte becomes one */
		__m128i letter = _mm_and_si128(
			_mm_cmpgt_epi8(folded, _mm_set1_epi8('a' - 1)),
			_mm_cmplt_epi8(folded, _mm_set1_epi8('z' + 1)));
		__m128i other = _mm_or_si128(
			_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('_')),
				     _mm_cmpeq_epi8(v, _mm_set1_epi8('$'))),
			_mm_cmplt_epi8(v, _mm_setzero_si128()));	/* >= 0x80 */
		unsigned int in = (unsigned int)_mm_movemask_epi8(
			_mm_or_si128(_mm_or_si128(digit, letter), other));

		if (in != 0xffff)
			return p + __builtin_ctz(~in);
		p += 16;
	}
#else
	(void)end;
#endif
	while (is_ident[(unsigned char)*p])
		p++;
	return p;
}

/* Identifier characters, across splices. */
static const char *eat_ident_chars(struct lexer *lx, const char *p)
{
	for (;;) {
		unsigned char k;

		p = ident_bytes(p, lx->end);
		k = cclass[(unsigned char)*p];
		if (k == C_BACKSLASH && skip_splices(p) != p) {
			p = skip_splices(p);
			lx->flags |= TF_SPLICE;
		} else {
			return p;
		}
	}
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

/* A string or character literal; p is at the opening quote. */
static int eat_string(struct lexer *lx, const char *start, const char *p)
{
	char quote = *p++;

	for (;;) {
		char c = *p;

		if (c == quote) {
			p++;
			break;
		}
		if (c == '\n' && quote == '"' &&
		    ((lx->flags & TF_NEWLINE) || string_goes_on(p))) {
			lx->flags |= TF_NEWLINE;
			p++;
			continue;
		}
		if (c == '\n' || c == 0) {
			lx->flags |= TF_OPEN;
			break;
		}
		if (c == '\\') {
			if (p[1] == '\n' || (p[1] == '\r' && p[2] == '\n'))
				lx->flags |= TF_SPLICE;
			p += (p[1] == '\r' && p[2] == '\n') ? 3 : p[1] ? 2 : 1;
			continue;
		}
		p++;
	}
	lx->p = p;
	return add_token(lx, quote == '"' ? TOKEN_STRING : TOKEN_CHAR, start);
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

static inline __attribute__((always_inline)) int
get_one_identifier(struct lexer *lx)
{
	const char *start = lx->p;
	const char *p = eat_ident_chars(lx, start);

	if ((*p == '"' || *p == '\'') && !(lx->flags & TF_SPLICE) &&
	    is_string_prefix(start, (size_t)(p - start)))
		return eat_string(lx, start, p);
	if (lx->in_pp && lx->pp_count == 1)
		lx->pp_include = is_include(start, (size_t)(p - start));
	lx->p = p;
	return add_token(lx, TOKEN_IDENT, start);
}

/* A preprocessing number: digits, letters, dots, and e+ e- p+ p-. */
static int get_one_number(struct lexer *lx)
{
	const char *start = lx->p;
	const char *p = start;

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
			break;
	}
	lx->p = p;
	return add_token(lx, TOKEN_NUMBER, start);
}

/* Slash-star comment; p is at the slash.  EOF inside: TF_OPEN. */
static int drop_stream_comment(struct lexer *lx)
{
	const char *start = lx->p;
	const char *p = start + 2;

#if defined(__SSE2__)
	/* "*" then "/", sixteen places at a time, while 17 bytes are left */
	while (lx->end - p >= 17) {
		__m128i star = _mm_cmpeq_epi8(
			_mm_loadu_si128((const __m128i *)p), _mm_set1_epi8('*'));
		__m128i slash = _mm_cmpeq_epi8(
			_mm_loadu_si128((const __m128i *)(p + 1)),
			_mm_set1_epi8('/'));
		unsigned int at = (unsigned int)_mm_movemask_epi8(
			_mm_and_si128(star, slash));

		if (at) {
			lx->p = p + __builtin_ctz(at) + 2;
			return add_token(lx, TOKEN_COMMENT, start);
		}
		p += 16;
	}
#endif
	for (;;) {
		p = strchr(p, '*');
		if (!p) {
			p = start + strlen(start);
			lx->flags |= TF_OPEN;
			break;
		}
		if (p[1] == '/') {
			p += 2;
			break;
		}
		p++;
	}
	lx->p = p;
	return add_token(lx, TOKEN_COMMENT, start);
}

/* Slash-slash comment: up to the newline, which a splice continues. */
static int drop_line_comment(struct lexer *lx)
{
	const char *start = lx->p;
	const char *p = start + 2;

	for (;;) {
		const char *nl = strchr(p, '\n');

		if (!nl) {
			p = start + strlen(start);
			break;
		}
		p = nl;
		if (nl[-1] == '\\' || (nl[-1] == '\r' && nl[-2] == '\\')) {
			lx->flags |= TF_SPLICE;
			p = nl + 1;
			continue;
		}
		if (p[-1] == '\r')
			p--;
		break;
	}
	lx->p = p;
	return add_token(lx, TOKEN_COMMENT, start);
}

/* A header name <...> of an #include; unterminated at the newline. */
static int get_header_name(struct lexer *lx)
{
	const char *start = lx->p;
	const char *p = start + 1;

	while (*p != '>' && *p != '\n' && *p)
		p++;
	if (*p == '>')
		p++;
	else
		lx->flags |= TF_OPEN;
	lx->p = p;
	return add_token(lx, TOKEN_HEADER, start);
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

/* Note token index i, where a span of tl->body starts or ends. */
static int add_body(struct token_list *tl, size_t i)
{
	return add_index(&tl->body, &tl->nr_body, &tl->alloc_body, i);
}

/*
 * The code brace just added (a '{' or '}' outside a directive) moves the
 * depth: a span of the body list starts where it leaves 0, ends where it
 * comes back.
 */
static int brace(struct lexer *lx, char c)
{
	bool was = lx->depth != 0;

	lx->depth += c == '{' ? 1 : -1;
	if (was == (lx->depth != 0))
		return 0;
	return add_body(lx->tl, lx->tl->nr - 1);
}

/* Note the directive whose '#' is the token just added. */
static int add_hash(struct token_list *tl)
{
	return add_index(&tl->hash, &tl->nr_hash, &tl->alloc_hash, tl->nr - 1);
}

static inline __attribute__((always_inline)) int
get_one_special(struct lexer *lx)
{
	const char *start = lx->p;
	bool directive = *start == '#' && lx->bol && !lx->in_pp;

	lx->p += special_len(start);
	if (directive) {
		lx->in_pp = true;
		lx->pp_count = 0;
		lx->pp_include = false;
		/* its flags: TF_PP and TF_BOL, which no other token has both */
		if (add_token(lx, TOKEN_SPECIAL, start))
			return -ENOMEM;
		return add_hash(lx->tl);
	}
	if (add_token(lx, TOKEN_SPECIAL, start))
		return -ENOMEM;
	if ((*start == '{' || *start == '}') && !lx->in_pp)
		return brace(lx, *start);
	return 0;
}

static void end_line(struct lexer *lx)
{
	lx->p++;
	lx->bol = true;
	lx->in_pp = false;
}

/* One token (or a run of white space); returns -ENOMEM, 0, or 1 at EOF. */
static inline __attribute__((always_inline)) int
get_one_token(struct lexer *lx)
{
	const char *p = lx->p;

	/* white space, and a newline with the next line's indentation */
	for (;;) {
		if (cclass[(unsigned char)*p] == C_SPACE) {
			do
				p++;
			while (cclass[(unsigned char)*p] == C_SPACE);
			lx->p = p;
		}
		if (cclass[(unsigned char)*p] != C_NL)
			break;
		end_line(lx);
		p = lx->p;
	}
	switch (cclass[(unsigned char)*p]) {
	case C_NUL:
		return 1;
	case C_IDENT:
		return get_one_identifier(lx);
	case C_DIGIT:
		return get_one_number(lx);
	case C_DOT:
		if (cclass[(unsigned char)p[1]] == C_DIGIT)
			return get_one_number(lx);
		return get_one_special(lx);
	case C_QUOTE:
		return eat_string(lx, p, p);
	case C_SLASH:
		if (p[1] == '*')
			return drop_stream_comment(lx);
		if (p[1] == '/')
			return drop_line_comment(lx);
		return get_one_special(lx);
	case C_LT:
		if (lx->in_pp && lx->pp_include && lx->pp_count == 2)
			return get_header_name(lx);
		return get_one_special(lx);
	case C_BACKSLASH:
		if (skip_splices(p) != p) {
			lx->p = skip_splices(p);
			return 0;
		}
		return get_one_special(lx);
	default:
		return get_one_special(lx);
	}
}

int tokenize(const char *buf, size_t len, struct token_list *tl)
{
	struct lexer lx = { .buf = buf, .end = buf + len, .p = buf, .tl = tl,
			    .bol = true };
	int ret;

	if (!cclass['a'])
		init_cclass();
	tl->nr = 0;
	tl->nr_hash = 0;
	tl->nr_body = 0;
	while (!(ret = get_one_token(&lx)))
		;
	if (ret < 0)
		return ret;
	lx.p = buf + len;
	lx.bol = false;
	lx.in_pp = false;
	if (add_token(&lx, TOKEN_EOF, buf + len))
		return -ENOMEM;
	if (tl->nr_body % 2)	/* a body the file leaves open */
		return add_body(tl, tl->nr - 1);
	return 0;
}

void token_list_free(struct token_list *tl)
{
	free(tl->tok);
	free(tl->hash);
	free(tl->body);
	tl->tok = NULL;
	tl->hash = NULL;
	tl->body = NULL;
	tl->nr = tl->alloc = 0;
	tl->nr_hash = tl->alloc_hash = 0;
	tl->nr_body = tl->alloc_body = 0;
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
