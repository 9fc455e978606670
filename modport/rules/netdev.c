// SPDX-License-Identifier: GPL-2.0
/*
 * netdev.c: struct net_device across kernels, as the kernel's maintainers
 * converted it, in a file that uses a net_device:
 *
 *	netdev-ops		dev->open = f; dev->hard_start_xmit = g; ...
 *				in one function's top-level block ->
 *				dev->netdev_ops = &P_netdev_ops; and a
 *				static const struct net_device_ops before
 *				the function (.ndo_open = f, ...); the
 *				transmit function returns netdev_tx_t, the
 *				timeout one takes the queue (5.6)
 *	header-ops		dev->hard_header = f (and rebuild_header,
 *				hard_header_cache) -> a static const struct
 *				header_ops with .create = f, whose address
 *				parameters are const
 *	netdev-priv		dev->priv read -> netdev_priv(dev)
 *	trans-start		dev->trans_start = jiffies; ->
 *				netif_trans_update(dev); a read ->
 *				dev_trans_start(dev)
 *	pci-module-init		pci_module_init() -> pci_register_driver()
 *	alloc-netdev-name	alloc_netdev(size, name, setup) ->
 *				alloc_netdev(size, name, NET_NAME_UNKNOWN,
 *				setup)
 *	netif-f-no-csum		NETIF_F_NO_CSUM -> NETIF_F_HW_CSUM
 *	kfree-skb-irq		dev_kfree_skb() in an interrupt handler ->
 *				dev_kfree_skb_irq()
 *	set-module-owner	SET_MODULE_OWNER(dev); goes (a no-op since
 *				2.6); in a file without a net_device, or one
 *				that defines it, it is reported
 *	dev-addr		memcpy(dev->dev_addr, a, ETH_ALEN); ->
 *				eth_hw_addr_set(dev, a); dev->dev_addr[i] = v;
 *				and dev->dev_addr[i]++; -> dev_addr_mod()
 *				(dev_addr is const since 5.17)
 *	napi			dev->poll, dev->weight, dev->quota: reported
 *
 * A shape the rule cannot convert safely is reported, with the reason.
 */
#include <stdlib.h>
#include <string.h>

#include "../engine.h"
#include "../target.h"

enum {
	W_NET_DEVICE, W_PRIV, W_TRANS_START, W_PCI_MODULE_INIT,
	W_ALLOC_NETDEV, W_NO_CSUM, W_KFREE_SKB, W_POLL, W_WEIGHT, W_QUOTA,
	W_OWNER, W_DEV_ADDR,
	W_METHOD,	/* the methods, from here on (methods[]) */
};

/* net_device's method pointers, their net_device_ops or header_ops name. */
static const struct method {
	const char *old, *ndo;
	bool header;	/* a header_ops member ("": it goes) */
} methods[] = {
	{ "open", "ndo_open", false },
	{ "stop", "ndo_stop", false },
	{ "hard_start_xmit", "ndo_start_xmit", false },
	{ "get_stats", "ndo_get_stats", false },
	{ "set_multicast_list", "ndo_set_rx_mode", false },
	{ "set_mac_address", "ndo_set_mac_address", false },
	{ "do_ioctl", "ndo_do_ioctl", false },
	{ "tx_timeout", "ndo_tx_timeout", false },
	{ "change_mtu", "ndo_change_mtu", false },
	{ "set_config", "ndo_set_config", false },
	{ "poll_controller", "ndo_poll_controller", false },
	{ "hard_header", "create", true },
	{ "rebuild_header", "", true },
	{ "hard_header_cache", "cache", true },
	{ "header_cache_update", "cache_update", true },
};

#define NR_METHODS (sizeof(methods) / sizeof(methods[0]))

static const char *words[W_METHOD + NR_METHODS + 1] = {
	[W_NET_DEVICE] = "net_device",
	[W_PRIV] = "priv",
	[W_TRANS_START] = "trans_start",
	[W_PCI_MODULE_INIT] = "pci_module_init",
	[W_ALLOC_NETDEV] = "alloc_netdev",
	[W_NO_CSUM] = "NETIF_F_NO_CSUM",
	[W_KFREE_SKB] = "dev_kfree_skb",
	[W_POLL] = "poll",
	[W_WEIGHT] = "weight",
	[W_QUOTA] = "quota",
	[W_OWNER] = "SET_MODULE_OWNER",
	[W_DEV_ADDR] = "dev_addr",
};

/* In rules.def's order: the family runs at set-module-owner's place. */
static const enum rule_id rules[] = {
	R_SET_MODULE_OWNER, R_NETDEV_OPS, R_HEADER_OPS, R_NETDEV_PRIV,
	R_TRANS_START, R_PCI_MODULE_INIT, R_ALLOC_NETDEV_NAME,
	R_NETIF_F_NO_CSUM, R_KFREE_SKB_IRQ, R_NAPI, R_DEV_ADDR, NR_RULES
};

