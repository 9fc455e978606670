# SUBDIRS as a make argument goes; SUBDIRS as this file's own variable stays.
SUBDIRS = one two
obj-m := bus.o
KERNELDIR ?= /lib/modules/$(shell uname -r)/build
PWD := $(shell pwd)

default:
	$(MAKE) -C $(KERNELDIR) SUBDIRS=$(PWD) modules
	make -C $(KERNELDIR) SUBDIRS=$(PWD) clean # SUBDIRS=$(PWD) in a comment stays

all:
	for n in $(SUBDIRS); do $(MAKE) -C $$n || exit 1; done
