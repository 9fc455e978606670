#include <linux/module.h>
#include "fs.h"
#include "xattr.h"
