/* many-2.h: spells many_flag, declares nothing */
#ifndef MANY_2_H
#define MANY_2_H
#define MANY_2() (many_flag + 2)
#endif
