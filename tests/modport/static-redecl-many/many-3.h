/* many-3.h: spells many_flag, declares nothing */
#ifndef MANY_3_H
#define MANY_3_H
#define MANY_3() (many_flag + 3)
#endif
