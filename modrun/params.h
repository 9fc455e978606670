/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Module parameters, as insmod and modprobe take them: the words after a
 * module that contain '=' are its parameters (modrun mod.ko key=val), and
 * "mod.key=val" in --append is handed to module mod, as the kernel does
 * for built-in modules.  Each is checked against the parameters the
 * module declares (parmtype= of its .modinfo) before anything boots.
 */
#ifndef MODRUN_PARAMS_H
#define MODRUN_PARAMS_H

#include <stdbool.h>

#include "plan.h"

/* The operands: the modules, and the parameters that follow each. */
struct operands {
	char **paths;
	char **params;		/* "key=val key2=val2", or NULL */
	int n;
};

/* A word after a module that is one of its parameters. */
bool params_is_param(const char *word);

/*
 * Split the operands into modules and their parameters; exits 2 on a
 * parameter before any module.
 */
void params_split(int argc, char **argv, struct operands *ops);
void params_free(struct operands *ops);

/*
 * Give each module of set its parameters: those that followed it, then
 * those of --append (NAME.key=val); exits 2 on a parameter the module
 * does not declare.
 */
void params_attach(struct module_set *set, const struct operands *ops,
		   const char *append);

#endif
