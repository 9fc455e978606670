/* many-6.h: spells many_flag, declares nothing */
#ifndef MANY_6_H
#define MANY_6_H
#define MANY_6() (many_flag + 6)
#endif
