# modrun: host side (qemu, report parsing) and the guest's static /init.
MODRUN_LIB := modrun/ktap.c modrun/taint.c modrun/kmsg.c modrun/modinfo.c \
	modrun/cpio.c modrun/qemu.c modrun/report.c modrun/kvm.c
MODRUN_SRCS := modrun/main.c modrun/initblob.c $(MODRUN_LIB)

# The guest's /init: static, no sanitizers, embedded into modrun.
$(B)/init: modrun/init/init.c
	@mkdir -p $(dir $@)
	$(CC) $(WARNFLAGS) -O2 -static -o $@ $<

$(B)/obj/modrun/initblob.o $(B)/san/obj/modrun/initblob.o: $(B)/init
$(B)/obj/modrun/initblob.o $(B)/san/obj/modrun/initblob.o: \
	ALL_CFLAGS += -DINIT_PATH='"$(abspath $(B)/init)"'

$(B)/bin/modrun: $(call objs,$(B),$(MODRUN_SRCS))
	$(call link,$@,$^)
$(B)/san/bin/modrun: $(call objs,$(B)/san,$(MODRUN_SRCS))
	$(call link,$@,$^,$(SANFLAGS))

$(B)/tests/unit-modrun: $(call objs,$(B)/san,tests/unit/unit-modrun.c tests/unit/test-lib.c $(MODRUN_LIB))
	$(call link,$@,$^,$(SANFLAGS))

TOOLS += $(B)/bin/modrun $(B)/san/bin/modrun
UNIT_TESTS += $(B)/tests/unit-modrun
