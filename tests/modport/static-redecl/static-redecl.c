/* static-redecl: static after a declaration without static (GCC 4 rejects it) */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/delay.h>
#include "static-redecl.h"

static int verbose;	/* = 0; sonypi.c's: extern in its own header */
static int debug_level = 1, other_level;

static int redecl_probe(int unit)
{
	return unit + verbose + debug_level + other_level;
}

/* a typedef'd type, a reserved name (udivdi3.c's __clz_tab) */
static const redecl_t __redecl_tab[] = { 1, 2 };

/* negative: a header's declaration and a static in a branch of #if */
#ifdef CONFIG_REDECL_FCOE
char redecl_descr[] = "fcoe";
#else
static char redecl_descr[] = "plain";
#endif

/* left alone: a header's declaration in a branch of #if is not judged */
static void redecl_free(void *p)
{
}

/* negative: xfs's STATIC (#define STATIC static) may be static */
#define STATIC static
STATIC int redecl_xfs(void);
static int redecl_xfs(void)
{
	return 0;
}

/* an attribute macro before the name: the name is redecl_log */
#define __redecl_printf(a, b) __attribute__((format(printf, a, b)))
static __redecl_printf(1, 2) int redecl_log(const char *fmt, ...)
{
	return 0;
}

/* negative: a macro that defines, then a definition (bfad_im.c's) */
#define REDECL_DEF(name) int name(void) { return 0; }
static REDECL_DEF(redecl_defined)

int
redecl_after_macro(void)
{
	return redecl_defined();
}

/* negative: the header's "struct redecl_ring;" declares a tag */
static struct redecl_dev *redecl_ring;

/* negative: an annotation after the name is no name of its own */
#define __redecl_section __attribute__((__section__(".data")))
struct redecl_dev redecl_first __redecl_section = { 0, 0 };
static struct redecl_dev redecl_second __redecl_section = { 0, 1 };

/* the first declaration in the file itself */
int redecl_limit;
static int redecl_limit = 4;

extern void redecl_reset(void);

static void redecl_reset(void)
{
	redecl_limit = 0;
}

/* negative: the first declaration is static (in the header) */
static int redecl_count;

/* negative: the earlier one is static, a later extern keeps it internal */
static int redecl_quiet;
extern int redecl_quiet;
static int redecl_quiet;

/* negative: the two in different branches of #if/#else */
#ifdef CONFIG_REDECL_SHARED
int redecl_mode;
#else
static int redecl_mode;
#endif

/* negative: a parameter's name, a macro's argument, an initializer's use */
int redecl_set(int redecl_arg);
static int redecl_arg;
REDECL_NOTE(redecl_noted);
static int redecl_noted;

/* negative: block scope (no linkage: it hides the file's) */
int redecl_inner;

static int redecl_use(void)
{
	static int redecl_inner;

	return redecl_inner + redecl_twice(redecl_probe(0));
}

/*
 * left alone: <linux/delay.h> declares it extern, but the kernel's headers
 * are not read
 */
static unsigned long loops_per_jiffy;

static int __init redecl_init(void)
{
	redecl_reset();
	return redecl_use() + redecl_arg + redecl_noted + redecl_mode +
	       redecl_count + redecl_quiet + (int)loops_per_jiffy +
	       __redecl_tab[0] + redecl_second.unit +
	       (redecl_ring ? 1 : 0) + redecl_descr[0] +
	       redecl_xfs() + redecl_log("%d", 0);
}

static void __exit redecl_exit(void)
{
}

module_init(redecl_init);
module_exit(redecl_exit);
MODULE_LICENSE("GPL");
