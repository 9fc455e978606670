/* arm64 keeps <asm/kvm_emulate.h>; x86 moved its own to arch/x86/kvm/ (5.9). */
