# The human port's style: EXTRA_*FLAGS, read back in a recipe.
INC=$(PWD)/../include
EXTRA_CFLAGS += -DDEMO -I$(INC) \
	-I.. -Wno-unused
export EXTRA_AFLAGS := -DASM
override EXTRA_LDFLAGS = --no-relax
EXTRA_CPPFLAGS ?= -DCPP
# EXTRA_CFLAGS += -DNOT_THIS (a comment)
CFLAGS_main.o := -DPER_FILE
obj-m := demo.o

depend:
	$(CC) $(EXTRA_CFLAGS) ${EXTRA_CFLAGS} $(EXTRA_CFLAGSX) -M *.c > .depend
