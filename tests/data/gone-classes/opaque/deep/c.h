/* SPDX-License-Identifier: GPL-2.0 */
struct at91_priv {
	struct at91_can_data *pdata;
};
#include "d.h"
