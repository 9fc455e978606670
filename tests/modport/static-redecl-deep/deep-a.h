/* deep-a.h: the first of the chain; deep_mention is only a word here */
#ifndef DEEP_A_H
#define DEEP_A_H
#include "deep-b.h"
int deep_sum(void);
#endif
