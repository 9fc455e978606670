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
/* dahdi's octtype.h: another system's build */
#if defined(__FreeBSD__)
#include <sys/stddef.h>
#else
#include <linux/stddef.h>
#endif
#endif
