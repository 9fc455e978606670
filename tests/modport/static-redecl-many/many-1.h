/* many-1.h: spells many_flag, declares nothing */
#ifndef MANY_1_H
#define MANY_1_H
#define MANY_1() (many_flag + 1)
#endif
