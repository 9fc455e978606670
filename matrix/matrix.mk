# The kernel matrix (included by the top Makefile).
#
#   make check-matrix                  every kernel of matrix/expect: the 2.4
#                                      listing's failure asserted, hello proven
#                                      by modrun, the table; then the DKMS test
#                                      on the default kernel and on 7.3 (dkms
#                                      inside the trixie build root), and the
#                                      port-and-prove fixtures on 7.3 (make
#                                      check proves them on the default kernel)
#   make check-matrix MATRIX_KERNELS="6.12 7.3"   only those kernels
#   make matrix-clean                  forget the matrix's build outputs
#
# Kernels are fetched into $(CACHE)/kernels on first use; a kernel whose
# headers want another suite's compiler gets a build root ($(CACHE)/roots).

MATRIX_KERNELS ?=
MATRIX_JOBS ?= 2

check-matrix: deps $(B)/bin/modrun
	MODRUN_CACHE=$(CACHE) matrix/run -j$(MATRIX_JOBS) $(MATRIX_KERNELS)
	KERNEL=$(KERNEL) CACHE=$(CACHE) prove tests/dkms.t
	KERNEL=7.3 CACHE=$(CACHE) prove tests/dkms.t tests/port-prove.t

matrix-clean:
	rm -rf $(B)/matrix $(B)/dkms

.PHONY: check-matrix matrix-clean

# modrun's boot time per kernel of the matrix (median of 5, one at a time),
# next to the kernel's own clock at /init.
bench-matrix: $(B)/bin/modrun
	MODRUN_CACHE=$(CACHE) matrix/bench-boot $(MATRIX_KERNELS)

.PHONY: bench-matrix
