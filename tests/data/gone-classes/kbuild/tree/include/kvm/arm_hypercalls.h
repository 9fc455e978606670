/* Only arm64 includes this header: its <asm/kvm_emulate.h> is arm64's. */
#ifndef __KVM_ARM_HYPERCALLS_H
#define __KVM_ARM_HYPERCALLS_H

#include <asm/kvm_emulate.h>

#endif
