# modrun: host side (qemu, report parsing) and the guest's static /init.
MODRUN_LIB := modrun/ktap.c modrun/taint.c modrun/kmsg.c modrun/modinfo.c \
	modrun/deps.c modrun/kernels.c modrun/kimage.c \
	modrun/cpio.c modrun/qemu.c modrun/report.c modrun/kvm.c \
	modrun/statedir.c

# The guest's /init: static, no sanitizers, embedded into modrun.
$(B)/init: modrun/init/init.c modrun/init/channel.c modrun/init/channel.h \
		modrun/init/modprobe.c modrun/init/modprobe.h modrun/channel.h
	@mkdir -p $(dir $@)
	$(CC) $(WARNFLAGS) -O2 -static -o $@ $(filter %.c,$^)

$(B)/obj/modrun/initblob.o $(B)/san/obj/modrun/initblob.o: $(B)/init
$(B)/obj/modrun/initblob.o $(B)/san/obj/modrun/initblob.o: \
	ALL_CFLAGS += -DINIT_PATH='"$(abspath $(B)/init)"'

$(eval $(call tool,modrun,modrun/main.c modrun/plan.c modrun/params.c modrun/early.c \
	modrun/elfdeps.c modrun/build.c modrun/savedlog.c modrun/session.c modrun/initblob.c \
	modrun/snapshot.c modrun/qmp.c modrun/nic.c modrun/kmod.c,$(MODRUN_LIB)))
