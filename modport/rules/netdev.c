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
 *	last-rx			dev->last_rx = jiffies; goes (4.11)
 *	mc-list			dev->mc_list, dev->mc_count, struct
 *				dev_mc_list: reported (netdev_for_each_mc_addr)
 *	napi			the old NAPI (see old_napi())
 *
 * A shape the rule cannot convert safely is reported, with the reason.
 */
#include <stdlib.h>
#include <string.h>

#include "../engine.h"
#include "../sibling.h"
#include "../target.h"

enum {
	W_NET_DEVICE, W_PRIV, W_TRANS_START, W_PCI_MODULE_INIT,
	W_ALLOC_NETDEV, W_NO_CSUM, W_KFREE_SKB, W_POLL, W_WEIGHT, W_QUOTA,
	W_OWNER, W_DEV_ADDR, W_RX_SCHEDULE, W_RX_COMPLETE, W_LAST_RX,
	W_MC_LIST, W_MC_COUNT, W_DEV_MC_LIST, W_KFREE, W_ALLOC_ETHERDEV,
	W_DMI_ADDR, W_DMI_ADDRLEN,
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
	[W_RX_SCHEDULE] = "netif_rx_schedule",
	[W_RX_COMPLETE] = "netif_rx_complete",
	[W_LAST_RX] = "last_rx",
	[W_MC_LIST] = "mc_list",
	[W_MC_COUNT] = "mc_count",
	[W_DEV_MC_LIST] = "dev_mc_list",
	[W_KFREE] = "kfree",
	[W_ALLOC_ETHERDEV] = "alloc_etherdev",
	[W_DMI_ADDR] = "dmi_addr",
	[W_DMI_ADDRLEN] = "dmi_addrlen",
};

/* In rules.def's order: the family runs at set-module-owner's place. */
static const enum rule_id rules[] = {
	R_SET_MODULE_OWNER, R_NETDEV_OPS, R_HEADER_OPS, R_NETDEV_PRIV,
	R_TRANS_START, R_PCI_MODULE_INIT, R_ALLOC_NETDEV_NAME,
	R_NETIF_F_NO_CSUM, R_KFREE_SKB_IRQ, R_NAPI, R_DEV_ADDR,
	R_NET_DEVICE_OPS, R_LAST_RX, R_MC_LIST, R_FREE_NETDEV, NR_RULES
};

struct ctx {
	struct porter *pt;
	const struct token_list *tl;
	const struct token *tok;
	const char *buf;
	struct target tg;
	size_t *nd;		/* the tokens "net_device" of live code */
	size_t nr_nd, alloc_nd;
	char *made[8];		/* the structures' names made here */
	size_t nr_made;
	bool allocs;		/* alloc_etherdev()/alloc_netdev() here */
};

