/* SPDX-License-Identifier: GPL-2.0 */
struct at91_priv {
	void __iomem *reg_base;
	struct at91_can_data *pdata;
};
