#include "three.h"
