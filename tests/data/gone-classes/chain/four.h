#define ZSTD_ERROR(name) (-(name))
#define ERROR(name) ZSTD_ERROR(name)
