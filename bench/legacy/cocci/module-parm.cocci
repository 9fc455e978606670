// module-parm: MODULE_PARM(var, "type") -> module_param / module_param_array
// for the simple letter types only (i, l, h, b, s).  The C type is taken
// from the letter, not from the declaration; perm is 0.  Array ranges
// ("1-4i"), "c<N>" strings and __MODULE_STRING ranges are left alone: a
// rule that bound the string to a metavariable, classified it in a python
// script and rewrote it matched in spatch 1.1.1 but never transformed
// (see README.md).
@@ declarer name MODULE_PARM; identifier v; @@
(
- MODULE_PARM(v, "i");
+ module_param(v, int, 0);
|
- MODULE_PARM(v, "l");
+ module_param(v, long, 0);
|
- MODULE_PARM(v, "h");
+ module_param(v, short, 0);
|
- MODULE_PARM(v, "b");
+ module_param(v, byte, 0);
|
- MODULE_PARM(v, "s");
+ module_param(v, charp, 0);
)
