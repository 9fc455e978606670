// malloc-h: #include <linux/malloc.h> -> #include <linux/slab.h>
@@
@@
- #include <linux/malloc.h>
+ #include <linux/slab.h>
