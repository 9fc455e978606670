/* SPDX-License-Identifier: GPL-2.0 */
/*
 * /init without a plan in its initramfs: the VM is being made into a state
 * that later runs restore.  It says so on the report port, waits for the
 * host to fill the channel (../channel.h), and unpacks what it was given.
 */
#ifndef MODRUN_INIT_CHANNEL_H
#define MODRUN_INIT_CHANNEL_H

#include <stdio.h>

/*
 * Print "# modrun-init: waiting for the plan" to out and wait; then set
 * the clock, reseed the RNG and unpack the initramfs into /.  Returns 0,
 * or -1 after saying why on out.
 */
int channel_receive(FILE *out);

#endif
