/* many-9.h: spells many_flag, declares nothing */
#ifndef MANY_9_H
#define MANY_9_H
#define MANY_9() (many_flag + 9)
#endif
