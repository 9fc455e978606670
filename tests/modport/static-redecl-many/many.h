/* many.h: ten headers below it spell many_flag; its extern comes last */
#ifndef MANY_H
#define MANY_H
#define MANY_FLAG() (many_flag)
#include "many-1.h"
#include "many-2.h"
#include "many-3.h"
#include "many-4.h"
#include "many-5.h"
#include "many-6.h"
#include "many-7.h"
#include "many-8.h"
#include "many-9.h"
#include "many-10.h"
extern int many_flag;
#endif
