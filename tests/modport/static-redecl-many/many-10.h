/* many-10.h: spells many_flag, declares nothing */
#ifndef MANY_10_H
#define MANY_10_H
#define MANY_10() (many_flag + 10)
#endif
