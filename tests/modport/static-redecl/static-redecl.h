/* static-redecl.h: the driver's own header, as sonypi.h */
#ifndef STATIC_REDECL_H
#define STATIC_REDECL_H

extern int verbose;
extern int debug_level;
int redecl_probe(int unit);
typedef unsigned char redecl_t;
extern const redecl_t __redecl_tab[];
static int redecl_count;		/* static here: the .c's static is right */

static inline int redecl_twice(int x)	/* a header's static inline: left */
{
	return 2 * x;
}

#ifdef CONFIG_REDECL_FCOE
extern char redecl_descr[];		/* ixgbe.h's, under IXGBE_FCOE */
#endif

#ifndef CONFIG_REDECL_SLOB
void redecl_free(void *p);		/* slab.h's: one allocator's */
#endif
int redecl_after_macro(void);
int redecl_log(const char *fmt, ...);

struct redecl_ring;			/* a tag (ips.h's struct ips_ha;) */

struct redecl_dev {
	int verbose_level;		/* a member: no declaration of the file scope */
	int unit;
};

#endif
