/* What every .c of the folder includes first. */
#define ERROR(s, args...) pr_err("fs error: " s, ## args)
