/* deep-d.h: the fourth, past the depth static-redecl follows */
#ifndef DEEP_D_H
#define DEEP_D_H
extern int deep_far;
#endif
