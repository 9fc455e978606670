// SPDX-License-Identifier: GPL-2.0
/*
 * param.c: the module-parm rule.  MODULE_PARM(var, "type") becomes
 * module_param(), module_param_array() or module_param_string(); the C
 * type comes from var's declaration in the file, checked against the
 * type string's letter.  What cannot be mapped is reported, never guessed.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "porter.h"

#define PARM_RULE "module-parm"

struct parm {
	size_t name, close;	/* MODULE_PARM token, its ')' */
	size_t var;		/* the variable's token */
	char type[64];		/* the string pieces, concatenated */
	bool modstr;		/* __MODULE_STRING() in the type */
	char letter;		/* i l h b s, or c for a string */
};

struct decl_info {
	bool found, array, pointer;
	char ctype[16];		/* int, uint, long, ..., charp */
};

static const char *const base_types[][2] = {
	{ "int", "int" }, { "unsigned int", "uint" }, { "unsigned", "uint" },
	{ "long", "long" }, { "unsigned long", "ulong" },
	{ "long int", "long" }, { "unsigned long int", "ulong" },
	{ "short", "short" }, { "unsigned short", "ushort" },
	{ "short int", "short" }, { "unsigned short int", "ushort" },
	{ "char", "byte" }, { "unsigned char", "byte" }, { "u8", "byte" },
	{ "u16", "ushort" }, { "u32", "uint" }, { "bool", "bool" },
};

static bool skip_word(const char *buf, const struct token *t)
{
	return match_ident(buf, t, "static") || match_ident(buf, t, "const") ||
	       match_ident(buf, t, "volatile") ||
	       match_ident(buf, t, "__initdata") ||
	       match_ident(buf, t, "__devinitdata") ||
	       match_ident(buf, t, "signed");
}

/* The base type words before the name, as "unsigned long". */
static bool read_base(const struct porter *pt, size_t name, char *words,
		      size_t size, bool *pointer)
{
	const struct token_list *tl = pt->tl;
	size_t i = name, n = 0;
	char tmp[64];

	*words = 0;
	while (i > 0) {
		const struct token *t = &tl->tok[--i];

		if (t->type == TOKEN_COMMENT)
			continue;
		if (match_op(pt->buf, t, '*') && !n && !*pointer) {
			*pointer = true;
			continue;
		}
		if (t->type != TOKEN_IDENT || (t->flags & TF_PP))
			break;
		if (skip_word(pt->buf, t))
			continue;
		if (t->len + strlen(words) + 2 > sizeof(tmp) ||
		    t->len + strlen(words) + 2 > size)
			return false;
		memcpy(tmp, pt->buf + t->pos, t->len);
		tmp[t->len] = *words ? ' ' : 0;
		strcpy(tmp + t->len + !!*words, words);
		strcpy(words, tmp);
		n++;
	}
	return n > 0 && (i == 0 || tl->tok[i].flags & TF_PP ||
			 match_op(pt->buf, &tl->tok[i], ';') ||
			 match_op(pt->buf, &tl->tok[i], '}') ||
			 match_op(pt->buf, &tl->tok[i], '{'));
}

/* The variable's declaration: the first NAME followed by [ = ; or ,. */
static void find_decl(const struct porter *pt, const struct token *var,
		      struct decl_info *di)
{
	const struct token_list *tl = pt->tl;
	char words[64];
	size_t i, k;

	memset(di, 0, sizeof(*di));
	for (i = 1; tl->tok[i].type != TOKEN_EOF; i++) {
		const struct token *t = &tl->tok[i], *nx;

		if (t->type != TOKEN_IDENT || (t->flags & TF_PP) ||
		    t->len != var->len ||
		    memcmp(pt->buf + t->pos, pt->buf + var->pos, t->len))
			continue;
		nx = &tl->tok[next_code(tl, i)];
		if (!match_op(pt->buf, nx, '[') && !match_op(pt->buf, nx, '=') &&
		    !match_op(pt->buf, nx, ';') && !match_op(pt->buf, nx, ','))
			continue;
		di->pointer = false;
		if (!read_base(pt, i, words, sizeof(words), &di->pointer))
			continue;
		di->found = true;
		di->array = match_op(pt->buf, nx, '[');
		for (k = 0; k < sizeof(base_types) / sizeof(base_types[0]); k++)
			if (!strcmp(words, base_types[k][0]))
				snprintf(di->ctype, sizeof(di->ctype), "%s",
					 base_types[k][1]);
		if (di->pointer)
			snprintf(di->ctype, sizeof(di->ctype), "%s",
				 !strcmp(words, "char") ? "charp" : "");
		return;
	}
}

