/* A header whose includer brings ERROR() before it. */
static inline int no_xattr(void)
{
	ERROR("Xattrs in filesystem, these will be ignored\n");
	return -1;
}
