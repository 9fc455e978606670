#include <stdio.h>
#include <time.h>
