/* A 2.4 driver's header: its entry points declared for the other files. */
#ifndef INIT_DECL_H
#define INIT_DECL_H

#ifdef MODULE
int init_module(void);
void cleanup_module(void);
#endif

#endif