/* The type argument: string literals and __MODULE_STRING(X) pieces. */
static bool read_type(const struct porter *pt, size_t i, struct parm *p)
{
	const struct token_list *tl = pt->tl;
	size_t n = 0;

	for (; !match_op(pt->buf, &tl->tok[i], ')'); i = next_code(tl, i)) {
		const struct token *t = &tl->tok[i];

		if (t->type == TOKEN_STRING && pt->buf[t->pos] == '"' &&
		    !(t->flags & TF_SPLICE) && n + t->len < sizeof(p->type)) {
			memcpy(p->type + n, pt->buf + t->pos + 1, t->len - 2);
			n += t->len - 2;
		} else if (match_ident(pt->buf, t, "__MODULE_STRING")) {
			i = next_code(tl, next_code(tl, next_code(tl, i)));
			if (!match_op(pt->buf, &tl->tok[i], ')'))
				return false;
			p->modstr = true;
		} else {
			return false;
		}
	}
	p->type[n] = 0;
	p->close = i;
	return n > 0;
}

/* The letter: the last character, or c for "[N-M]c<N>". */
static char type_letter(const char *s)
{
	const char *c = strrchr(s, 'c');
	size_t n = strlen(s);

	if (c && c[1] && strspn(c + 1, "0123456789") == strlen(c + 1))
		return 'c';
	return strchr("ilhbs", s[n - 1]) ? s[n - 1] : 0;
}

static bool letter_fits(char letter, const char *ctype)
{
	switch (letter) {
	case 'i':
		return !strcmp(ctype, "int") || !strcmp(ctype, "uint");
	case 'l':
		return !strcmp(ctype, "long") || !strcmp(ctype, "ulong");
	case 'h':
		return !strcmp(ctype, "short") || !strcmp(ctype, "ushort");
	case 'b':
		return !strcmp(ctype, "byte");
	case 's':
		return !strcmp(ctype, "charp");
	}
	return false;
}

static int report(struct porter *pt, const struct parm *p, const char *why)
{
	return add_finding(pt, pt->tl->tok[p->name].pos, PARM_RULE,
			   SEV_WARNING, false,
			   "MODULE_PARM() is gone since 2.6.17 (the build fails on it); %s: convert it to module_param() by hand",
			   why);
}

/* The replacement text, or a reason it cannot be made. */
static const char *plan(const struct porter *pt, const struct parm *p,
			char *text, size_t size)
{
	const char *perm = pt->opts->param_perm ? pt->opts->param_perm : "0";
	const struct token *v = &pt->tl->tok[p->var];
	int n = (int)v->len;
	const char *var = pt->buf + v->pos;
	bool ranged = p->modstr || strchr(p->type, '-') ||
		      (p->type[0] >= '0' && p->type[0] <= '9');
	struct decl_info di;

	find_decl(pt, v, &di);
	if (!di.found)
		return "no declaration of the variable in this file";
	if (p->letter == 'c') {
		if (!di.array || di.pointer || strcmp(di.ctype, "byte"))
			return "a \"c\" string type on a variable that is not a char array";
		snprintf(text, size, "module_param_string(%.*s, %.*s, sizeof(%.*s), %s)",
			 n, var, n, var, n, var, perm);
		return NULL;
	}
	if (!p->letter || !letter_fits(p->letter, di.ctype))
		return "its type string does not match the variable's declared type";
	if (di.array != ranged)
		return di.array ? "an array without a count range in its type string" :
				  "a count range on a variable that is not an array";
	if (di.array)
		snprintf(text, size, "module_param_array(%.*s, %s, NULL, %s)",
			 n, var, di.ctype, perm);
	else
		snprintf(text, size, "module_param(%.*s, %s, %s)", n, var,
			 di.ctype, perm);
	return NULL;
}

/* MODULE_PARM at token i (code); *converted counts the conversions. */
int rule_module_parm(struct porter *pt, size_t i, bool *converted)
{
	const struct token_list *tl = pt->tl;
	struct parm p = { .name = i };
	size_t lp = next_code(tl, i), comma;
	const char *why;
	char text[256];

	if (tl->tok[i].flags & TF_PP)
		return report(pt, &p, "inside a macro");
	if (!match_op(pt->buf, &tl->tok[lp], '('))
		return 0;
	p.var = next_code(tl, lp);
	comma = next_code(tl, p.var);
	if (tl->tok[p.var].type != TOKEN_IDENT ||
	    !match_op(pt->buf, &tl->tok[comma], ',') ||
	    !read_type(pt, next_code(tl, comma), &p))
		return report(pt, &p, "not MODULE_PARM(variable, \"type\")");
	p.letter = type_letter(p.type);
	why = plan(pt, &p, text, sizeof(text));
	if (why)
		return report(pt, &p, why);
	if (add_finding(pt, tl->tok[i].pos, PARM_RULE, SEV_WARNING, true,
			"MODULE_PARM() is gone since 2.6.17 (the build fails on it): use %s",
			text))
		return -ENOMEM;
	*converted = true;
	return add_edit(pt, tl->tok[i].pos,
			tok_end(&tl->tok[p.close]) - tl->tok[i].pos, text);
}