struct ctx {
	struct porter *pt;
	const struct token_list *tl;
	const struct token *tok;
	const char *buf;
	struct target tg;
	size_t *nd;		/* the tokens "net_device" of live code */
	size_t nr_nd, alloc_nd;
};

/* One "X->m = v;" of a method. */
struct set {
	size_t x, m, v, semi;	/* v: the function's name, or SCAN_NONE */
	size_t func;		/* the '{' of the function it is in */
	int method;		/* index in methods[] */
	bool top;		/* a statement of the function's own block */
	bool null;		/* set to NULL: the line just goes */
};

static bool op(const struct ctx *c, size_t i, const char *s)
{
	return i != SCAN_NONE && c->tok[i].type == TOKEN_SPECIAL &&
	       token_is(c->buf, &c->tok[i], s);
}

static bool ident(const struct ctx *c, size_t i, const char *s)
{
	return i != SCAN_NONE && match_ident(c->buf, &c->tok[i], s);
}

static bool same(const struct ctx *c, size_t i, size_t j)
{
	return i != SCAN_NONE && j != SCAN_NONE &&
	       c->tok[i].type == TOKEN_IDENT && c->tok[j].type == TOKEN_IDENT &&
	       c->tok[i].len == c->tok[j].len &&
	       !memcmp(c->buf + c->tok[i].pos, c->buf + c->tok[j].pos,
		       c->tok[i].len);
}

static size_t next(const struct ctx *c, size_t i)
{
	return next_code(c->tl, i);
}

static size_t prev(const struct ctx *c, size_t i)
{
	return code_before(c->tl, i);
}

static const char *text_of(const struct ctx *c, size_t i, int *len)
{
	*len = (int)c->tok[i].len;
	return c->buf + c->tok[i].pos;
}

/*
 * Is the identifier at x declared as a struct net_device * by its nearest
 * pointer declaration before it ("TYPE *x" followed by , ) ; = or [)?
 */
static bool netdev_var(const struct ctx *c, size_t x)
{
	size_t i, star, after;

	if (!c->nr_nd || c->nd[0] > x)
		return false;
	for (i = prev(c, x); i != SCAN_NONE; i = prev(c, i)) {
		if (!same(c, i, x))
			continue;
		star = prev(c, i);
		after = next(c, i);
		if (!op(c, star, "*") || star == SCAN_NONE ||
		    c->tok[prev(c, star)].type != TOKEN_IDENT ||
		    !(op(c, after, ",") || op(c, after, ")") ||
		      op(c, after, ";") || op(c, after, "=") ||
		      op(c, after, "[")))
			continue;
		return ident(c, prev(c, star), "net_device");
	}
	return false;
}

/*
 * "X->m" or "X[i]->m" at member m, X an identifier: X's token, else
 * SCAN_NONE.  The base's text runs from there to the "->".
 */
static size_t arrow_base(const struct ctx *c, size_t m)
{
	size_t a = prev(c, m), x = prev(c, a);

	if (!op(c, a, "->") || x == SCAN_NONE)
		return SCAN_NONE;
	if (op(c, x, "]")) {
		x = match_open(c->buf, c->tl, x, '[', ']');
		x = x == SCAN_NONE ? SCAN_NONE : prev(c, x);
	}
	if (x == SCAN_NONE || c->tok[x].type != TOKEN_IDENT ||
	    op(c, prev(c, x), "->") || op(c, prev(c, x), ".") ||
	    !netdev_var(c, x))
		return SCAN_NONE;
	return x;
}

/* The text of the base at x, for member m: "X" or "X[i]". */
static const char *base_text(const struct ctx *c, size_t x, size_t m,
			     int *len)
{
	size_t end = c->tok[prev(c, m)].pos;

	while (end > c->tok[x].pos && (c->buf[end - 1] == ' ' ||
				       c->buf[end - 1] == '\t'))
		end--;
	*len = (int)(end - c->tok[x].pos);
	return c->buf + c->tok[x].pos;
}

/* Does the statement at token i start a statement ( ; { } before it)? */
static bool starts_statement(const struct ctx *c, size_t i)
{
	size_t p = prev(c, i);

	return op(c, p, ";") || op(c, p, "{") || op(c, p, "}");
}

/* X->m = v; or X->m = &v; at member m (a hit of depth > 0). */
static bool read_set(const struct ctx *c, const struct hit *h,
		     struct set *s)
{
	size_t m = h->tok, eq = next(c, m), v;

	s->x = arrow_base(c, m);
	if (s->x == SCAN_NONE || !op(c, eq, "="))
		return false;
	s->m = m;
	s->func = h->func;
	s->method = h->word - W_METHOD;
	v = next(c, eq);
	if (op(c, v, "&"))
		v = next(c, v);
	s->v = c->tok[v].type == TOKEN_IDENT && op(c, next(c, v), ";") ?
	       v : SCAN_NONE;
	s->semi = s->v != SCAN_NONE ? next(c, s->v) : SCAN_NONE;
	s->null = ident(c, s->v, "NULL");
	if (s->null)
		s->v = SCAN_NONE;
	s->top = h->depth == 1 && starts_statement(c, s->x);
	return true;
}

