/* SPDX-License-Identifier: GPL-2.0 */
/* Four local headers down: not read for every file. */
static inline int at91_multi_irq(struct at91_priv *priv)
{
	return priv->pdata->multi_irq;
}
