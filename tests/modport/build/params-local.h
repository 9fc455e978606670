/* A local header: a parameter's declaration and its type string macro. */
#define LOCAL_PARM_TYPE "1-2i"

static int from_header[2] = { 1, 2 };
