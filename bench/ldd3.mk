# make check-ldd3: the LDD3 proof of modport (bench/ldd3.sh).  LDD3_ORIG and
# LDD3_HUMAN name the corpus (default cache/ldd3-orig, cache/ldd3-human);
# KERNELS the kernels (default 6.1 6.12 7.3).  Skipped when absent.
LDD3_ORIG ?= $(CACHE)/ldd3-orig
LDD3_HUMAN ?= $(CACHE)/ldd3-human

check-ldd3: tools
	bench/ldd3.sh $(LDD3_ORIG) $(LDD3_HUMAN)

.PHONY: check-ldd3
