#ifndef DUAL_TYPES_H
#define DUAL_TYPES_H
/* Both the kernel module and its userspace tool see this file (jool's types.h). */
#include <linux/types.h>
#ifdef __KERNEL__
	#include <linux/in.h>
#else
	#include <stdbool.h>
	#include <arpa/inet.h>
#endif
#if !defined(__KERNEL__)
#include <stdio.h>
#endif
#endif
