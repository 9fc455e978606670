#include <string.h>
#include <stdio.h>
