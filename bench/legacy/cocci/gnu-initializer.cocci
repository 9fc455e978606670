// gnu-initializer: GNU "field: value" initializers -> ".field = value"
// inside the initializer of a declared variable.
@@
identifier f, x;
expression e;
type T;
@@
T x = {...,
- f: e
+ .f = e
,...};
