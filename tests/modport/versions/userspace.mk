# Programs, not modules: CFLAGS is theirs.
KERNELDIR ?= /lib/modules/$(shell uname -r)/build
CFLAGS = -O2 -Wall -I..
CFLAGS += -I$(KERNELDIR)/include
FILES = nbtest load50

all: $(FILES)
