/* SPDX-License-Identifier: GPL-2.0 */
/* The package's own copy of a kernel header, as it was when written. */
#ifndef _CRYPTO_STREEBOG_H
#define _CRYPTO_STREEBOG_H

#include <linux/types.h>

struct streebog_state {
	u8 buffer[64];
	unsigned int filled;
};

#endif
