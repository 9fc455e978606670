/* The bus module's interface: bus/bus.c defines and exports it. */
struct bus_dev {
	int (*bus_add)(struct bus_dev *);
};

extern int bus_add(struct bus_dev *);
extern void bus_del(struct bus_dev *);
extern int bus_count;
extern int bus_helper(int);
extern int bus_nowhere(int);	/* declared, exported by no module */
extern void bus_reset(void);
