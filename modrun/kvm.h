/* SPDX-License-Identifier: GPL-2.0 */
/* Does KVM really work here?  /dev/kvm existing is not enough. */
#ifndef MODRUN_KVM_H
#define MODRUN_KVM_H

#include <stdbool.h>

/*
 * Run a one-instruction guest (hlt) through the KVM API in a child process;
 * true only if it halts within @seconds.  A hanging KVM costs @seconds.
 */
bool kvm_probe(double seconds);

#endif
