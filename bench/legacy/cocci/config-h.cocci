// config-h: #include <linux/config.h> removed
@@
@@
- #include <linux/config.h>
