/*
 * deep-b.h: the second; its macro spells deep_far, which it does not
 * declare: the chain is looked at for it, down to the third only
 */
#ifndef DEEP_B_H
#define DEEP_B_H
#include "deep-c.h"
#define DEEP_FAR() (deep_far)
#endif