/* Is function name declared or defined at the top level before limit? */
static bool declared_before(const struct ctx *c, size_t name, size_t limit)
{
	size_t i;
	int depth = 0;

	for (i = 0; i < limit; i = next(c, i)) {
		if (!is_code(&c->tok[i]))
			continue;
		if (op(c, i, "{"))
			depth++;
		else if (op(c, i, "}"))
			depth--;
		else if (!depth && same(c, i, name) && op(c, next(c, i), "(") &&
			 (c->tok[prev(c, i)].type == TOKEN_IDENT ||
			  op(c, prev(c, i), "*")))
			return true;
	}
	return false;
}

/* The first token of the function whose body opens at brace. */
static size_t func_start(const struct ctx *c, size_t brace)
{
	size_t close = prev(c, brace), open, i;

	if (!op(c, close, ")"))
		return SCAN_NONE;
	open = match_open(c->buf, c->tl, close, '(', ')');
	if (open == SCAN_NONE)
		return SCAN_NONE;
	for (i = prev(c, open); i != SCAN_NONE; i = prev(c, i)) {
		size_t p = prev(c, i);

		if (p == SCAN_NONE || op(c, p, ";") || op(c, p, "}") ||
		    (c->tok[p].flags & TF_PP))
			return i;
	}
	return SCAN_NONE;
}

/* The function's name: the identifier before its parameters' '('. */
static size_t func_name(const struct ctx *c, size_t brace)
{
	size_t close = prev(c, brace), open;

	if (!op(c, close, ")"))
		return SCAN_NONE;
	open = match_open(c->buf, c->tl, close, '(', ')');
	return open == SCAN_NONE ? SCAN_NONE : prev(c, open);
}

/* Is an identifier spelled name[0..len) anywhere in the file? */
static bool name_used(const struct ctx *c, const char *name)
{
	size_t i;

	for (i = 0; c->tok[i].type != TOKEN_EOF; i++)
		if (match_ident(c->buf, &c->tok[i], name))
			return true;
	return false;
}

/*
 * The prefix of the structures: what the functions' names share up to an
 * '_' (snull_open, snull_stop: "snull"), else the function's own name.
 */
static char *ops_prefix(const struct ctx *c, const struct set *s, size_t n,
			size_t fname)
{
	int len = 0, l2, k;
	const char *p = NULL, *q;
	size_t j;

	for (j = 0; j < n; j++) {
		if (s[j].v == SCAN_NONE)
			continue;
		q = text_of(c, s[j].v, &l2);
		if (!p) {
			p = q;
			len = l2;
			continue;
		}
		for (k = 0; k < len && k < l2 && p[k] == q[k]; k++)
			;
		len = k;
	}
	while (p && len > 0 && p[len - 1] != '_')
		len--;
	if (p && len > 1)
		return porter_printf(c->pt, "%.*s", len - 1, p);
	p = text_of(c, fname, &len);
	return porter_printf(c->pt, "%.*s", len, p);
}

/* The top-level definition or prototypes of function name: each's '('. */
static size_t find_decl(const struct ctx *c, size_t name, size_t from)
{
	size_t i;
	int depth = 0;

	for (i = from; c->tok[i].type != TOKEN_EOF; i = next(c, i)) {
		if (op(c, i, "{"))
			depth++;
		else if (op(c, i, "}"))
			depth--;
		else if (!depth && i != name && same(c, i, name) &&
			 op(c, next(c, i), "(") &&
			 (c->tok[prev(c, i)].type == TOKEN_IDENT ||
			  op(c, prev(c, i), "*")))
			return i;
	}
	return SCAN_NONE;
}

/* The transmit function returns netdev_tx_t: each "int f(" of the file. */
static void xmit_returns(struct ctx *c, size_t f)
{
	size_t i;

	for (i = find_decl(c, f, 0); i != SCAN_NONE;
	     i = find_decl(c, f, next(c, i)))
		if (ident(c, prev(c, i), "int"))
			add_edit(c->pt, c->tok[prev(c, i)].pos, 3, "netdev_tx_t");
}

/* The timeout function takes the queue: "(struct net_device *d)" grows. */
static void timeout_params(struct ctx *c, size_t f)
{
	size_t i, close;

	for (i = find_decl(c, f, 0); i != SCAN_NONE;
	     i = find_decl(c, f, next(c, i))) {
		close = match_close(c->buf, c->tl, next(c, i), '(', ')');
		if (close != SCAN_NONE)
			add_edit(c->pt, c->tok[close].pos, 0,
				 ", unsigned int txqueue");
	}
}

