# modport: port 2.4-style module sources to the 2.6 form (see modport/modport.1).
MODPORT_LIB := modport/tokenize.c modport/scan.c modport/rules.c modport/series.c modport/wrapper.c \
	modport/param.c modport/directive.c modport/decl.c modport/include.c modport/usecount.c modport/gnuinit.c modport/legacy.c modport/kdev.c modport/irqhandler.c \
	modport/rewrite.c modport/diff.c modport/diag.c modport/source.c \
	modport/walk.c modport/inplace.c
MODPORT_LIB += modport/kversion.c modport/buildfile.c
$(eval $(call tool,modport,modport/main.c,$(MODPORT_LIB)))

# Unit tests of kversion and buildfile (issue 10), beside unit-modport.
$(B)/tests/unit-kversion: $(call objs,$(B)/san,tests/unit/unit-kversion.c tests/unit/test-lib.c $(MODPORT_LIB))
	$(call link,$@,$^,$(SANFLAGS))
UNIT_TESTS += $(B)/tests/unit-kversion
