{
	/* a fragment #included into another file's array of tests */
	.name = "lock",
	.struct_mutex = 1,
},