/* A header_ops .create: the address parameters become const void *. */
static void create_params(struct ctx *c, size_t f)
{
	size_t i, open, close, comma[5], k;

	for (i = find_decl(c, f, 0); i != SCAN_NONE;
	     i = find_decl(c, f, next(c, i))) {
		open = next(c, i);
		close = match_close(c->buf, c->tl, open, '(', ')');
		if (close == SCAN_NONE ||
		    call_args(c->buf, c->tl, open, close, comma, 5) != 5)
			continue;
		for (k = 2; k < 4; k++)
			if (ident(c, next(c, comma[k]), "void"))
				add_edit(c->pt, c->tok[next(c, comma[k])].pos,
					 0, "const ");
	}
}

/* Can every set of the group be converted?  Else why not. */
static const char *group_blocker(const struct ctx *c, const struct set *s,
				 size_t n, size_t start)
{
	size_t j;

	if (start == SCAN_NONE)
		return "the function that sets them could not be read";
	for (j = 0; j < n; j++) {
		const struct method *m = &methods[s[j].method];

		if (!s[j].top)
			return "a method is set under a condition, or inside a nested block: a net_device_ops is one fixed set of methods";
		if (s[j].v == SCAN_NONE && !s[j].null &&
		    !(m->header && !*m->ndo))
			return "a method is set to an expression, not to a function's name";
		if (s[j].v != SCAN_NONE && !declared_before(c, s[j].v, start))
			return "a method's function is declared after the function that sets it: declare it before";
		if (!strcmp(m->old, "tx_timeout") &&
		    !target_from(&c->tg, KV(5, 6, 0)))
			return "ndo_tx_timeout takes the queue's index since 5.6, and the target reaches below it";
	}
	return NULL;
}

/* The text of one structure: its members of kind header. */
static char *ops_text(struct ctx *c, const struct set *s, size_t n,
		      const char *type, const char *name, bool header)
{
	char *text = porter_printf(c->pt, "static const struct %s %s = {%s",
				   type, name, c->pt->eol), *t;
	size_t j;
	int len;
	const char *v;

	for (j = 0; text && j < n; j++) {
		const struct method *m = &methods[s[j].method];

		if (m->header != header || !*m->ndo || s[j].v == SCAN_NONE)
			continue;
		v = text_of(c, s[j].v, &len);
		t = porter_printf(c->pt, "%s\t.%s = %.*s,%s", text, m->ndo, len,
				  v, c->pt->eol);
		free(text);
		text = t;
	}
	if (!text)
		return NULL;
	t = porter_printf(c->pt, "%s};%s%s", text, c->pt->eol, c->pt->eol);
	free(text);
	return t;
}

/* How many sets of the group are of kind header (with a function). */
static size_t count_kind(const struct set *s, size_t n, bool header)
{
	size_t j, k = 0;

	for (j = 0; j < n; j++)
		if (methods[s[j].method].header == header &&
		    *methods[s[j].method].ndo && s[j].v != SCAN_NONE)
			k++;
	return k;
}

/* The comment right above token i, if any, else i. */
static size_t above(const struct ctx *c, size_t i)
{
	while (i > 0 && c->tok[i - 1].type == TOKEN_COMMENT &&
	       (c->tok[i].flags & TF_BOL))
		i--;
	return i;
}

/* Make one structure, and its "X->field = &name;" at the first set. */
static void make_ops(struct ctx *c, const struct set *s, size_t n,
		     size_t start, const char *prefix, bool header)
{
	const char *type = header ? "header_ops" : "net_device_ops";
	char *name = porter_printf(c->pt, "%s_%s", prefix,
				   header ? "header_ops" : "netdev_ops"), *text;
	size_t j, first = SCAN_NONE;
	int len;
	const char *x;

	for (j = 0; j < n && first == SCAN_NONE; j++)
		if (methods[s[j].method].header == header)
			first = j;
	if (!name || first == SCAN_NONE || name_used(c, name))
		goto out;
	text = ops_text(c, s, n, type, name, header);
	if (text)
		add_edit(c->pt, line_start(c->buf, c->tok[above(c, start)].pos),
			 0, text);
	free(text);
	x = base_text(c, s[first].x, s[first].m, &len);
	text = porter_printf(c->pt, "%.*s->%s = &%s;", len, x,
			     header ? "header_ops" : "netdev_ops", name);
	if (text)
		add_edit(c->pt, c->tok[s[first].x].pos,
			 tok_end(&c->tok[s[first].semi]) - c->tok[s[first].x].pos,
			 text);
	free(text);
out:
	free(name);
}

/* The end of a set's statement, whatever its value. */
static size_t set_end(const struct ctx *c, const struct set *s)
{
	size_t i;

	for (i = s->m; c->tok[i].type != TOKEN_EOF && !op(c, i, ";");
	     i = next(c, i))
		;
	return i;
}

