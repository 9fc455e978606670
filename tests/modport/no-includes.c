/*
 * No #include at all: <linux/init.h> goes before the first line of code.
 */

#define MODULE

int init_module(void) { return 0; }
void cleanup_module(void) { }
