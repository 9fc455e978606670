/* many-4.h: spells many_flag, declares nothing */
#ifndef MANY_4_H
#define MANY_4_H
#define MANY_4() (many_flag + 4)
#endif
