/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kbuildarch: which files of a kernel tree x86's build never compiles,
 * read from the tree's own Kbuild and Kconfig files (a tree of today: one
 * with a Kconfig at its top and an arch/x86/Kconfig).  The atlas's facts
 * are x86's; a file that only another architecture builds cannot be
 * judged by them.
 *
 * A file is another architecture's where kbuild reaches it only through
 * a symbol x86 never sets: the obj-$(CONFIG_X) of its folder's Makefile
 * (or of a composite object that lists it), or that of a folder above it
 * (drivers/Makefile's obj-$(CONFIG_PARISC) += parisc/).  A symbol x86
 * never sets is defined only in another architecture's Kconfig files
 * (arch/parisc/Kconfig's PARISC), or its every definition depends on
 * such a symbol (SPAPR_TCE_IOMMU: depends on PPC_POWERNV || PPC_PSERIES),
 * and no symbol x86 may set selects it - or no build can set it at all
 * (kbuild_never_built()).  Anything it cannot read - a
 * folder no Makefile names, an ifeq block, $(if ...), a symbol another
 * symbol selects - leaves the file judged.
 */
#ifndef MODPORT_KBUILDARCH_H
#define MODPORT_KBUILDARCH_H

#include <stdbool.h>
#include <stddef.h>

/* Is the .c at path, in a kernel tree, one that only another arch builds? */
bool kbuild_other_arch(const char *path);

/*
 * The file that the questions to come are about, at path, is a regular
 * file and not a symbolic link (a walk found it so, walk.h): its folder
 * is the one its path names, with no lstat() to tell.  Until the next
 * call; NULL: no file is known so.
 */
void kbuild_known_regular(const char *path);

/*
 * Read now the Kconfig files that kbuild_other_arch() reads on its first
 * question about the file at path (those of its tree, if it is in a tree
 * of today): before the processes of --jobs part, so that they share one
 * reading.
 */
void kbuild_read_kconfig(const char *path);

/*
 * Start reading, in a thread of this process, the Kconfig files of the
 * kernel tree that holds the folder path (one named on the command line),
 * while the caller walks the folder: kbuild_kconfig_join() waits for it,
 * and must come before any other call of this file's and any fork().
 * Nothing where path is no folder of a tree of today, or no thread starts.
 */
void kbuild_kconfig_start(const char *path);

/* How a Kconfig file's name begins ("Kconfig", "Kconfig.debug"). */
#define KBUILD_KCONFIG_PREFIX "Kconfig"

/*
 * Where the folder kbuild_kconfig_start() was given is the tree itself,
 * the thread walks no folder: the caller, which walks it anyway, hands it
 * each regular file whose name begins with KBUILD_KCONFIG_PREFIX as it
 * comes to it (kbuild_kconfig_found(), with the path the walk made from
 * the folder's spelling), and says when its walk is over
 * (kbuild_kconfig_walked(), or kbuild_kconfig_join()).  Is that so
 * (false: the thread walks)?
 */
bool kbuild_kconfig_fed(void);
void kbuild_kconfig_found(const char *path);
void kbuild_kconfig_walked(void);

/*
 * The reading kbuild_kconfig_start() started, waited for - and kept if it
 * read the tree kbuild_read_kconfig(path) reads (path: a file the caller
 * will port, NULL for none), else forgotten, as if it had never been.
 */
void kbuild_kconfig_join(const char *path);

/*
 * Is the .c at path, in a kernel tree, one that no configuration of any
 * architecture builds: kbuild reaches it only through symbols that
 * nothing can set - a "config X" whose every definition has no prompt
 * and no default (init/Kconfig's BROKEN: "bool" alone) and that nothing
 * selects or implies, or one that depends on such a symbol
 * (sisusb_con.c: USB_SISUSBVGA_CON "depends on VT && BROKEN")?  (x86's
 * never-set symbols of kbuild_other_arch() count those too.)  Every
 * rule's findings there are moot (porter.c's add_finding()).
 */
bool kbuild_never_built(const char *path);

/*
 * Is the .c at path, in a kernel tree with arch/x86 (2.6.24 on), one that
 * x86 builds only for 32 bits: kbuild reaches it only through symbols a
 * 64-bit build never sets (X86_32; those that depend on it or on
 * !X86_64: SCx200, under "if X86_32"), or another architecture's?  The
 * atlas's exports only on 32-bit x86 (mkatlas --only32).
 */
bool kbuild_x86_32_only(const char *path);

/*
 * Is the file at path in a kernel tree whose build kbuild_other_arch()
 * reads (a folder above it has an arch/x86/Kconfig: its tools/ too, a
 * tree of programs), or in an arch/ folder?  Its tree's build judges it (COMPILE_TEST, kbuild); a module's
 * file stands alone, and so does a file of 2.4's tree outside arch/.
 */
bool kbuild_in_tree(const char *path);

/*
 * Is the file at path in any kernel tree (kbuild_in_tree(), or a folder
 * above it with arch/ and include/: 2.4's)?
 */
bool kbuild_any_tree(const char *path);

/*
 * Is <asm/name[0..len)> (name without "asm/"), which x86 once had, one
 * that the kernel tree of path no longer has for x86 (arch/x86/include,
 * 2.6's include/asm-x86, 2.4's include/asm-i386; nor asm-generic) while
 * another architecture's folder of the same tree has it
 * (include/kvm/arm_hypercalls.h's <asm/kvm_emulate.h>, which x86 moved to
 * arch/x86/kvm/ in 5.9 and arm64 keeps)?  Then, in that tree, the file is
 * that architecture's.  Asked of a tree of today only (a Kconfig, as
 * kbuild_other_arch()): a 2.4 file of another architecture is a port's
 * start, whose includes are named (gone.c's foreign_2_4()).
 */
bool kbuild_asm_elsewhere(const char *path, const char *name, size_t len);

#endif
