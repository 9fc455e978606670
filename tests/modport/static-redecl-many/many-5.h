/* many-5.h: spells many_flag, declares nothing */
#ifndef MANY_5_H
#define MANY_5_H
#define MANY_5() (many_flag + 5)
#endif
