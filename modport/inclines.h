/* SPDX-License-Identifier: GPL-2.0 */
/*
 * inclines: the #include lines of the .c files of a folder, read once
 * while the folder is unchanged (fix --in-place replaces a file by a
 * rename, which changes its folder), for the question asked by every file
 * of a folder about each of its siblings.
 */
#ifndef MODPORT_INCLINES_H
#define MODPORT_INCLINES_H

#include <stdbool.h>

/*
 * Has a sibling .c of the file at path (not itself; sibling.h) a line
 * whose first non-blank byte is '#' and that has "include" and want in
 * it?  Lines are read as fgets() into 1024 bytes reads them (a longer
 * line is several); an unreadable sibling has none.
 */
bool inclines_sibling_has(const char *path, const char *want);

#endif
