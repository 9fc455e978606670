/* SPDX-License-Identifier: GPL-2.0 */
/* The guest's static /init, embedded in modrun at build time. */
#ifndef MODRUN_INITBLOB_H
#define MODRUN_INITBLOB_H

extern const unsigned char init_blob[];
extern const unsigned char init_blob_end[];

#endif
