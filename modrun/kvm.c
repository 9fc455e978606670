// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <linux/kvm.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kvm.h"

/* In the child: 0 when a real-mode "hlt" at 0x1000 exits with KVM_EXIT_HLT. */
static int hlt_guest(void)
{
	struct kvm_userspace_memory_region region;
	struct kvm_sregs sregs;
	struct kvm_regs regs;
	struct kvm_run *run;
	int kvm, vm, vcpu, size;
	uint8_t *mem;

	kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (kvm < 0 || ioctl(kvm, KVM_GET_API_VERSION, 0) != 12)
		return 1;
	vm = ioctl(kvm, KVM_CREATE_VM, 0);
	mem = mmap(NULL, 0x2000, PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (vm < 0 || mem == MAP_FAILED)
		return 1;
	mem[0x1000] = 0xf4;	/* hlt */
	region = (struct kvm_userspace_memory_region){
		.guest_phys_addr = 0, .memory_size = 0x2000,
		.userspace_addr = (uintptr_t)mem,
	};
	vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	size = ioctl(kvm, KVM_GET_VCPU_MMAP_SIZE, 0);
	if (ioctl(vm, KVM_SET_USER_MEMORY_REGION, &region) || vcpu < 0 ||
	    size <= 0)
		return 1;
	run = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED,
		   vcpu, 0);
	if (run == MAP_FAILED || ioctl(vcpu, KVM_GET_SREGS, &sregs))
		return 1;
	sregs.cs.base = 0;
	sregs.cs.selector = 0;
	memset(&regs, 0, sizeof(regs));
	regs.rip = 0x1000;
	regs.rflags = 2;
	if (ioctl(vcpu, KVM_SET_SREGS, &sregs) || ioctl(vcpu, KVM_SET_REGS, &regs))
		return 1;
	if (ioctl(vcpu, KVM_RUN, 0))
		return 1;
	return run->exit_reason == KVM_EXIT_HLT ? 0 : 1;
}

bool kvm_probe(double seconds)
{
	struct timespec tick = { 0, 10 * 1000 * 1000 };
	int status, waited;
	pid_t pid, r;

	if (access("/dev/kvm", R_OK | W_OK))
		return false;
	pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0)
		_exit(hlt_guest());
	for (waited = 0; waited < seconds * 100; waited++) {
		r = waitpid(pid, &status, WNOHANG);
		if (r == pid)
			return WIFEXITED(status) && WEXITSTATUS(status) == 0;
		nanosleep(&tick, NULL);
	}
	kill(pid, SIGKILL);
	/* A vCPU stuck in the host kernel may not die at once: do not wait long. */
	for (waited = 0; waited < 100; waited++) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
		nanosleep(&tick, NULL);
	}
	return false;
}
