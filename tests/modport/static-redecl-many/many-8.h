/* many-8.h: spells many_flag, declares nothing */
#ifndef MANY_8_H
#define MANY_8_H
#define MANY_8() (many_flag + 8)
#endif
