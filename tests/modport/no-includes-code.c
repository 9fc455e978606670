int init_module(void)
{
	return 0;
}