/* The sets of one net_device in one function, converted together. */
static void convert_group(struct ctx *c, struct set *s, size_t n)
{
	size_t start = func_start(c, s[0].func), j, first[2] = { n, n };
	const char *why = group_blocker(c, s, n, start);
	char *prefix;
	bool fix, header;

	for (j = 0; j < n; j++) {
		header = methods[s[j].method].header;
		if (first[header] == n)
			first[header] = j;
	}
	fix = !why && target_need(&c->tg, R_NETDEV_OPS) == NEED_FIX &&
	      (first[1] == n || target_need(&c->tg, R_HEADER_OPS) == NEED_FIX);
	for (j = 0; j < n; j++) {
		header = methods[s[j].method].header;
		target_finding(&c->tg, c->tok[s[j].m].pos,
			       header ? R_HEADER_OPS : R_NETDEV_OPS, fix,
			       why ? why : header ?
			       "net_device's header methods are gone since 2.6.24: a const struct header_ops (.create, whose addresses are const void *; rebuild_header is gone since 4.1), set as dev->header_ops" :
			       "net_device's method pointers are gone since 2.6.31: a const struct net_device_ops (.ndo_*), set as dev->netdev_ops");
	}
	if (!fix)
		return;
	prefix = ops_prefix(c, s, n, func_name(c, s[0].func));
	if (!prefix)
		return;
	if (count_kind(s, n, false))
		make_ops(c, s, n, start, prefix, false);
	if (count_kind(s, n, true))
		make_ops(c, s, n, start, prefix, true);
	for (j = 0; j < n; j++) {
		const struct method *m = &methods[s[j].method];

		if ((j != first[0] || !count_kind(s, n, false)) &&
		    (j != first[1] || !count_kind(s, n, true)))
			delete_line_range(c->pt, c->tok[s[j].x].pos,
					  tok_end(&c->tok[set_end(c, &s[j])]));
		if (s[j].v == SCAN_NONE)
			continue;
		if (!strcmp(m->old, "hard_start_xmit") &&
		    target_from(&c->tg, KV(2, 6, 32)))
			xmit_returns(c, s[j].v);
		else if (!strcmp(m->old, "tx_timeout"))
			timeout_params(c, s[j].v);
		else if (!strcmp(m->old, "hard_header"))
			create_params(c, s[j].v);
	}
	free(prefix);
}

/* Do two sets name the same net_device, spelled alike? */
static bool same_base(const struct ctx *c, const struct set *a,
		      const struct set *b)
{
	int la, lb;
	const char *ta = base_text(c, a->x, a->m, &la);
	const char *tb = base_text(c, b->x, b->m, &lb);

	return la == lb && !memcmp(ta, tb, (size_t)la);
}

static int cmp_set(const void *a, const void *b)
{
	const struct set *x = a, *y = b;

	if (x->func != y->func)
		return x->func < y->func ? -1 : 1;
	return x->m < y->m ? -1 : x->m > y->m;
}

/* Every method set of the file, grouped by function and net_device. */
static void method_sets(struct ctx *c, const struct hit *h, size_t n)
{
	struct set *s = NULL;
	size_t nr = 0, alloc = 0, k, j, g;

	for (k = 0; k < n; k++) {
		if (h[k].word < W_METHOD || (h[k].flags & (H_DEAD | H_PP)) ||
		    !h[k].depth || GROW(c->pt, s, nr, alloc))
			continue;
		if (read_set(c, &h[k], &s[nr]))
			nr++;
	}
	if (nr)
		qsort(s, nr, sizeof(*s), cmp_set);
	for (k = 0; k < nr; k = j) {
		for (j = k + 1; j < nr && s[j].func == s[k].func; j++)
			;
		/* one net_device per group: the first one's name */
		for (g = k + 1; g < j; g++)
			if (!same_base(c, &s[g], &s[k]))
				break;
		convert_group(c, s + k, g < j ? 0 : j - k);
		for (; g < j; g++)
			target_finding(&c->tg, c->tok[s[g].m].pos, R_NETDEV_OPS,
				       false, "methods of two net_devices set in one function: give each a const struct net_device_ops");
	}
	free(s);
}

/* X->priv, read: netdev_priv(X). */
static void priv(struct ctx *c, const struct hit *h, bool assigned)
{
	size_t x = arrow_base(c, h->tok), after = next(c, h->tok);
	int len;
	const char *xs;
	char *text;
	bool fix;

	if (x == SCAN_NONE)
		return;
	fix = !assigned && !(op(c, after, "=") || op(c, after, "++") ||
			     op(c, after, "--"));
	if (!target_finding(&c->tg, c->tok[h->tok].pos, R_NETDEV_PRIV, fix,
			    fix ? "net_device has no priv since 2.6.29: netdev_priv(dev) is the area alloc_netdev()/alloc_etherdev() allocated after the net_device" :
			    "net_device has no priv since 2.6.29, and this file sets it: allocate the private area with the net_device (alloc_etherdev(sizeof(struct ...))) and read it with netdev_priv(dev)"))
		return;
	xs = base_text(c, x, h->tok, &len);
	text = porter_printf(c->pt, "netdev_priv(%.*s)", len, xs);
	if (text)
		add_edit(c->pt, c->tok[x].pos, tok_end(&c->tok[h->tok]) -
			 c->tok[x].pos, text);
	free(text);
}

