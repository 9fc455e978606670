// implicit-init / implicit-exit: init_module/cleanup_module defined without
// module_init/module_exit become static <stem>_init / <stem>_exit, registered
// with module_init()/module_exit() after the definitions (the article's port).
// <stem> is the file name without .c, as a C identifier.

@has_init@
identifier f;
@@
module_init(f);

@has_exit@
identifier f;
@@
module_exit(f);

@ri depends on !has_init@
position p;
@@
init_module@p(...) { ... }

@script:python ni@
p << ri.p;
fn;
@@
import os, re
stem = re.sub(r'\W', '_', os.path.basename(p[0].file))
stem = re.sub(r'_c$', '', stem)
if re.match(r'\d', stem): stem = '_' + stem
coccinelle.fn = cocci.make_ident(stem + "_init")

@depends on !has_init@
identifier ni.fn;
position ri.p;
type T;
@@
- T init_module@p
+ static T fn
  (...) { ... }
+ module_init(fn);

@rx depends on !has_exit@
position p;
@@
cleanup_module@p(...) { ... }

@script:python ne@
p << rx.p;
fn;
@@
import os, re
stem = re.sub(r'\W', '_', os.path.basename(p[0].file))
stem = re.sub(r'_c$', '', stem)
if re.match(r'\d', stem): stem = '_' + stem
coccinelle.fn = cocci.make_ident(stem + "_exit")

@depends on !has_exit@
identifier ne.fn;
position rx.p;
@@
- void cleanup_module@p
+ static void fn
  (...) { ... }
+ module_exit(fn);
