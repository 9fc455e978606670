/* SPDX-License-Identifier: GPL-2.0 */
#include <stdio.h>
#include <time.h>