/* X->trans_start = jiffies; or a read of it. */
static void trans_start(struct ctx *c, const struct hit *h)
{
	size_t x = arrow_base(c, h->tok), eq = next(c, h->tok);
	size_t v = next(c, eq), semi = next(c, v);
	bool set = op(c, eq, "="), fix;
	int len;
	const char *xs;
	char *text;

	if (x == SCAN_NONE)
		return;
	fix = set ? ident(c, v, "jiffies") && op(c, semi, ";") &&
		    starts_statement(c, x) :
		    !(op(c, eq, "+=") || op(c, eq, "-=") || op(c, eq, "++"));
	if (!target_finding(&c->tg, c->tok[h->tok].pos, R_TRANS_START, fix,
			    set ? "net_device has no trans_start since 4.7: netif_trans_update(dev) stamps the transmit queue" :
			    fix ? "net_device has no trans_start since 4.7: dev_trans_start(dev) reads the latest of its queues'" :
			    "net_device has no trans_start since 4.7: netif_trans_update(dev) stamps the transmit queue, dev_trans_start(dev) reads it"))
		return;
	xs = base_text(c, x, h->tok, &len);
	text = porter_printf(c->pt, set ? "netif_trans_update(%.*s);" :
			     "dev_trans_start(%.*s)", len, xs);
	if (text)
		add_edit(c->pt, c->tok[x].pos,
			 tok_end(&c->tok[set ? semi : h->tok]) - c->tok[x].pos,
			 text);
	free(text);
}

/* alloc_netdev(size, name, setup): the name's origin is the third. */
static void alloc_netdev(struct ctx *c, size_t i)
{
	size_t open, close, comma[3];

	if (!call_parens(c->buf, c->tl, i, &open, &close) ||
	    call_args(c->buf, c->tl, open, close, comma, 3) != 2)
		return;
	if (target_finding(&c->tg, c->tok[i].pos, R_ALLOC_NETDEV_NAME, true,
			   "alloc_netdev() takes where the name comes from since 3.17: NET_NAME_UNKNOWN before the setup function"))
		add_edit(c->pt, tok_end(&c->tok[comma[1]]), 0,
			 " NET_NAME_UNKNOWN,");
}

/*
 * Is the function that opens at brace an interrupt handler: its
 * parameters (int irq, void *dev_id, ...)?
 */
static bool irq_handler(const struct ctx *c, size_t brace)
{
	size_t name = func_name(c, brace), open = next(c, name);

	return name != SCAN_NONE && ident(c, next(c, open), "int") &&
	       op(c, next(c, next(c, next(c, open))), ",") &&
	       ident(c, next(c, next(c, next(c, next(c, open)))), "void");
}

static void kfree_skb(struct ctx *c, const struct hit *h)
{
	if (h->func == SCAN_NONE || !is_call(c->buf, c->tl, h->tok) ||
	    !irq_handler(c, h->func))
		return;
	if (target_finding(&c->tg, c->tok[h->tok].pos, R_KFREE_SKB_IRQ, true,
			   "dev_kfree_skb() in an interrupt handler: dev_kfree_skb_irq() frees it later, outside the hard interrupt, as today's drivers do"))
		add_edit(c->pt, c->tok[h->tok].pos, c->tok[h->tok].len,
			 "dev_kfree_skb_irq");
}

/* Does the file set X->priv anywhere? */
static bool priv_assigned(const struct ctx *c, const struct hit *h, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (h[k].word == W_PRIV && !(h[k].flags & (H_DEAD | H_PP)) &&
		    arrow_base(c, h[k].tok) != SCAN_NONE &&
		    op(c, next(c, h[k].tok), "="))
			return true;
	return false;
}

/* A statement at i: after ; { } else, or the ")" of an if, for, while. */
static bool is_statement(const struct ctx *c, size_t i)
{
	size_t p = prev(c, i), open;

	if (starts_statement(c, i) || ident(c, p, "else"))
		return true;
	if (!op(c, p, ")"))
		return false;
	open = match_open(c->buf, c->tl, p, '(', ')');
	return open != SCAN_NONE && (ident(c, prev(c, open), "if") ||
				     ident(c, prev(c, open), "for") ||
				     ident(c, prev(c, open), "while"));
}

#define DEV_ADDR_WHY "net_device's dev_addr is const since 5.17: it is written with eth_hw_addr_set() or dev_addr_mod() (5.15), which keep the address list's copy in step"

