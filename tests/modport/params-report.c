/*
 * MODULE_PARMs that cannot be mapped, reported and left as they are; then
 * some that map once the declaration is believed over the type string, with
 * a note that says what changed.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/types.h>

struct cfg { int x; } cfg;
enum speed { SLOW, FAST } speed;
static int map[4][2];
static char names[2][16];
static char *path;
static ssize_t frame;
static int *where;
#define PARM(x, t) MODULE_PARM(x, t)

MODULE_PARM(nowhere, "i");	/* declared elsewhere */
MODULE_PARM(cfg, "i");		/* a struct */
MODULE_PARM(speed, "i");	/* an enum */
MODULE_PARM(map, "1-8i");	/* two dimensions */
MODULE_PARM(names, "1-2c16");	/* an array of char buffers */
MODULE_PARM(path, "i");		/* an integer into a pointer */
MODULE_PARM(frame, "i");	/* ssize_t: its width depends on the arch */
MODULE_PARM(where, "i");	/* a pointer to int */
MODULE_PARM(cfg, "x");		/* no such letter */
MODULE_PARM(cfg, 1);		/* not a type string */
#ifndef MODULE_PARM
#define MODULE_PARM(v, t)	/* a compatibility shim: left alone */
#endif
#if defined(MODULE_PARM)
#endif

static long wrong;
static int arr[4];
static int scalar;
static int ok;

MODULE_PARM(wrong, "i");	/* letter and type disagree */
MODULE_PARM(arr, "i");		/* array without a range */
MODULE_PARM(scalar, "1-2i");	/* range on a scalar */
MODULE_PARM(ok, "i");
MODULE_PARM(wrong, "1-2l");
