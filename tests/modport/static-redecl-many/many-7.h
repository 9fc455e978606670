/* many-7.h: spells many_flag, declares nothing */
#ifndef MANY_7_H
#define MANY_7_H
#define MANY_7() (many_flag + 7)
#endif