/* memcpy(X->dev_addr, S, N); at x: eth_hw_addr_set(X, S); */
static void dev_addr_memcpy(struct ctx *c, size_t call, size_t x, size_t m)
{
	size_t open, close, comma[3], semi;
	bool eth;
	int lx;
	const char *tx;
	char *text;

	if (!call_parens(c->buf, c->tl, call, &open, &close) ||
	    call_args(c->buf, c->tl, open, close, comma, 3) != 2 ||
	    next(c, m) != comma[0] || !op(c, (semi = next(c, close)), ";") ||
	    !is_statement(c, call))
		return;
	eth = ident(c, next(c, comma[1]), "ETH_ALEN") &&
	      next(c, next(c, comma[1])) == close;
	if (!target_finding(&c->tg, c->tok[m].pos, R_DEV_ADDR, true,
			    DEV_ADDR_WHY))
		return;
	tx = base_text(c, x, m, &lx);
	text = eth ? porter_printf(c->pt, "eth_hw_addr_set(%.*s, %.*s);",
				   lx, tx,
				   (int)(c->tok[comma[1]].pos - tok_end(&c->tok[comma[0]]) - 1),
				   c->buf + tok_end(&c->tok[comma[0]]) + 1) :
		     porter_printf(c->pt, "dev_addr_mod(%.*s, 0, %.*s);", lx, tx,
				   (int)(c->tok[close].pos - tok_end(&c->tok[comma[0]]) - 1),
				   c->buf + tok_end(&c->tok[comma[0]]) + 1);
	if (text)
		add_edit(c->pt, c->tok[call].pos,
			 tok_end(&c->tok[semi]) - c->tok[call].pos, text);
	free(text);
}

/* X->dev_addr[E] = V; or X->dev_addr[E]++; at x: dev_addr_mod(). */
static void dev_addr_write(struct ctx *c, size_t x, size_t m)
{
	size_t lb = next(c, m), rb, o, semi, v;
	int lx, le;
	const char *tx, *te;
	char *text;

	rb = op(c, lb, "[") ? match_close(c->buf, c->tl, lb, '[', ']') :
			      SCAN_NONE;
	o = rb == SCAN_NONE ? SCAN_NONE : next(c, rb);
	if (o == SCAN_NONE || !(op(c, o, "=") || op(c, o, "++") ||
				op(c, o, "+=") || op(c, o, "-=") ||
				op(c, o, "|=") || op(c, o, "&=") ||
				op(c, o, "^=") || op(c, o, "--")))
		return;	/* a read */
	for (semi = o; c->tok[semi].type != TOKEN_EOF && !op(c, semi, ";") &&
	     !op(c, semi, ",") && !op(c, semi, ")"); semi = next(c, semi))
		;
	if (!op(c, semi, ";") || !is_statement(c, x) ||
	    !(op(c, o, "=") || op(c, o, "++"))) {
		target_finding(&c->tg, c->tok[m].pos, R_DEV_ADDR, false,
			       DEV_ADDR_WHY);
		return;
	}
	if (!target_finding(&c->tg, c->tok[m].pos, R_DEV_ADDR, true,
			    DEV_ADDR_WHY))
		return;
	tx = base_text(c, x, m, &lx);
	te = c->buf + tok_end(&c->tok[lb]);
	le = (int)(c->tok[rb].pos - tok_end(&c->tok[lb]));
	v = next(c, o);
	text = op(c, o, "++") ?
	       porter_printf(c->pt, "dev_addr_mod(%.*s, %.*s, (u8 []){ %.*s->dev_addr[%.*s] + 1 }, 1);",
			     lx, tx, le, te, lx, tx, le, te) :
	       porter_printf(c->pt, "dev_addr_mod(%.*s, %.*s, (u8 []){ %.*s }, 1);",
			     lx, tx, le, te,
			     (int)(c->tok[semi].pos - c->tok[v].pos),
			     c->buf + c->tok[v].pos);
	if (text)
		add_edit(c->pt, c->tok[x].pos, tok_end(&c->tok[semi]) -
			 c->tok[x].pos, text);
	free(text);
}

static void dev_addr(struct ctx *c, const struct hit *h)
{
	size_t x = arrow_base(c, h->tok), p, call;

	if (x == SCAN_NONE)
		return;
	p = prev(c, x);
	call = prev(c, p);
	if (op(c, p, "(") && ident(c, call, "memcpy"))
		dev_addr_memcpy(c, call, x, h->tok);
	else
		dev_addr_write(c, x, h->tok);
}

