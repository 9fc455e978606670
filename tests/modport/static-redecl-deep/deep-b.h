/* deep-b.h: the second */
#ifndef DEEP_B_H
#define DEEP_B_H
#include "deep-c.h"
#endif
