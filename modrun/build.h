/* SPDX-License-Identifier: GPL-2.0 */
/*
 * modrun build [--kernel NAME] [DIR] [MAKE-ARGS...]: build the kbuild
 * folder DIR (default .) against NAME's headers with the compiler they want
 * (scripts/kbuild).  Options anywhere; DIR is the first operand that is not
 * a make variable (VAR=value); the folder, its kbuild file and the kernel's
 * name are checked before anything is provisioned.
 */
#ifndef MODRUN_BUILD_H
#define MODRUN_BUILD_H

/* argv[0] is "build".  Returns only on error (exit status). */
int build_main(int argc, char **argv);

#endif