/* One "X->m = v;" of a method. */
struct set {
	size_t x, m, v, semi;	/* v: the function's name, or SCAN_NONE */
	size_t func;		/* the '{' of the function it is in */
	int method;		/* index in methods[] */
	bool top;		/* a statement of the function's own block */
	bool null;		/* set to NULL: the line just goes */
	size_t dflt;		/* "if (!X->m)" of a default it sets, or NONE */
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

/* The next and previous code tokens; SCAN_NONE stays SCAN_NONE. */
static size_t next(const struct ctx *c, size_t i)
{
	return i == SCAN_NONE ? SCAN_NONE : next_code(c->tl, i);
}

static size_t prev(const struct ctx *c, size_t i)
{
	return i == SCAN_NONE ? SCAN_NONE : code_before(c->tl, i);
}

/* The type of token i; TOKEN_EOF for SCAN_NONE. */
static enum token_type type_of(const struct ctx *c, size_t i)
{
	return i == SCAN_NONE ? TOKEN_EOF : c->tok[i].type;
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
		    type_of(c, prev(c, star)) != TOKEN_IDENT ||
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
	s->dflt = SCAN_NONE;
	return true;
}

/*
 * "if (X->m == NULL) X->m = f;" or "if (!X->m) X->m = f;", no else: a
 * default, kept when the driver set none (8390's ei_open() gives
 * ei_tx_timeout).  Its "if", else SCAN_NONE.
 */
static size_t default_if(const struct ctx *c, const struct set *s)
{
	size_t close = prev(c, s->x), open, i, y;

	if (!op(c, close, ")") || s->v == SCAN_NONE ||
	    ident(c, next(c, s->semi), "else"))
		return SCAN_NONE;
	open = match_open(c->buf, c->tl, close, '(', ')');
	if (open == SCAN_NONE || !ident(c, prev(c, open), "if"))
		return SCAN_NONE;
	i = next(c, open);
	if (op(c, i, "!"))
		i = next(c, i);
	y = i;
	i = next(c, next(c, y));	/* the member */
	if (!same(c, y, s->x) || !op(c, next(c, y), "->") ||
	    c->tok[i].len != c->tok[s->m].len ||
	    memcmp(c->buf + c->tok[i].pos, c->buf + c->tok[s->m].pos,
		   c->tok[i].len))
		return SCAN_NONE;
	i = next(c, i);
	if (op(c, next(c, open), "!") ? i != close :
	    !(op(c, i, "==") && ident(c, next(c, i), "NULL") &&
	      next(c, next(c, i)) == close))
		return SCAN_NONE;
	return prev(c, open);
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
			 (type_of(c, prev(c, i)) == TOKEN_IDENT ||
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

/*
 * Is the name free for a new structure: not in the file, not made by
 * another group of it?  Then it is taken.
 */
static bool name_free(struct ctx *c, const char *name)
{
	size_t k;

	if (ident_used(c->buf, c->pt->tl, name, strlen(name)))
		return false;
	for (k = 0; k < c->nr_made; k++)
		if (!strcmp(c->made[k], name))
			return false;
	if (c->nr_made < sizeof(c->made) / sizeof(c->made[0]))
		c->made[c->nr_made++] = strdup(name);
	return true;
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
			 (type_of(c, prev(c, i)) == TOKEN_IDENT ||
			  op(c, prev(c, i), "*")))
			return i;
	}
	return SCAN_NONE;
}

/* Has an edit inserted text at pos already (a function set twice)? */
static bool inserted_at(const struct ctx *c, size_t pos)
{
	size_t k;

	for (k = 0; k < c->pt->out->nr_e; k++)
		if (c->pt->out->e[k].pos == pos && !c->pt->out->e[k].del)
			return true;
	return false;
}

/* The transmit function returns netdev_tx_t: each "int f(" of the file. */
static void xmit_returns(struct ctx *c, size_t f)
{
	size_t i;

	for (i = find_decl(c, f, 0); i != SCAN_NONE;
	     i = find_decl(c, f, next(c, i)))
		/* not twice, for a function set by two groups */
		if (ident(c, prev(c, i), "int") &&
		    !porter_edited(c->pt, c->tok[prev(c, i)].pos))
			add_edit(c->pt, c->tok[prev(c, i)].pos, 3, "netdev_tx_t");
}

/* The timeout function takes the queue: "(struct net_device *d)" grows. */
static void timeout_params(struct ctx *c, size_t f)
{
	size_t i, close;

	for (i = find_decl(c, f, 0); i != SCAN_NONE;
	     i = find_decl(c, f, next(c, i))) {
		close = match_close(c->buf, c->tl, next(c, i), '(', ')');
		if (close != SCAN_NONE && !inserted_at(c, c->tok[close].pos))
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

/*
 * Is token x inside an #if group opened within the function at func?
 * (dahdi: "#ifdef HAVE_NET_DEVICE_OPS ... #else dev->set_multicast_list =
 * ..." - the other branch gives the net_device_ops already.)
 */
static bool under_pp_cond(const struct ctx *c, size_t func, size_t x)
{
	return pp_open_groups(c->buf, c->tl, func, x) > 0;
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

		if (!s[j].top && s[j].dflt == SCAN_NONE)
			return "a method is set under a condition, or inside a nested block: a net_device_ops is one fixed set of methods";
		if (s[j].dflt == SCAN_NONE &&
		    under_pp_cond(c, s[j].func, s[j].x))
			return "a method is set under #if or #ifdef: another branch may give the net_device_ops already";
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
	if (name && first != SCAN_NONE && !name_free(c, name)) {
		size_t f = func_name(c, s[0].func);	/* another group's */

		free(name);
		name = porter_printf(c->pt, "%.*s_%s", (int)c->tok[f].len,
				     c->buf + c->tok[f].pos,
				     header ? "header_ops" : "netdev_ops");
		if (name && !name_free(c, name))
			goto out;
	}
	if (!name || first == SCAN_NONE)
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

/* The ';' that ends the statement from token i. */
static size_t set_end_from(const struct ctx *c, size_t i)
{
	for (; c->tok[i].type != TOKEN_EOF && !op(c, i, ";"); i = next(c, i))
		;
	return i;
}

/* Is token i of tok a method's name, or netdev_ops, set: "->m ="? */
static bool method_set_at(const char *buf, const struct token *tok, size_t i)
{
	size_t k;

	if (!i || !token_is(buf, &tok[i - 1], "->") ||
	    !token_is(buf, &tok[i + 1], "="))
		return false;
	if (match_ident(buf, &tok[i], "netdev_ops"))
		return true;
	for (k = 0; k < NR_METHODS; k++)
		if (!methods[k].header &&
		    match_ident(buf, &tok[i], methods[k].old))
			return true;
	return false;
}

/* A function's name, and whether a sibling's definition of it sets methods. */
struct callee {
	const char *name;
	size_t len;
};

/*
 * Does the sibling define the function ("name(...) {") with a method set,
 * or its port's "->netdev_ops =", in its body?
 */
static bool sibling_sets(const struct sibling *sb, void *arg)
{
	const struct callee *f = arg;
	const struct token *t = sb->tl->tok;
	size_t i, close, end;

	for (i = 0; t[i].type != TOKEN_EOF; i++) {
		if (t[i].type != TOKEN_IDENT || t[i].len != f->len ||
		    memcmp(sb->buf + t[i].pos, f->name, f->len) ||
		    !is_code(&t[i]) || !token_is(sb->buf, &t[i + 1], "("))
			continue;
		close = match_close(sb->buf, sb->tl, i + 1, '(', ')');
		if (close == SCAN_NONE ||
		    !token_is(sb->buf, &t[next_code(sb->tl, close)], "{"))
			continue;
		end = match_close(sb->buf, sb->tl, next_code(sb->tl, close),
				  '{', '}');
		for (i = close; end != SCAN_NONE && i < end; i++)
			if (method_set_at(sb->buf, t, i))
				return true;
		return false;
	}
	return false;
}

/*
 * Is function name, called with the net_device, one of the driver's own
 * that sets methods: defined in another .c file of the folder (8390.c's
 * ethdev_init(), for ne2k-pci.c) with a method set in its body?
 */
static bool sibling_setter(struct ctx *c, size_t name)
{
	/* the kernel's (2.4's drivers/net/net_init.c): not the driver's */
	static const char *const kernel[] = {
		"ether_setup", "fddi_setup", "hippi_setup", "ltalk_setup",
		"tr_setup", "fc_setup", "init_etherdev", "init_fddidev",
		"init_hippi_dev", "init_trdev", "init_fcdev",
	};
	struct callee f = { .name = c->buf + c->tok[name].pos,
			    .len = c->tok[name].len };

	return !TOKEN_IN(c->buf, &c->tok[name], kernel) &&
	       sibling_any(c->pt->path, sibling_sets, &f);
}

/* Does the definition of function name in this file set a method? */
static bool sets_methods(const struct ctx *c, size_t name)
{
	size_t d = find_decl(c, name, 0), close, body, end, i;

	for (; d != SCAN_NONE; d = find_decl(c, name, next(c, d))) {
		close = match_close(c->buf, c->tl, next(c, d), '(', ')');
		body = next(c, close);
		if (!op(c, body, "{"))
			continue;
		end = match_close(c->buf, c->tl, body, '{', '}');
		for (i = body; end != SCAN_NONE && i < end; i = next(c, i))
			if (method_set_at(c->buf, c->tok, i))
				return true;
	}
	return false;
}

/*
 * Before the first of the sets, does the function hand the net_device to
 * a function of the driver's own that sets methods - one of this file, or
 * of another .c file of its folder (8390.c's ethdev_init(), for
 * ne2k-pci.c)?  Its call's name, or SCAN_NONE.
 */
static size_t inherits(struct ctx *c, const struct set *s)
{
	size_t i, open, close, a;

	for (i = next(c, s->func); i != SCAN_NONE && i < s->x; i = next(c, i)) {
		if (type_of(c, i) != TOKEN_IDENT || ident(c, i, "if") ||
		    ident(c, i, "while") || ident(c, i, "for") ||
		    ident(c, i, "switch") || ident(c, i, "return") ||
		    ident(c, i, "sizeof") || !is_call(c->buf, c->tl, i) ||
		    !call_parens(c->buf, c->tl, i, &open, &close))
			continue;
		for (a = next(c, open); a < close; a = next(c, a))
			if (same(c, a, s->x) &&
			    (op(c, prev(c, a), "(") || op(c, prev(c, a), ",")) &&
			    (op(c, next(c, a), ")") || op(c, next(c, a), ",")))
				break;
		if (a < close && (sets_methods(c, i) || sibling_setter(c, i)))
			return i;
	}
	return SCAN_NONE;
}

/*
 * The methods that a called function of the driver set first are kept:
 * the structure is the driver's, not const, copied from dev->netdev_ops
 * after that call, and the function's own methods are set in it (as
 * DSA's and other stacked drivers' do): "X->m = f;" becomes
 * "P_netdev_ops.ndo_m = f;", the copy goes before the first and
 * "X->netdev_ops = &P_netdev_ops;" after the last.
 */
static void derive_group(struct ctx *c, const struct set *s, size_t n,
			 size_t start, size_t call)
{
	size_t f = func_name(c, s[0].func);
	char *name = porter_printf(c->pt, "%.*s_netdev_ops",
				   (int)c->tok[f].len, c->buf + c->tok[f].pos);
	char *text;
	size_t j, ls, last = n - 1;
	int lx, ln, li;
	const char *x, *fn;

	if (!name || !name_free(c, name))
		goto out;
	fn = text_of(c, call, &ln);
	text = porter_printf(c->pt, "/* %.*s()'s methods, and %.*s()'s own over them */%sstatic struct net_device_ops %s;%s%s",
			     ln, fn, (int)c->tok[func_name(c, s[0].func)].len,
			     c->buf + c->tok[func_name(c, s[0].func)].pos,
			     c->pt->eol, name, c->pt->eol, c->pt->eol);
	if (text)
		add_edit(c->pt, line_start(c->buf, c->tok[above(c, start)].pos),
			 0, text);
	free(text);
	x = base_text(c, s[0].x, s[0].m, &lx);
	ls = line_start(c->buf, c->tok[s[0].x].pos);
	li = (int)(c->tok[s[0].x].pos - ls);
	text = porter_printf(c->pt, "%.*sif (%.*s->netdev_ops)%s%.*s\t%s = *%.*s->netdev_ops;%s",
			     li, c->buf + ls, lx, x, c->pt->eol, li,
			     c->buf + ls, name, lx, x, c->pt->eol);
	if (text)
		add_edit(c->pt, ls, 0, text);
	free(text);
	for (j = 0; j < n; j++) {
		text = porter_printf(c->pt, "%s.%s", name,
				     methods[s[j].method].ndo);
		if (text)
			add_edit(c->pt, c->tok[s[j].x].pos,
				 tok_end(&c->tok[s[j].m]) - c->tok[s[j].x].pos,
				 text);
		free(text);
		if (c->tok[s[j].x].pos > c->tok[s[last].x].pos)
			last = j;
	}
	ls = line_start(c->buf, c->tok[s[last].x].pos);
	text = porter_printf(c->pt, "%.*s%.*s->netdev_ops = &%s;%s", li,
			     c->buf + ls, lx, x, name, c->pt->eol);
	j = tok_end(&c->tok[set_end(c, &s[last])]);
	if (text)
		add_edit(c->pt, after_eol(c->buf, c->pt->len,
					  line_end(c->buf, c->pt->len, j)),
			 0, text);
	free(text);
out:
	free(name);
}

/* The sets of one net_device in one function, converted together. */
static void convert_group(struct ctx *c, struct set *s, size_t n)
{
	size_t start = func_start(c, s[0].func), j, first[2] = { n, n };
	const char *why = group_blocker(c, s, n, start);
	char *prefix;
	size_t call = n && !why && !count_kind(s, n, true) ?
		      inherits(c, &s[0]) : SCAN_NONE;
	bool fix, header;

	for (j = 0; j < n; j++) {
		header = methods[s[j].method].header;
		if (first[header] == n)
			first[header] = j;
	}
	if (call != SCAN_NONE && s[n - 1].dflt != SCAN_NONE)
		why = "a default method is set where the methods come from another function of the driver: set it in the structure by hand";
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
	if (call != SCAN_NONE) {
		derive_group(c, s, n, start, call);
		goto methods;
	}
	if (count_kind(s, n, false))
		make_ops(c, s, n, start, prefix, false);
	if (count_kind(s, n, true))
		make_ops(c, s, n, start, prefix, true);
	for (j = 0; j < n; j++)
		if (s[j].dflt != SCAN_NONE) {
			porter_removes(c->pt, c->tok[s[j].dflt].pos,
				       tok_end(&c->tok[s[j].semi]));
			delete_line_range(c->pt, c->tok[s[j].dflt].pos,
					  tok_end(&c->tok[s[j].semi]));
		} else if ((j != first[0] || !count_kind(s, n, false)) &&
			   (j != first[1] || !count_kind(s, n, true))) {
			delete_line_range(c->pt, c->tok[s[j].x].pos,
					  tok_end(&c->tok[set_end(c, &s[j])]));
		}
methods:
	for (j = 0; j < n; j++) {
		const struct method *m = &methods[s[j].method];

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
	if ((x->dflt == SCAN_NONE) != (y->dflt == SCAN_NONE))
		return x->dflt == SCAN_NONE ? -1 : 1;	/* defaults last */
	return x->m < y->m ? -1 : x->m > y->m;
}

/*
 * The defaults ("if (!dev->tx_timeout) dev->tx_timeout = f;") of a file
 * whose methods are set in one function go into its structure (where the
 * method is not set already): they are in it from the start, and a driver
 * that sets its own overrides them, as before.
 */
static void join_defaults(const struct ctx *c, struct set *s, size_t nr)
{
	size_t k, j, func = SCAN_NONE, base = SCAN_NONE;
	bool one = true;

	for (k = 0; k < nr; k++) {
		s[k].dflt = s[k].top ? SCAN_NONE : default_if(c, &s[k]);
		if (s[k].dflt != SCAN_NONE)
			continue;
		one = one && (func == SCAN_NONE || s[k].func == func);
		func = s[k].func;
		base = k;
	}
	for (k = 0; k < nr; k++) {
		if (s[k].dflt == SCAN_NONE)
			continue;
		for (j = 0; one && func != SCAN_NONE && j < nr; j++)
			if (j != k && s[j].method == s[k].method &&
			    s[j].func == func)
				break;
		if (one && func != SCAN_NONE && j == nr &&
		    same_base(c, &s[k], &s[base]))
			s[k].func = func;
		else
			s[k].dflt = SCAN_NONE;	/* reported as nested */
	}
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
	join_defaults(c, s, nr);
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

/*
 * The private area of 2.4, allocated by the driver itself:
 *
 *	if (dev->priv == NULL) {	(the test goes, the block stays)
 *		dev->priv = kmalloc(sizeof(struct T), GFP_KERNEL);  (goes)
 *		if (dev->priv == NULL)	(goes)
 *			return -ENOMEM;
 *		...
 *	}
 *	kfree(dev->priv);		(goes: freed with the net_device)
 *
 * Since 2.6.29 the area comes with the net_device (alloc_etherdev(sizeof(
 * struct T))): the allocation where the net_device is allocated with no
 * area (alloc_etherdev(0)) is sized by the type the file reads dev->priv
 * as.  Any other "dev->priv = v" (an area shared or allocated otherwise)
 * is reported, and with it every use of dev->priv in the file.
 */
#define PRIV_ALLOC_WHY "net_device has no priv since 2.6.29: the private area is allocated with the net_device (alloc_etherdev(sizeof(struct ...)), zeroed) and freed with it; this allocation, its test and its kfree() go"

/* Does a label ("out:" after ; { or }) come just before token i? */
static bool after_label(const struct ctx *c, size_t i)
{
	size_t colon = prev(c, i), l = prev(c, colon);

	return op(c, colon, ":") && type_of(c, l) == TOKEN_IDENT &&
	       starts_statement(c, l);
}

/* "X->priv = kmalloc(...);" (or kzalloc) at member m: its ';', else NONE. */
static size_t priv_kmalloc(const struct ctx *c, size_t x, size_t m)
{
	size_t eq = next(c, m), call = next(c, eq), open, close, semi;

	if (!op(c, eq, "=") || !starts_statement(c, x) ||
	    !(ident(c, call, "kmalloc") || ident(c, call, "kzalloc")) ||
	    !call_parens(c->buf, c->tl, call, &open, &close) ||
	    !op(c, (semi = next(c, close)), ";"))
		return SCAN_NONE;
	return semi;
}

/*
 * "if (X->priv == NULL)" or "if (!X->priv)" around member m: the "if",
 * and its ')' in *close; else SCAN_NONE.
 */
static size_t priv_null_test(const struct ctx *c, size_t x, size_t m,
			     size_t *close)
{
	size_t p = prev(c, x), after = next(c, m);

	if (op(c, p, "!")) {
		p = prev(c, p);
		*close = after;
	} else if (op(c, after, "==") && ident(c, next(c, after), "NULL")) {
		*close = next(c, next(c, after));
	} else {
		return SCAN_NONE;
	}
	if (!op(c, p, "(") || !ident(c, prev(c, p), "if") || !op(c, *close, ")"))
		return SCAN_NONE;
	return prev(c, p);
}

/* The '}' of the block at '{' open, if no "else" follows it. */
static size_t lone_block(const struct ctx *c, size_t open)
{
	size_t end = op(c, open, "{") ?
		     match_close(c->buf, c->tl, open, '{', '}') : SCAN_NONE;

	return end == SCAN_NONE || ident(c, next(c, end), "else") ?
	       SCAN_NONE : end;
}

/* Is there a kmalloc of X->priv (X spelt as at x) in tokens (from, to)? */
static bool block_allocates(const struct ctx *c, size_t x, size_t from,
			    size_t to)
{
	size_t i, y;

	for (i = next(c, from); i != SCAN_NONE && i < to; i = next(c, i)) {
		if (!ident(c, i, "priv"))
			continue;
		y = arrow_base(c, i);
		if (y != SCAN_NONE && same(c, x, y) &&
		    priv_kmalloc(c, y, i) != SCAN_NONE)
			return true;
	}
	return false;
}

/*
 * What the driver's own allocation of the area at member m is: the bytes
 * [*from, *to) that go (the kmalloc, the test after it, the test of a
 * block that allocates it, a kfree() of it); false when it is none.
 */
static bool priv_alloc_part(const struct ctx *c, size_t x, size_t m,
			    size_t *from, size_t *to)
{
	size_t semi = priv_kmalloc(c, x, m), close, f, end, k, p;

	if (semi != SCAN_NONE) {
		*from = c->tok[x].pos;
		*to = tok_end(&c->tok[semi]);
		return true;
	}
	p = prev(c, x);
	k = prev(c, p);
	if (op(c, p, "(") && ident(c, k, "kfree") && op(c, next(c, m), ")") &&
	    op(c, next(c, next(c, m)), ";") &&
	    (starts_statement(c, k) || after_label(c, k))) {
		*from = c->tok[k].pos;
		*to = tok_end(&c->tok[next(c, next(c, m))]);
		return true;
	}
	f = priv_null_test(c, x, m, &close);
	if (f == SCAN_NONE)
		return false;
	end = lone_block(c, next(c, close));
	if (end != SCAN_NONE && block_allocates(c, x, next(c, close), end)) {
		*from = c->tok[f].pos;		/* the lazy test goes */
		*to = tok_end(&c->tok[close]);
		return true;
	}
	/* the test of the kmalloc just before: "if (!X->priv) return E;" */
	k = prev(c, f);
	if (!op(c, k, ";") || !ident(c, next(c, close), "return"))
		return false;
	for (p = k; p != SCAN_NONE && !starts_statement(c, p); p = prev(c, p))
		;
	if (p == SCAN_NONE || !ident(c, next(c, next(c, p)), "priv") ||
	    !same(c, p, x) || priv_kmalloc(c, p, next(c, next(c, p))) != k)
		return false;
	*from = c->tok[f].pos;
	*to = tok_end(&c->tok[set_end_from(c, close)]);
	return true;
}

/* X->priv: a read becomes netdev_priv(X); the driver's allocation goes. */
static void priv(struct ctx *c, const struct hit *h, bool assigned)
{
	size_t x = arrow_base(c, h->tok), after = next(c, h->tok), from, to;
	int len;
	const char *xs;
	char *text;
	bool fix, part;

	if (x == SCAN_NONE)
		return;
	part = !assigned && priv_alloc_part(c, x, h->tok, &from, &to);
	fix = part || (!assigned && !(op(c, after, "=") || op(c, after, "++") ||
				      op(c, after, "--")));
	if (!target_finding(&c->tg, c->tok[h->tok].pos, R_NETDEV_PRIV, fix,
			    part ? PRIV_ALLOC_WHY :
			    fix ? "net_device has no priv since 2.6.29: netdev_priv(dev) is the area alloc_netdev()/alloc_etherdev() allocated after the net_device" :
			    "net_device has no priv since 2.6.29, and this file sets it otherwise than by a kmalloc() statement of its own (an area shared, or allocated under a bare if): allocate the private area with the net_device (alloc_etherdev(sizeof(struct ...))) and read it with netdev_priv(dev)"))
		return;
	if (part) {
		if (!porter_edited(c->pt, from))
			delete_line_range(c->pt, from, to);
		return;
	}
	xs = base_text(c, x, h->tok, &len);
	text = porter_printf(c->pt, "netdev_priv(%.*s)", len, xs);
	if (text)
		add_edit(c->pt, c->tok[x].pos, tok_end(&c->tok[h->tok]) -
			 c->tok[x].pos, text);
	free(text);
}

/*
 * X->priv in a #define's body ("#define ei_status (*(struct T *)(dev->
 * priv))"), X declared a struct net_device * before: netdev_priv(X).
 */
static void priv_in_macro(struct ctx *c, const struct hit *h, bool assigned)
{
	size_t m = h->tok, a = m - 1, x = m - 2;
	int len;
	const char *xs;
	char *text;

	if (m < 2 || !op(c, a, "->") || c->tok[x].type != TOKEN_IDENT ||
	    (x > 0 && (op(c, x - 1, "->") || op(c, x - 1, "."))) ||
	    op(c, m + 1, "=") || !netdev_var(c, x))
		return;
	if (!target_finding(&c->tg, c->tok[m].pos, R_NETDEV_PRIV, !assigned,
			    "net_device has no priv since 2.6.29: netdev_priv(dev) is the area alloc_netdev()/alloc_etherdev() allocated after the net_device"))
		return;
	xs = text_of(c, x, &len);
	text = porter_printf(c->pt, "netdev_priv(%.*s)", len, xs);
	if (text)
		add_edit(c->pt, c->tok[x].pos, tok_end(&c->tok[m]) -
			 c->tok[x].pos, text);
	free(text);
}

/* Is the identifier at x declared "net_device *x" before it, in tok? */
static bool raw_netdev_var(const char *buf, const struct token *tok, size_t x)
{
	size_t i;

	for (i = x; i-- > 2;)
		if (tok[i].len == tok[x].len &&
		    !memcmp(buf + tok[i].pos, buf + tok[x].pos, tok[x].len) &&
		    tok[i].type == TOKEN_IDENT && token_is(buf, &tok[i - 1], "*") &&
		    match_ident(buf, &tok[i - 2], "net_device"))
			return true;
	return false;
}

/* The next token after i that is not a comment. */
static size_t raw_next(const struct token *tok, size_t i)
{
	if (tok[i].type == TOKEN_EOF)
		return i;
	for (i++; tok[i].type == TOKEN_COMMENT; i++)
		;
	return i;
}

/*
 * The struct T at token i, if the area of a net_device is read as one
 * there: "(struct T *) X->priv", "(struct T *)(X->priv)", "(struct T
 * *)(netdev_priv(X))", "struct T *v = X->priv"; else SCAN_NONE.
 */
static size_t area_cast(const char *buf, const struct token *tok, size_t i)
{
	size_t w[10], k;

	for (k = 0, w[0] = i; k + 1 < 10; k++)
		w[k + 1] = raw_next(tok, w[k]);
	if (!match_ident(buf, &tok[w[0]], "struct") ||
	    tok[w[1]].type != TOKEN_IDENT || !token_is(buf, &tok[w[2]], "*"))
		return SCAN_NONE;
	k = token_is(buf, &tok[w[3]], ")") ? 4 :
	    tok[w[3]].type == TOKEN_IDENT && token_is(buf, &tok[w[4]], "=") ?
	    5 : 0;
	if (k && token_is(buf, &tok[w[k]], "("))
		k++;
	if (!k || tok[w[k]].type != TOKEN_IDENT)
		return SCAN_NONE;
	if (match_ident(buf, &tok[w[k]], "netdev_priv") &&
	    token_is(buf, &tok[w[k + 1]], "("))
		return w[1];
	return token_is(buf, &tok[w[k + 1]], "->") &&
	       match_ident(buf, &tok[w[k + 2]], "priv") &&
	       raw_netdev_var(buf, tok, w[k]) ? w[1] : SCAN_NONE;
}

/* The type a net_device's area is read as, over several token lists. */
struct area {
	const char *name;	/* NULL: none yet */
	size_t len;
	bool clash;		/* two types */
};

/* Note the type the tokens of buf (directives too) read the area as. */
static void area_type(struct area *a, const char *buf, const struct token *tok)
{
	size_t i, w;

	for (i = 0; tok[i].type != TOKEN_EOF; i++) {
		w = area_cast(buf, tok, i);
		if (w == SCAN_NONE)
			continue;
		if (a->name && (a->len != tok[w].len ||
				memcmp(a->name, buf + tok[w].pos, a->len)))
			a->clash = true;
		a->name = buf + tok[w].pos;
		a->len = tok[w].len;
	}
}

/* Is the call at i "NAME(0)"? */
static bool zero_arg(const struct ctx *c, size_t i, size_t *zero)
{
	size_t open, close;

	if (!call_parens(c->buf, c->tl, i, &open, &close))
		return false;
	*zero = next(c, open);
	return next(c, *zero) == close && c->tok[*zero].len == 1 &&
	       c->buf[c->tok[*zero].pos] == '0';
}

/*
 * alloc_etherdev(0) in a file whose net_device's area is read as one
 * struct T (here or in a local header): alloc_etherdev(sizeof(struct T)).
 */
static void alloc_etherdev(struct ctx *c, size_t i, bool assigned)
{
	const struct header_set *hs;
	struct area a = { NULL, 0, false };
	size_t zero, k;
	char *text;

	if (assigned || !zero_arg(c, i, &zero))
		return;
	area_type(&a, c->buf, c->tok);
	hs = file_headers(c->pt);
	for (k = 0; hs && k < hs->nr; k++)
		area_type(&a, hs->h[k].buf, hs->h[k].tl.tok);
	if (!a.name || a.clash)
		return;
	text = porter_printf(c->pt, "sizeof(struct %.*s)", (int)a.len, a.name);
	if (text && target_finding(&c->tg, c->tok[zero].pos, R_NETDEV_PRIV,
				   true, "alloc_etherdev(0) and dev->priv set apart: since 2.6.29 the private area comes with the net_device, sized here"))
		add_edit(c->pt, c->tok[zero].pos, 1, text);
	free(text);
}

/*
 * kfree(X); of a net_device X in a file that allocates its net_devices
 * with alloc_etherdev() or alloc_netdev(): free_netdev(X), their pair.  (A
 * file that kmallocs the net_device itself, as s390's chandev.c, frees it
 * so.)
 */
static void kfree_netdev(struct ctx *c, const struct hit *h, bool allocs)
{
	size_t open, close, x;

	if (!allocs || !is_call(c->buf, c->tl, h->tok) ||
	    !call_parens(c->buf, c->tl, h->tok, &open, &close))
		return;
	x = next(c, open);
	if (next(c, x) != close || type_of(c, x) != TOKEN_IDENT ||
	    !netdev_var(c, x))
		return;
	if (target_finding(&c->tg, c->tok[h->tok].pos, R_FREE_NETDEV, true,
			   "a net_device is freed with free_netdev() since 2.6 (it may lie inside its allocation, aligned; its queues go with it), not kfree()"))
		add_edit(c->pt, c->tok[h->tok].pos, c->tok[h->tok].len,
			 "free_netdev");
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

/* Does the file set X->priv otherwise than by its own kmalloc()? */
static bool priv_assigned(const struct ctx *c, const struct hit *h, size_t n)
{
	size_t k, x;

	for (k = 0; k < n; k++) {
		if (h[k].word != W_PRIV || (h[k].flags & (H_DEAD | H_PP)))
			continue;
		x = arrow_base(c, h[k].tok);
		if (x != SCAN_NONE && op(c, next(c, h[k].tok), "=") &&
		    priv_kmalloc(c, x, h[k].tok) == SCAN_NONE)
			return true;
	}
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


/* Token i, and then the tokens of want in order ("" an identifier). */
static size_t expect(const struct ctx *c, size_t i, const char *const *want,
		     size_t *ids, size_t nr_ids)
{
	return expect_tokens(c->buf, c->tl, i, want, ids, nr_ids);
}

/*
 * The old NAPI (2.6.23), converted when the file has its shape: one
 * "X->poll = P;" and "X->weight = W;" in one function, P defined here as
 * int P(struct net_device *D, int *B) returning 0 (done) or 1 (more), the
 * private area one struct T of this file (struct T *p = netdev_priv(d)),
 * netif_rx_complete(D) only in P, netif_rx_schedule(dev) elsewhere, and an
 * open and a stop method.  Then: T gets a struct napi_struct napi; P
 * becomes int P(struct napi_struct *napi, int budget) with D = napi->dev,
 * *B and D->quota become budget (their decrements go), return 1 becomes
 * return budget; netif_napi_add_weight(X, &PRIV(X)->napi, P, W) replaces
 * the two sets; netif_rx_schedule(d) napi_schedule(&PRIV(d)->napi),
 * netif_rx_complete(D) napi_complete(napi); open and stop enable and
 * disable it (when it was added: napi.poll is set).
 */
struct napi {
	size_t poll_set, weight_set;	/* the "X" of each set */
	size_t p;			/* P's name in its definition */
	size_t open, close, body, end;	/* P's parameters and body */
	size_t d, b;			/* P's parameter names */
	size_t type, type_close;	/* T's name, its definition's '}' */
	size_t methods[2];		/* the open and stop functions' names */
	size_t func, func_end;		/* the '{' '}' of the sets' function */
	size_t cond;			/* the "if" the sets are alone in, or NONE */
	int depth;			/* of the poll set */
};

static const char *napi_read_sets(struct ctx *c, const struct hit *h,
				  size_t n, struct napi *z)
{
	size_t k, nr_poll = 0, nr_weight = 0, v, wfunc = SCAN_NONE;

	for (k = 0; k < n; k++) {
		size_t m = h[k].tok, x;

		if ((h[k].flags & (H_DEAD | H_PP)) ||
		    (h[k].word != W_POLL && h[k].word != W_WEIGHT))
			continue;
		x = arrow_base(c, m);
		if (x == SCAN_NONE || !op(c, next(c, m), "="))
			continue;
		if (!is_statement(c, x))
			return "dev->poll or dev->weight is set inside an expression";
		if (h[k].word == W_POLL) {
			v = next(c, next(c, m));
			if (c->tok[v].type != TOKEN_IDENT || !op(c, next(c, v), ";"))
				return "dev->poll is set to an expression, not to a function's name";
			z->poll_set = x;
			z->p = v;
			z->func = h[k].func;
			z->depth = h[k].depth;
			nr_poll++;
		} else {
			z->weight_set = x;
			wfunc = h[k].func;
			nr_weight++;
		}
	}
	if (!nr_poll)
		return "the old NAPI, and no dev->poll = f; in this file to convert with it";
	if (nr_poll != 1 || nr_weight > 1)
		return "dev->poll or dev->weight is set more than once: one poll function per driver is what modport converts";
	if (nr_weight && wfunc != z->func)
		return "dev->poll and dev->weight are set in two functions";
	return NULL;
}

/* P: int P(struct net_device *D, int *B) { ... } defined here. */
static const char *napi_read_poll(struct ctx *c, struct napi *z)
{
	static const char *const nd[] = { "struct", "net_device", "*", "", ",",
					  "int", "*", "", ")", "{", NULL };
	size_t i, ids[2];

	for (i = find_decl(c, z->p, 0); i != SCAN_NONE;
	     i = find_decl(c, z->p, next(c, i))) {
		size_t end;

		z->open = next(c, i);
		end = expect(c, z->open, nd, ids, 2);
		if (end == SCAN_NONE || !ident(c, prev(c, i), "int"))
			continue;
		z->p = i;
		z->d = ids[0];
		z->b = ids[1];
		z->body = end;
		z->close = prev(c, end);
		z->end = match_close(c->buf, c->tl, end, '{', '}');
		return z->end == SCAN_NONE ? "the poll function could not be read" : NULL;
	}
	return "the poll function is not int f(struct net_device *dev, int *budget) defined in this file";
}

/* T, from "struct T *p = netdev_priv(": one type, defined in this file. */
static const char *napi_read_type(struct ctx *c, struct napi *z)
{
	size_t i, t = SCAN_NONE;
	int depth = 0;

	for (i = 0; c->tok[i].type != TOKEN_EOF; i = next(c, i)) {
		/* struct T * p = netdev_priv(, or struct T * p = X->priv */
		size_t e = i, s;

		if (!is_code(&c->tok[i]))
			continue;
		if (match_ident(c->buf, &c->tok[i], "priv"))
			e = arrow_base(c, i);
		else if (!match_ident(c->buf, &c->tok[i], "netdev_priv"))
			continue;
		s = prev(c, prev(c, prev(c, prev(c, prev(c, e)))));
		if (e == SCAN_NONE || !op(c, prev(c, e), "=") ||
		    !op(c, prev(c, prev(c, prev(c, e))), "*") ||
		    !ident(c, s, "struct"))
			continue;
		if (t != SCAN_NONE && !same(c, t, next(c, s)))
			return "the private area is read as two types";
		t = next(c, s);
	}
	if (t == SCAN_NONE)
		return "no struct T *p = netdev_priv(dev) names the private area's type";
	z->type = t;
	for (i = 0; c->tok[i].type != TOKEN_EOF; i = next(c, i)) {
		if (op(c, i, "{"))
			depth++;
		else if (op(c, i, "}"))
			depth--;
		if (!depth && same(c, i, t) && ident(c, prev(c, i), "struct") &&
		    op(c, next(c, i), "{")) {
			z->type_close = match_close(c->buf, c->tl, next(c, i),
						    '{', '}');
			return z->type_close == SCAN_NONE ?
			       "the private area's struct could not be read" : NULL;
		}
	}
	return "the private area's struct is not defined in this file";
}


/*
 * Where NAPI is added: last in the function that set dev->poll (after
 * whatever initializes the private area there), from the function's own
 * block or from an "if (C) { the two sets }" alone.
 */
static const char *napi_read_place(struct ctx *c, struct napi *z)
{
	size_t i, brace, rp, lp, last;
	int depth = 0;

	z->cond = SCAN_NONE;
	if (z->func == SCAN_NONE)
		return "dev->poll is set outside a function";
	z->func_end = match_close(c->buf, c->tl, z->func, '{', '}');
	if (z->func_end == SCAN_NONE)
		return "the function that sets dev->poll could not be read";
	for (i = next(c, z->func); i < z->func_end; i = next(c, i)) {
		if (op(c, i, "{"))
			depth++;
		else if (op(c, i, "}"))
			depth--;
		else if (ident(c, i, "return"))
			return "the function that sets dev->poll returns before its end";
	}
	if (z->depth == 1)
		return NULL;
	if (z->depth != 2)
		return "dev->poll is set in a nested block";
	for (brace = prev(c, z->poll_set); brace != SCAN_NONE &&
	     !op(c, brace, "{"); brace = prev(c, brace))
		if (op(c, brace, "}"))
			return "dev->poll is set in a block with other statements";
	rp = prev(c, brace);
	lp = op(c, rp, ")") ? match_open(c->buf, c->tl, rp, '(', ')') : SCAN_NONE;
	if (lp == SCAN_NONE || !ident(c, prev(c, lp), "if"))
		return "dev->poll is set in a block that is no if";
	last = z->weight_set != SCAN_NONE && z->weight_set > z->poll_set ?
	       z->weight_set : z->poll_set;
	if (next(c, brace) != (z->weight_set != SCAN_NONE &&
			       z->weight_set < z->poll_set ?
			       z->weight_set : z->poll_set) ||
	    !op(c, next(c, set_end_from(c, last)), "}") ||
	    ident(c, next(c, next(c, set_end_from(c, last))), "else"))
		return "dev->poll is set in an if with other statements";
	z->cond = prev(c, lp);
	return NULL;
}

/* P's body: returns 0 or 1 only; B only as *B; D->quota. */
static const char *napi_read_body(struct ctx *c, const struct napi *z)
{
	size_t i;

	for (i = next(c, z->body); i < z->end; i = next(c, i)) {
		if (ident(c, i, "return") &&
		    !((type_of(c, next(c, i)) == TOKEN_NUMBER) &&
		      (token_is(c->buf, &c->tok[next(c, i)], "0") ||
		       token_is(c->buf, &c->tok[next(c, i)], "1")) &&
		      op(c, next(c, next(c, i)), ";")))
			return "the poll function returns something else than 0 (done) or 1 (more to do)";
		if (same(c, i, z->b) && !op(c, prev(c, i), "*"))
			return "the poll function uses its budget pointer other than as *budget";
	}
	return NULL;
}

/* The open and stop methods' functions (set by hand, or in the ops). */
static void napi_methods(struct ctx *c, const struct hit *h, size_t n,
			 struct napi *z)
{
	size_t k, v;

	z->methods[0] = z->methods[1] = SCAN_NONE;
	for (k = 0; k < n; k++) {
		int w = h[k].word - W_METHOD;

		if (h[k].word < W_METHOD || w > 1 ||
		    (h[k].flags & (H_DEAD | H_PP)) ||
		    arrow_base(c, h[k].tok) == SCAN_NONE ||
		    !op(c, next(c, h[k].tok), "="))
			continue;
		v = next(c, next(c, h[k].tok));
		if (op(c, v, "&"))
			v = next(c, v);
		if (c->tok[v].type == TOKEN_IDENT)
			z->methods[w] = v;
	}
}

static char *priv_of(struct ctx *c, const struct napi *z, size_t x, size_t m)
{
	int lx, lt;
	const char *tx = m == SCAN_NONE ? text_of(c, x, &lx) :
					  base_text(c, x, m, &lx);
	const char *tt = text_of(c, z->type, &lt);

	return porter_printf(c->pt, "((struct %.*s *)netdev_priv(%.*s))->napi",
			     lt, tt, lx, tx);
}

/* napi_enable/disable in the open or stop function f, before its return. */
static void napi_switch(struct ctx *c, const struct napi *z, size_t f,
			const char *call)
{
	size_t i, open, close, body, end, last = SCAN_NONE, d;
	char *napi, *text;
	int depth = 0;

	i = find_decl(c, f, 0);
	for (; i != SCAN_NONE; i = find_decl(c, f, next(c, i))) {
		open = next(c, i);
		close = match_close(c->buf, c->tl, open, '(', ')');
		body = close == SCAN_NONE ? SCAN_NONE : next(c, close);
		if (op(c, body, "{"))
			break;
	}
	if (i == SCAN_NONE)
		return;
	d = prev(c, close);	/* the first parameter's name: (T *d) */
	end = match_close(c->buf, c->tl, body, '{', '}');
	if (end == SCAN_NONE || c->tok[d].type != TOKEN_IDENT)
		return;
	for (i = next(c, body); i < end; i = next(c, i)) {
		if (op(c, i, "{"))
			depth++;
		else if (op(c, i, "}"))
			depth--;
		else if (!depth && ident(c, i, "return"))
			last = i;
	}
	napi = priv_of(c, z, d, SCAN_NONE);
	if (!napi)
		return;
	text = porter_printf(c->pt, "if (%s.poll)%s\t\t%s(&%s);%s\t", napi,
			     c->pt->eol, call, napi, c->pt->eol);
	if (text && last != SCAN_NONE)
		add_edit(c->pt, c->tok[last].pos, 0, text);
	else if (text)
		add_edit(c->pt, line_start(c->buf, c->tok[end].pos), 0,
			 text);
	free(text);
	free(napi);
}

/* Is D used in P's body, other than in D->quota and netif_rx_complete(D)? */
static bool napi_dev_used(const struct ctx *c, const struct napi *z)
{
	size_t i;

	for (i = next(c, z->body); i < z->end; i = next(c, i))
		if (same(c, i, z->d) && !after_member_op(c->buf, c->tl, i) &&
		    !(op(c, next(c, i), "->") && ident(c, next(c, next(c, i)), "quota")) &&
		    !(op(c, prev(c, i), "(") &&
		      ident(c, prev(c, prev(c, i)), "netif_rx_complete")))
			return true;
	return false;
}

static void napi_edit_poll(struct ctx *c, const struct napi *z)
{
	size_t i;
	int ld;
	const char *td = text_of(c, z->d, &ld);
	char *text;

	add_edit(c->pt, tok_end(&c->tok[z->open]),
		 c->tok[z->close].pos - tok_end(&c->tok[z->open]),
		 "struct napi_struct *napi, int budget");
	text = porter_printf(c->pt, "%s\tstruct net_device *%.*s = napi->dev;",
			     c->pt->eol, ld, td);
	if (text && napi_dev_used(c, z))
		add_edit(c->pt, tok_end(&c->tok[z->body]), 0, text);
	free(text);
	for (i = next(c, z->body); i < z->end; i = next(c, i)) {
		size_t after;

		if (op(c, i, "*") && same(c, next(c, i), z->b) &&
		    !(type_of(c, prev(c, i)) == TOKEN_IDENT ||
		      type_of(c, prev(c, i)) == TOKEN_NUMBER ||
		      op(c, prev(c, i), ")"))) {
			after = next(c, next(c, i));
			if (op(c, after, "-=") && is_statement(c, i))
				delete_line_range(c->pt, c->tok[i].pos,
						  tok_end(&c->tok[set_end_from(c, after)]));
			else
				add_edit(c->pt, c->tok[i].pos,
					 tok_end(&c->tok[next(c, i)]) - c->tok[i].pos,
					 "budget");
			i = next(c, i);
		} else if (ident(c, i, "quota") && arrow_base(c, i) != SCAN_NONE) {
			size_t x = arrow_base(c, i);

			after = next(c, i);
			if (op(c, after, "-=") && is_statement(c, x))
				delete_line_range(c->pt, c->tok[x].pos,
						  tok_end(&c->tok[set_end_from(c, after)]));
			else
				add_edit(c->pt, c->tok[x].pos,
					 tok_end(&c->tok[i]) - c->tok[x].pos, "budget");
		} else if (ident(c, i, "return") &&
			   token_is(c->buf, &c->tok[next(c, i)], "1")) {
			add_edit(c->pt, c->tok[next(c, i)].pos, 1, "budget");
		} else if (ident(c, i, "netif_rx_complete") &&
			   is_call(c->buf, c->tl, i)) {
			size_t open, close;

			if (call_parens(c->buf, c->tl, i, &open, &close))
				add_edit(c->pt, c->tok[i].pos,
					 tok_end(&c->tok[close]) - c->tok[i].pos,
					 "napi_complete(napi)");
		}
	}
}

static void napi_edit_sets(struct ctx *c, const struct napi *z,
			   size_t poll_m, size_t weight_m)
{
	size_t wv, wsemi;
	char *napi = priv_of(c, z, z->poll_set, poll_m), *text, *cond;
	int lx, lp, lw = 0;
	const char *tx = base_text(c, z->poll_set, poll_m, &lx);
	const char *tp = c->buf + c->tok[next(c, next(c, poll_m))].pos;
	const char *tw = NULL;

	lp = (int)c->tok[next(c, next(c, poll_m))].len;
	if (weight_m != SCAN_NONE) {
		wv = next(c, next(c, weight_m));
		wsemi = set_end_from(c, wv);
		tw = c->buf + c->tok[wv].pos;
		lw = (int)(c->tok[wsemi].pos - c->tok[wv].pos);
		if (z->cond == SCAN_NONE)
			delete_line_range(c->pt, c->tok[z->weight_set].pos,
					  tok_end(&c->tok[wsemi]));
	}
	text = napi ? porter_printf(c->pt, tw ?
				    "netif_napi_add_weight(%.*s, &%s, %.*s, %.*s);" :
				    "netif_napi_add(%.*s, &%s, %.*s%.*s);",
				    lx, tx, napi, lp, tp, lw, tw ? tw : "") : NULL;
	if (!text)
		goto out;
	if (z->cond == SCAN_NONE) {
		delete_line_range(c->pt, c->tok[z->poll_set].pos,
				  tok_end(&c->tok[set_end_from(c, poll_m)]));
		cond = porter_printf(c->pt, "\t%s%s", text, c->pt->eol);
	} else {
		size_t lpar = next(c, z->cond);
		size_t rpar = match_close(c->buf, c->tl, lpar, '(', ')');
		size_t end = match_close(c->buf, c->tl, next(c, rpar), '{', '}');

		cond = porter_printf(c->pt, "\tif %.*s%s\t\t%s%s",
				     (int)(tok_end(&c->tok[rpar]) - c->tok[lpar].pos),
				     c->buf + c->tok[lpar].pos, c->pt->eol, text,
				     c->pt->eol);
		delete_line_range(c->pt, c->tok[z->cond].pos,
				  tok_end(&c->tok[end]));
	}
	if (cond)
		add_edit(c->pt, line_start(c->buf, c->tok[z->func_end].pos), 0,
			 cond);
	free(cond);
out:
	free(text);
	free(napi);
}

static void napi_edit_calls(struct ctx *c, const struct hit *h, size_t n,
			    const struct napi *z)
{
	size_t k, open, close, a;
	char *napi, *text;

	for (k = 0; k < n; k++) {
		if (h[k].word != W_RX_SCHEDULE || (h[k].flags & (H_DEAD | H_PP)) ||
		    !call_parens(c->buf, c->tl, h[k].tok, &open, &close))
			continue;
		a = next(c, open);
		napi = priv_of(c, z, a, SCAN_NONE);
		text = napi ? porter_printf(c->pt, "napi_schedule(&%s)", napi) : NULL;
		if (text)
			add_edit(c->pt, c->tok[h[k].tok].pos,
				 tok_end(&c->tok[close]) - c->tok[h[k].tok].pos, text);
		free(text);
		free(napi);
	}
}

/* Can the calls be converted: schedule(dev), complete(D) in P only? */
static const char *napi_read_calls(struct ctx *c, const struct hit *h,
				   size_t n, const struct napi *z)
{
	size_t k, open, close, a;

	for (k = 0; k < n; k++) {
		if ((h[k].word != W_RX_SCHEDULE && h[k].word != W_RX_COMPLETE) ||
		    (h[k].flags & (H_DEAD | H_PP)))
			continue;
		if (!call_parens(c->buf, c->tl, h[k].tok, &open, &close))
			return "netif_rx_schedule() or netif_rx_complete() is not called";
		a = next(c, open);
		if (next(c, a) != close || !netdev_var(c, a))
			return "netif_rx_schedule() or netif_rx_complete() is given more than a net_device";
		if (h[k].word == W_RX_COMPLETE &&
		    (h[k].tok < z->body || h[k].tok > z->end || !same(c, a, z->d)))
			return "netif_rx_complete() is called outside the poll function";
	}
	return NULL;
}

/* The member of the set at x (poll or weight): its token. */
static size_t member_of(const struct ctx *c, size_t x)
{
	size_t i;

	for (i = x; !op(c, i, "->"); i = next(c, i))
		;
	return next(c, i);
}

static void old_napi(struct ctx *c, const struct hit *h, size_t n,
		     bool assigned)
{
	struct napi z = { .poll_set = SCAN_NONE, .weight_set = SCAN_NONE,
			  .func = SCAN_NONE };
	const char *why;
	size_t k, pm, wm;
	bool fix;

	why = assigned ? "the file sets dev->priv: the napi_struct goes in a private area allocated with the net_device" :
	      napi_read_sets(c, h, n, &z);
	if (!why)
		why = napi_read_place(c, &z);
	if (!why)
		why = napi_read_poll(c, &z);
	if (!why)
		why = napi_read_body(c, &z);
	if (!why)
		why = napi_read_type(c, &z);
	if (!why)
		why = napi_read_calls(c, h, n, &z);
	if (!why) {
		napi_methods(c, h, n, &z);
		if (z.methods[0] == SCAN_NONE || z.methods[1] == SCAN_NONE)
			why = "no open and stop methods to enable and disable NAPI in";
	}
	if (!why && !target_from(&c->tg, KV(5, 19, 0)))
		why = "netif_napi_add_weight() is 5.19's, and the target reaches below it";
	fix = !why && target_need(&c->tg, R_NAPI) == NEED_FIX;
	for (k = 0; k < n; k++) {
		if ((h[k].flags & (H_DEAD | H_PP)) ||
		    !(((h[k].word == W_POLL || h[k].word == W_WEIGHT ||
			h[k].word == W_QUOTA) &&
		       arrow_base(c, h[k].tok) != SCAN_NONE) ||
		      ((h[k].word == W_RX_SCHEDULE ||
			h[k].word == W_RX_COMPLETE) &&
		       is_call(c->buf, c->tl, h[k].tok))))
			continue;
		target_finding(&c->tg, c->tok[h[k].tok].pos,
			       !fix && (h[k].word == W_RX_SCHEDULE ||
					h[k].word == W_RX_COMPLETE) ?
			       R_NET_DEVICE_OPS : R_NAPI, fix,
			       why ? why :
			       "the old NAPI (dev->poll, dev->weight, dev->quota, netif_rx_schedule(), netif_rx_complete()) is gone since 2.6.24: a struct napi_struct in the private area, netif_napi_add_weight(), int poll(struct napi_struct *, int budget), napi_schedule(), napi_complete(), napi_enable() in open and napi_disable() in stop");
	}
	if (!fix)
		return;
	pm = member_of(c, z.poll_set);
	wm = z.weight_set == SCAN_NONE ? SCAN_NONE : member_of(c, z.weight_set);
	napi_edit_poll(c, &z);
	napi_edit_sets(c, &z, pm, wm);
	napi_edit_calls(c, h, n, &z);
	add_edit(c->pt, line_start(c->buf, c->tok[z.type_close].pos), 0,
		 "\tstruct napi_struct napi;\n");
	napi_switch(c, &z, z.methods[0], "napi_enable");
	napi_switch(c, &z, z.methods[1], "napi_disable");
}

#define MC_WHY "net_device's multicast list is a struct netdev_hw_addr list since 2.6.35: netdev_for_each_mc_addr(ha, dev) over ha->addr, netdev_mc_count(dev), netdev_mc_empty(dev)"

/* X->last_rx = E; goes: the stack keeps no such stamp since 4.11. */
static void last_rx(struct ctx *c, const struct hit *h)
{
	size_t x = arrow_base(c, h->tok), semi;
	bool fix;

	if (x == SCAN_NONE)
		return;
	semi = set_end_from(c, h->tok);
	fix = op(c, next(c, h->tok), "=") && starts_statement(c, x);
	if (target_finding(&c->tg, c->tok[h->tok].pos, R_LAST_RX, fix,
			   "net_device has no last_rx since 4.11 (nothing read it): the line goes"))
		delete_line_range(c->pt, c->tok[x].pos, tok_end(&c->tok[semi]));
}

/*
 * The multicast list (2.6.35), converted in a file whose every use has a
 * shape below, else reported:
 *
 *	struct dev_mc_list *v;		-> struct netdev_hw_addr *v;
 *	for (v = X->mc_list; v; v = v->next)
 *					-> netdev_for_each_mc_addr(v, X)
 *	v->dmi_addr, v->dmi_addrlen	-> v->addr, X->addr_len
 *	if (X->mc_list), a || X->mc_list -> !netdev_mc_empty(X)
 *	X->mc_count (read)		-> netdev_mc_count(X)
 */
struct mc_loop {
	size_t v, x, head, close;	/* its variable, X, "for", ')' */
	size_t end;			/* the end of its body */
};

/* "for (v = X->mc_list; v [!= NULL]; v = v->next)" at member m. */
static bool mc_for(const struct ctx *c, size_t x, size_t m,
		   struct mc_loop *l)
{
	size_t eq = prev(c, x), v = prev(c, eq), open = prev(c, v), i;

	if (!op(c, eq, "=") || type_of(c, v) != TOKEN_IDENT ||
	    !op(c, open, "(") || !ident(c, prev(c, open), "for") ||
	    !op(c, next(c, m), ";"))
		return false;
	i = next(c, next(c, m));
	if (!same(c, i, v))
		return false;
	i = next(c, i);
	if (op(c, i, "!=") && ident(c, next(c, i), "NULL"))
		i = next(c, next(c, i));
	if (!op(c, i, ";") || !same(c, next(c, i), v) ||
	    !op(c, next(c, next(c, i)), "="))
		return false;
	i = next(c, next(c, next(c, i)));
	if (!same(c, i, v) || !op(c, next(c, i), "->") ||
	    !ident(c, next(c, next(c, i)), "next") ||
	    !op(c, next(c, next(c, next(c, i))), ")"))
		return false;
	l->v = v;
	l->x = x;
	l->head = prev(c, open);
	l->close = next(c, next(c, next(c, i)));
	i = next(c, l->close);
	l->end = op(c, i, "{") ? match_close(c->buf, c->tl, i, '{', '}') :
		 set_end_from(c, i);
	return l->end != SCAN_NONE;
}

/* Is X->mc_list at x..m a truth value: if (X->mc_list), a || X->mc_list? */
static bool mc_truth(const struct ctx *c, size_t x, size_t m)
{
	size_t p = prev(c, x), n = next(c, m);

	if (op(c, p, "!"))
		p = prev(c, p);
	return (op(c, p, "||") || op(c, p, "&&") ||
		(op(c, p, "(") && (ident(c, prev(c, p), "if") ||
				   ident(c, prev(c, p), "while")))) &&
	       (op(c, n, ")") || op(c, n, "||") || op(c, n, "&&"));
}

/* "struct dev_mc_list *v;" at dev_mc_list: v, else SCAN_NONE. */
static size_t mc_decl(const struct ctx *c, size_t t)
{
	size_t star = next(c, t), v = next(c, star);

	return ident(c, prev(c, t), "struct") && op(c, star, "*") &&
	       type_of(c, v) == TOKEN_IDENT && op(c, next(c, v), ";") ?
	       v : SCAN_NONE;
}

/* The loop whose variable v is used at token i (its header or body). */
static const struct mc_loop *mc_loop_of(const struct mc_loop *l, size_t nr,
					const struct ctx *c, size_t i)
{
	size_t k;

	for (k = 0; k < nr; k++)
		if (same(c, l[k].v, i) && i > l[k].head && i < l[k].end)
			return &l[k];
	return NULL;
}

/*
 * Is every use of the variable declared at v one of its loop's: in the
 * header, or "v->dmi_addr", "v->dmi_addrlen" in the body?
 */
static bool mc_var_ok(const struct ctx *c, size_t v, size_t func,
		      const struct mc_loop *l, size_t nr)
{
	size_t end = match_close(c->buf, c->tl, func, '{', '}'), i;
	const struct mc_loop *lp;

	for (i = next(c, v); end != SCAN_NONE && i < end; i = next(c, i)) {
		if (!same(c, i, v))
			continue;
		lp = mc_loop_of(l, nr, c, i);
		if (!lp)
			return false;
		if (i < lp->close)
			continue;
		if (!op(c, next(c, i), "->") ||
		    !(ident(c, next(c, next(c, i)), "dmi_addr") ||
		      ident(c, next(c, next(c, i)), "dmi_addrlen")))
			return false;
	}
	return end != SCAN_NONE;
}

/* Why the file's multicast list cannot be converted; NULL: it can. */
static const char *mc_read(const struct ctx *c, const struct hit *h,
			   size_t n, struct mc_loop *l, size_t *nr)
{
	size_t k, x, v;
	bool any = false;

	*nr = 0;
	for (k = 0; k < n; k++) {
		if ((h[k].flags & (H_DEAD | H_PP)) || h[k].word != W_MC_LIST)
			continue;
		x = arrow_base(c, h[k].tok);
		if (x == SCAN_NONE)
			continue;
		any = true;
		if (*nr < 8 && mc_for(c, x, h[k].tok, &l[*nr]))
			(*nr)++;
		else if (!mc_truth(c, x, h[k].tok))
			return "dev->mc_list is used otherwise than walked by \"for (v = dev->mc_list; v; v = v->next)\" or tested";
	}
	for (k = 0; k < n; k++) {
		if ((h[k].flags & (H_DEAD | H_PP)) ||
		    h[k].word != W_DEV_MC_LIST ||
		    !ident(c, prev(c, h[k].tok), "struct"))
			continue;
		any = true;
		v = mc_decl(c, h[k].tok);
		if (v == SCAN_NONE || h[k].func == SCAN_NONE ||
		    !mc_var_ok(c, v, h[k].func, l, *nr))
			return "a struct dev_mc_list is used otherwise than as the variable of a walk of dev->mc_list that reads its dmi_addr";
	}
	for (k = 0; k < n; k++)
		if (!(h[k].flags & (H_DEAD | H_PP)) &&
		    (h[k].word == W_DMI_ADDR || h[k].word == W_DMI_ADDRLEN) &&
		    op(c, prev(c, h[k].tok), "->") &&
		    !mc_loop_of(l, *nr, c, prev(c, prev(c, h[k].tok))))
			return "dmi_addr is read outside a walk of dev->mc_list";
	return any || *nr ? NULL : "";
}

/* Replace tokens [from, to] with text. */
static void replace_tokens(struct ctx *c, size_t from, size_t to,
			   const char *text)
{
	if (text)
		add_edit(c->pt, c->tok[from].pos,
			 tok_end(&c->tok[to]) - c->tok[from].pos, text);
}

/* One use of the list, converted. */
static void mc_edit(struct ctx *c, const struct hit *h,
		    const struct mc_loop *l, size_t nr)
{
	size_t x = arrow_base(c, h->tok), v;
	const struct mc_loop *lp;
	char *text = NULL;
	bool not;

	switch (h->word) {
	case W_DEV_MC_LIST:
		text = porter_printf(c->pt, "netdev_hw_addr");
		replace_tokens(c, h->tok, h->tok, text);
		break;
	case W_MC_LIST:
		lp = mc_loop_of(l, nr, c, prev(c, prev(c, x)));
		if (lp && lp->x == x) {
			text = porter_printf(c->pt,
					     "netdev_for_each_mc_addr(%.*s, %.*s)",
					     (int)c->tok[lp->v].len,
					     c->buf + c->tok[lp->v].pos,
					     (int)c->tok[x].len,
					     c->buf + c->tok[x].pos);
			replace_tokens(c, lp->head, lp->close, text);
			break;
		}
		not = op(c, prev(c, x), "!");
		text = porter_printf(c->pt, "%snetdev_mc_empty(%.*s)",
				     not ? "" : "!", (int)c->tok[x].len,
				     c->buf + c->tok[x].pos);
		replace_tokens(c, not ? prev(c, x) : x, h->tok, text);
		break;
	case W_DMI_ADDR:
		text = porter_printf(c->pt, "addr");
		replace_tokens(c, h->tok, h->tok, text);
		break;
	case W_DMI_ADDRLEN:
		v = prev(c, prev(c, h->tok));
		lp = mc_loop_of(l, nr, c, v);
		text = porter_printf(c->pt, "%.*s->addr_len",
				     (int)c->tok[lp->x].len,
				     c->buf + c->tok[lp->x].pos);
		replace_tokens(c, v, h->tok, text);
		break;
	}
	free(text);
}

/* X->mc_count, read: netdev_mc_count(X); else reported. */
static void mc_count(struct ctx *c, const struct hit *h, bool fix)
{
	size_t x = arrow_base(c, h->tok), a = next(c, h->tok);
	char *text;

	if (x == SCAN_NONE)
		return;
	fix = fix && !(op(c, a, "=") || op(c, a, "++") || op(c, a, "--") ||
		       op(c, a, "+=") || op(c, a, "-=") ||
		       op(c, prev(c, x), "++") || op(c, prev(c, x), "--") ||
		       op(c, prev(c, x), "&"));
	if (!target_finding(&c->tg, c->tok[h->tok].pos, R_MC_LIST, fix,
			    MC_WHY) || !fix)
		return;
	text = porter_printf(c->pt, "netdev_mc_count(%.*s)",
			     (int)c->tok[x].len, c->buf + c->tok[x].pos);
	replace_tokens(c, x, h->tok, text);
	free(text);
}

/* Is the hit a use of the list that mc-list speaks of? */
static bool mc_use(const struct ctx *c, const struct hit *t, bool fix)
{
	switch (t->word) {
	case W_MC_LIST:
		return arrow_base(c, t->tok) != SCAN_NONE;
	case W_DEV_MC_LIST:
		return ident(c, prev(c, t->tok), "struct");
	case W_DMI_ADDR:
	case W_DMI_ADDRLEN:
		return fix && op(c, prev(c, t->tok), "->");
	}
	return false;
}

static void mc_list(struct ctx *c, const struct hit *h, size_t n)
{
	struct mc_loop l[8];
	size_t nr, k;
	const char *why = mc_read(c, h, n, l, &nr);
	bool fix = !why;
	char *msg;

	if (why && !*why)
		why = NULL;	/* no list: only mc_count, maybe */
	msg = why ? porter_printf(c->pt, "%s (not fixed: %s)", MC_WHY, why) :
		    NULL;
	for (k = 0; k < n; k++) {
		const struct hit *t = &h[k];

		if (t->flags & (H_DEAD | H_PP))
			continue;
		if (t->word == W_MC_COUNT) {
			mc_count(c, t, !why);
			continue;
		}
		if (!mc_use(c, t, fix))
			continue;
		if (target_finding(&c->tg, c->tok[t->tok].pos, R_MC_LIST, fix,
				   msg ? msg : MC_WHY) && fix)
			mc_edit(c, t, l, nr);
	}
	free(msg);
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
	case W_LAST_RX:
		last_rx(c, h);
		break;
	case W_KFREE:
		kfree_netdev(c, h, c->allocs);
		break;
	case W_ALLOC_ETHERDEV:
		if (is_call(c->buf, c->tl, h->tok))
			alloc_etherdev(c, h->tok, assigned);
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
	for (k = 0; k < n; k++)
		if ((h[k].word == W_ALLOC_ETHERDEV ||
		     h[k].word == W_ALLOC_NETDEV) &&
		    !(h[k].flags & (H_DEAD | H_PP)) &&
		    is_call(pt->buf, pt->tl, h[k].tok))
			c.allocs = true;
	target_init(&c.tg, pt);
	set_module_owner(&c, h, n, netdev);
	if (!netdev)
		return;
	assigned = priv_assigned(&c, h, n);
	old_napi(&c, h, n, assigned);
	method_sets(&c, h, n);
	mc_list(&c, h, n);
	for (k = 0; k < c.nr_made; k++)
		free(c.made[k]);
	for (k = 0; k < n; k++)
		if (h[k].word < W_METHOD && !(h[k].flags & (H_DEAD | H_PP)))
			one(&c, &h[k], assigned);
		else if (h[k].word == W_PRIV && (h[k].flags & H_BODY) &&
			 !(h[k].flags & H_DEAD) && h[k].kw == KW_DEFINE)
			priv_in_macro(&c, &h[k], assigned);
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
