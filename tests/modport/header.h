/* A header that declares the 2.4 names: reported (stale once the .c is ported). */
#ifndef HEADER_H
#define HEADER_H
int init_module(void);
void cleanup_module(void);
#endif
