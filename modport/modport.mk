# modport: port 2.4-style module sources to the 2.6 form (see modport/modport.1).
# The rule families are every file of modport/rules/: a new one needs no edit here.
MODPORT_LIB := modport/tokenize.c modport/scan.c modport/directive.c \
	modport/decl.c modport/include.c modport/ruletab.c modport/engine.c \
	modport/porter.c modport/port.c modport/rewrite.c modport/diff.c modport/diag.c \
	modport/source.c modport/walk.c modport/inplace.c modport/suggest.c \
	modport/settle.c modport/sibling.c modport/idindex.c modport/inclines.c \
	modport/hdrcache.c modport/jobs.c modport/ppdirs.c \
	$(sort $(wildcard modport/rules/*.c))
MODPORT_LIB += modport/kversion.c modport/buildfile.c modport/target.c \
	modport/harvest.c modport/atlasfmt.c modport/atlas.c modport/changes.c \
	modport/hdrindex.c modport/brings.c \
	modport/nameset.c modport/projnames.c modport/vbranch.c \
	modport/archbranch.c modport/modobj.c modport/kbuildarch.c \
	modport/droparg.c modport/projexports.c
$(eval $(call tool,modport,modport/main.c,$(MODPORT_LIB)))

# Unit tests of kversion and buildfile (issue 10), beside unit-modport.
$(B)/tests/unit-kversion: $(call objs,$(B)/san,tests/unit/unit-kversion.c tests/unit/test-lib.c $(MODPORT_LIB))
	$(call link,$@,$^,$(SANFLAGS))
UNIT_TESTS += $(B)/tests/unit-kversion

# The atlas (modport/atlas.txt.xz, made by make atlas) is embedded in
# modport, decompressed.
$(B)/atlas.txt: modport/atlas.txt.xz
	@mkdir -p $(dir $@)
	xz -dc $< >$@.tmp && mv $@.tmp $@
$(B)/obj/modport/atlas.o $(B)/san/obj/modport/atlas.o: $(B)/atlas.txt
$(B)/obj/modport/atlas.o $(B)/san/obj/modport/atlas.o: \
	ALL_CFLAGS += -DATLAS_PATH='"$(abspath $(B)/atlas.txt)"'
