// SPDX-License-Identifier: GPL-2.0
/*
 * What a file's own names shadow in the atlas, inside functions:
 * sizeof(struct streebog_state) names the kernel's struct, it defines
 * nothing, so the member gone in 7.3 is still found (gost-crypto); a
 * struct a function defines is the file's own (samples/bpf's gre_hdr);
 * a sparse annotation's argument is never compiled (__acquires()).
 */
#include <linux/module.h>
#include <linux/string.h>
#include <linux/timer.h>
#include <crypto/streebog.h>

static void reset(struct streebog_state *ctx)
{
	memset(ctx, 0, sizeof(struct streebog_state));
	ctx->fillsize = 0;
}

static int flags_at(void)
{
	struct gre_hdr {
		__be16 flags;
		__be16 proto;
	};

	return offsetof(struct gre_hdr, proto);
}

static void lock_base(struct timer_list *timer)
	__acquires(timer->base->lock)
{
}
