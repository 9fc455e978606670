// SPDX-License-Identifier: GPL-2.0
/*
 * Asks the kernel for modules at run time, as drivers do: the kernel's
 * request_module(), served in the guest by modrun's modprobe from the
 * kernel's own modules.
 *
 * alg=NAME (default "md4"): crypto_alloc_shash(NAME), which makes the
 * crypto API ask for "crypto-md4" (Debian builds crypto/md4.ko as a
 * module, on 6.1 and 7.3 alike), then the digest of the empty message:
 * RFC 1320's 31d6cfe0 d16ae931 b73c59d7 e0c089c0 for MD4.  A keyed hash
 * (xcbc(aes), ...) is keyed with RFC 3566's 000102...0f first.
 * alias=NAME: request_module(NAME) itself; its status is printed, and a
 * failure fails the load.  alg= (empty) skips the crypto part.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <crypto/hash.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kmod.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/string.h>

static char *alg = "md4";
module_param(alg, charp, 0444);
MODULE_PARM_DESC(alg, "a hash to allocate (crypto_alloc_shash)");

static char *alias;
module_param(alias, charp, 0444);
MODULE_PARM_DESC(alias, "a module name or alias to request_module()");

static const u8 rfc3566_key[16] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
};

static int try_hash(void)
{
	struct crypto_shash *tfm = crypto_alloc_shash(alg, 0, 0);
	u8 out[64];
	int ret;

	if (IS_ERR(tfm)) {
		pr_err("crypto_alloc_shash(\"%s\") = %ld\n", alg, PTR_ERR(tfm));
		return PTR_ERR(tfm);
	}
	pr_info("crypto_alloc_shash(\"%s\"): %s, from module %s\n", alg,
		crypto_shash_driver_name(tfm),
		crypto_shash_tfm(tfm)->__crt_alg->cra_module ?
		crypto_shash_tfm(tfm)->__crt_alg->cra_module->name : "(built in)");
	ret = 0;
	if (crypto_shash_get_flags(tfm) & CRYPTO_TFM_NEED_KEY)
		ret = crypto_shash_setkey(tfm, rfc3566_key,
					  sizeof(rfc3566_key));
	if (!ret && crypto_shash_digestsize(tfm) <= sizeof(out))
		ret = crypto_shash_tfm_digest(tfm, NULL, 0, out);
	if (!ret)
		pr_info("%s of \"\": %*phN\n", alg,
			(int)crypto_shash_digestsize(tfm), out);
	else
		pr_err("%s: setkey or digest: %d\n", alg, ret);
	crypto_free_shash(tfm);
	return ret;
}

static int __init kmodreq_init(void)
{
	int ret;

	if (alias) {
		ret = request_module("%s", alias);
		pr_info("request_module(\"%s\") = %d\n", alias, ret);
		if (ret)
			return ret < 0 ? ret : -ENOENT;
	}
	return alg && *alg ? try_hash() : 0;
}

static void __exit kmodreq_exit(void)
{
	pr_info("done\n");
}

module_init(kmodreq_init);
module_exit(kmodreq_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("modrun test: a module that asks the kernel for modules");
