/* deep-c.h: the third, read by static-redecl */
#ifndef DEEP_C_H
#define DEEP_C_H
#include "deep-d.h"
extern int deep_verbose;
#endif