static void one(struct ctx *c, const struct hit *h, bool assigned)
{
	switch (h->word) {
	case W_PRIV:
		priv(c, h, assigned);
		break;
	case W_TRANS_START:
		trans_start(c, h);
		break;
	case W_PCI_MODULE_INIT:
		if (is_call(c->buf, c->tl, h->tok) &&
		    target_finding(&c->tg, c->tok[h->tok].pos, R_PCI_MODULE_INIT, true,
				   "pci_module_init() is gone since 2.6.22: pci_register_driver()"))
			add_edit(c->pt, c->tok[h->tok].pos, c->tok[h->tok].len,
				 "pci_register_driver");
		break;
	case W_ALLOC_NETDEV:
		if (is_call(c->buf, c->tl, h->tok))
			alloc_netdev(c, h->tok);
		break;
	case W_NO_CSUM:
		if (target_finding(&c->tg, c->tok[h->tok].pos, R_NETIF_F_NO_CSUM, true,
				   "NETIF_F_NO_CSUM is gone since 3.2: NETIF_F_HW_CSUM (the device checksums everything, or needs no checksum)"))
			add_edit(c->pt, c->tok[h->tok].pos, c->tok[h->tok].len,
				 "NETIF_F_HW_CSUM");
		break;
	case W_KFREE_SKB:
		kfree_skb(c, h);
		break;
	case W_DEV_ADDR:
		dev_addr(c, h);
		break;
	case W_POLL:
	case W_WEIGHT:
	case W_QUOTA:
		if (arrow_base(c, h->tok) != SCAN_NONE)
			target_finding(&c->tg, c->tok[h->tok].pos, R_NAPI, false,
				       "the old NAPI (dev->poll, dev->weight, dev->quota) is gone since 2.6.24: a struct napi_struct beside the device, netif_napi_add(dev, &napi, poll), int poll(struct napi_struct *, int budget), napi_schedule() and napi_complete_done(), napi_enable() in open and napi_disable() in stop");
		break;
	}
}

/* Does the file #define SET_MODULE_OWNER itself (a 2.4 compat block)? */
static bool own_owner(const struct hit *h, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (h[k].word == W_OWNER && (h[k].flags & H_ARG) &&
		    h[k].kw == KW_DEFINE)
			return true;
	return false;
}

/* SET_MODULE_OWNER(x); at a statement: it goes in a net_device's file. */
static void set_module_owner(struct ctx *c, const struct hit *h, size_t n,
			     bool netdev)
{
	size_t k, open, close;

	if (own_owner(h, n))
		return;
	for (k = 0; k < n; k++) {
		bool fix;

		if (h[k].word != W_OWNER || (h[k].flags & (H_DEAD | H_PP)) ||
		    !is_call(c->buf, c->tl, h[k].tok) ||
		    !call_parens(c->buf, c->tl, h[k].tok, &open, &close))
			continue;
		fix = netdev && starts_statement(c, h[k].tok) &&
		      op(c, next(c, close), ";") &&
		      next(c, next(c, open)) == close &&
		      netdev_var(c, next(c, open)) &&
		      target_need(&c->tg, R_SET_MODULE_OWNER) == NEED_FIX;
		if (!fix) {
			add_finding(c->pt, c->tok[h[k].tok].pos,
				    R_SET_MODULE_OWNER, SEV_WARNING, false,
				    "SET_MODULE_OWNER(): gone from modern kernels: set .owner = THIS_MODULE in the operations structure (net_device has no owner any more: drop it there); port it by hand");
			continue;
		}
		if (target_finding(&c->tg, c->tok[h[k].tok].pos,
				   R_SET_MODULE_OWNER, true,
				   "SET_MODULE_OWNER() is gone since 2.6.24, a no-op for a net_device since 2.6: the line goes"))
			delete_line_range(c->pt, c->tok[h[k].tok].pos,
					  tok_end(&c->tok[next(c, close)]));
	}
}

static void run(struct porter *pt, const struct hit *h, size_t n)
{
	struct ctx c = { .pt = pt, .tl = pt->tl, .tok = pt->tl->tok,
			 .buf = pt->buf };
	bool netdev, assigned;
	size_t k;

	for (k = 0; k < n; k++)
		if (h[k].word == W_NET_DEVICE &&
		    !(h[k].flags & (H_DEAD | H_PP)) &&
		    !GROW(pt, c.nd, c.nr_nd, c.alloc_nd))
			c.nd[c.nr_nd++] = h[k].tok;
	netdev = c.nr_nd;
	target_init(&c.tg, pt);
	set_module_owner(&c, h, n, netdev);
	if (!netdev)
		return;
	method_sets(&c, h, n);
	assigned = priv_assigned(&c, h, n);
	for (k = 0; k < n; k++)
		if (h[k].word < W_METHOD && !(h[k].flags & (H_DEAD | H_PP)))
			one(&c, &h[k], assigned);
	free(c.nd);
}

static const struct family netdev = {
	.name = "netdev", .rules = rules, .words = words, .run = run,
};

static void __attribute__((constructor)) netdev_words(void)
{
	size_t k;

	for (k = 0; k < NR_METHODS; k++)
		words[W_METHOD + k] = methods[k].old;
}
FAMILY(netdev)
