// module-wrapper: the 2.4 in-tree idiom
//   #ifdef MODULE int init_module(void) { return foo_init(); }
//                 void cleanup_module(void) { foo_cleanup(); } #endif
// becomes module_init(foo_init); / module_exit(foo_cleanup); with the
// wrapper removed -- only when the wrapper is a pure forward.

@has_init@
identifier f;
@@
module_init(f);

@has_exit@
identifier f;
@@
module_exit(f);

@wi depends on !has_init@
identifier f;
@@
int init_module(void) { return f(); }

@depends on wi@
identifier wi.f;
@@
  int init_module(void) { return f(); }
+ module_init(f);

@depends on wi@
identifier wi.f;
@@
- int init_module(void) { return f(); }

@we depends on !has_exit@
identifier g;
@@
void cleanup_module(void) { g(); }

@depends on we@
identifier we.g;
@@
  void cleanup_module(void) { g(); }
+ module_exit(g);

@depends on we@
identifier we.g;
@@
- void cleanup_module(void) { g(); }
