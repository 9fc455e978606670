/* SPDX-License-Identifier: GPL-2.0 */
/*
 * atlasfmt: the text format of the interface atlas, shared by its writer
 * (atlas/mkatlas.c) and its reader (atlas.c).  One fact a line, sorted:
 *
 *	releases 2.4.22 2.6.0 ... 7.3		release k is the letter 'a' + k
 *	K<TAB>NAME<TAB>RANGES			K: a kind below; RANGES: a-e,g
 *	i<TAB>NAME<TAB>RANGES<TAB>KINDS		the name, of any kind: m p f n t e v d
 *						(KINDS: "f n:a-c", a kind's
 *						ranges where they differ)
 *	M<TAB>MEMBER<TAB>RANGES			a member of any struct or union
 *	.<TAB>TAG<TAB>MEMBER<TAB>RANGES		a member of struct/union TAG
 *	O<TAB>TAG<TAB>RANGES			where TAG's body has a line that
 *						names no member (a macro): its
 *						members are not all known there
 *						(written for a TAG that lost one)
 *	A<TAB>NAME<TAB>SET:RANGES ...		arities, where they change
 *	P<TAB>NAME<TAB>RANGES			a name of an A line: where it is
 *						a macro (none: never; #ifdef
 *						NAME is false on x86 there)
 *	r<TAB>NAME<TAB>TYPE:RANGES;...		return types, where they change
 *	Z<TAB>MACRO<TAB>ARG<TAB>RANGES		where every definition of the
 *						macro never compiles parameter
 *						ARG (0, 1...; "2+": the variadic
 *						one): it only stringifies it,
 *						drops it or passes it on to such
 *						an argument of another macro
 *	D<TAB>NAME<TAB>HEADER<TAB>RANGES	an object-like macro of one number
 *						that HEADER defined (a minor, a
 *						port), gone from the newest
 *						release, which has HEADER:
 *						RANGES has NAME in any form
 *	a<TAB>HEADER<TAB>RANGES<TAB>ARCH ...	an <asm/...> header x86 never had:
 *						the releases whose trees have it
 *						for other architectures, and
 *						those (their folders' names:
 *						sh, ppc, powerpc...)
 *	o<TAB>NAME<TAB>RANGES<TAB>ARCH ...	a function x86's headers never
 *						declared: the releases whose
 *						other architectures' asm headers
 *						declare it, and those
 *						architectures
 *	w<TAB>HEADER<TAB>RANGES<TAB>NAME ...	names HEADER declares that the
 *						kernel exports only on 32-bit
 *						x86 (files kbuild builds only
 *						for X86_32): the releases, the
 *						names
 *	S<TAB>TAG<TAB>MEMBER<TAB>SIG:RANGES;...	the signature of a method member
 *						of TAG, where it changes:
 *						"int(struct device *, char *)",
 *						parameters without their names
 *	F<TAB>NAME<TAB>SIG:RANGES;...		the signature of function NAME,
 *						where a parameter's struct
 *						changes (drm_atomic_get_new_crtc_state:
 *						"struct drm_atomic_state *" to
 *						"struct drm_atomic_commit *"
 *						in 7.2)
 *
 * Only what went away at some release is written (and the names of the
 * table of changes, -k, and every x86 <asm/...> header: one the atlas
 * lacks is another architecture's): what every later release keeps can never be
 * missing; a name with an x line and no i line is declared by every
 * release (only its export went away).  The kinds of a name (m f n t e v) are folded into its i
 * line; a member is written when its union (M) is, or when it went away
 * from its struct.
 */
#ifndef MODPORT_ATLASFMT_H
#define MODPORT_ATLASFMT_H

#include <stddef.h>
#include <stdint.h>

#define ATLAS_MAX_RELEASES 26	/* the letters a-z */
#define ATLAS_RELEASE_LEN 32

enum atlas_kind {
	ATLAS_HEADER = 'h',
	ATLAS_IDENT = 'i',	/* any of m f n t e v: the name exists */
	ATLAS_ANY_MEMBER = 'M',	/* a member of some struct or union */
	ATLAS_MACRO = 'm',	/* object-like */
	ATLAS_FMACRO = 'p',	/* function-like (with parameters) */
	ATLAS_FUNC = 'f',
	ATLAS_INLINE = 'n',
	ATLAS_TYPEDEF = 't',
	ATLAS_ENUM = 'e',
	ATLAS_VAR = 'v',
	ATLAS_MEMBER_MACRO = 'd',	/* #define NAME a.b: spells a member */
	ATLAS_TAG = 's',
	ATLAS_OPAQUE = 'O',	/* the struct's members are not all known */
	ATLAS_MEMBER = '.',
	ATLAS_EXPORT = 'x',
	ATLAS_ARITY = 'A',
	ATLAS_ARITY_MACRO = 'P',	/* an A line's name: where a macro */
	ATLAS_DROPPED = 'Z',	/* a macro's argument never compiled */
	ATLAS_RET = 'r',
	ATLAS_METHOD = 'S',
	ATLAS_FUNC_SIG = 'F',	/* a function's, where a struct changes */
	ATLAS_NUM_MACRO = 'D',	/* a header's number macro, gone */
	ATLAS_ARCH_HEADER = 'a',	/* another arch's <asm/...> header */
	ATLAS_ARCH_FUNC = 'o',	/* a function only other arches declare */
	ATLAS_X86_32 = 'w',	/* a header's names exported on 32-bit only */
};

/*
 * An arity set, one per release: bit n (n < 15) takes exactly n
 * arguments (14: 14 or more), bit 15 + n takes n or more (variadic), bit
 * 31 was declared with ().
 */
#define ATLAS_ARITY_EXACT_MAX 14
#define ATLAS_ARITY_VARIADIC_SHIFT 15
#define ATLAS_ARITY_UNKNOWN_BIT (1u << 31)

uint32_t atlas_arity_bit(int arity);
/* Does a call with n arguments fit the set? */
int atlas_arity_fits(uint32_t set, unsigned int n);
/*
 * The struct (or union) tag of parameter pos (0, 1...) of a signature
 * "RET(P1, P2)" when that parameter is "struct TAG *" or "const struct
 * TAG *": *tag and its length; 0 when it is something else or absent.
 */
size_t atlas_sig_struct(const char *sig, size_t len, unsigned int pos,
			const char **tag);
/* The number of parameters of a signature ("void(void)": 1). */
unsigned int atlas_sig_arity(const char *sig, size_t len);
/* Release names in version order ("2.6.32" < "2.6.39" < "3.4"). */
int atlas_cmp_release(const void *a, const void *b);

#endif
