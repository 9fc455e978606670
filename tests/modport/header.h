/* A header that declares the 2.4 names: nothing to port here. */
#ifndef HEADER_H
#define HEADER_H
int init_module(void);
void cleanup_module(void);
#endif
