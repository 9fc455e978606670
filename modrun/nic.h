/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --nic MODEL: QEMU's MODEL network card on a user-mode network of its own
 * with restrict=on, so that nothing leaves QEMU; and the script udhcpc runs
 * in the guest to configure the card with its lease.
 */
#ifndef MODRUN_NIC_H
#define MODRUN_NIC_H

#include "plan.h"

/* QEMU's arguments of the cards, in pairs: -netdev then -device. */
struct nic_set {
	char **netdevs;		/* "user,id=nN,restrict=on" */
	char **devices;		/* "MODEL,netdev=nN" */
	int n;
};

/* Add card MODEL; -EINVAL if it is not a device model name. */
int nic_add(struct nic_set *s, const char *model);
void nic_free(struct nic_set *s);

/*
 * Append udhcpc's default script (/etc/udhcpc/ and /usr/share/udhcpc/) to the
 * guest's files, when there is a card and a shell to run it.
 */
void nic_add_script(const struct nic_set *s, struct guest_file **files,
		    int *nr_files);

#endif
