# modport: port 2.4-style module sources to the 2.6 form (see modport/modport.1).
MODPORT_LIB := modport/tokenize.c modport/scan.c modport/rules.c modport/series.c modport/wrapper.c \
	modport/param.c modport/usecount.c modport/gnuinit.c modport/legacy.c \
	modport/rewrite.c modport/diff.c modport/diag.c modport/source.c \
	modport/walk.c modport/inplace.c
MODPORT_SRCS := modport/main.c $(MODPORT_LIB)

$(B)/bin/modport: $(call objs,$(B),$(MODPORT_SRCS))
	$(call link,$@,$^)
$(B)/san/bin/modport: $(call objs,$(B)/san,$(MODPORT_SRCS))
	$(call link,$@,$^,$(SANFLAGS))

$(B)/tests/unit-modport: $(call objs,$(B)/san,tests/unit/unit-modport.c tests/unit/test-lib.c $(MODPORT_LIB))
	$(call link,$@,$^,$(SANFLAGS))

TOOLS += $(B)/bin/modport $(B)/san/bin/modport
UNIT_TESTS += $(B)/tests/unit-modport
