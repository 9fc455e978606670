#include "four.h"
