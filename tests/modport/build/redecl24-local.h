/* A local header, as sonypi.h: the driver's globals declared extern. */
extern int verbose;
int redecl24_report(const char *what);
