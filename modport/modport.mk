# modport: port 2.4-style module sources to the 2.6 form (see modport/modport.1).
# The rule families are every file of modport/rules/: a new one needs no edit here.
MODPORT_LIB := modport/tokenize.c modport/scan.c modport/directive.c \
	modport/decl.c modport/include.c modport/ruletab.c modport/engine.c \
	modport/porter.c modport/port.c modport/rewrite.c modport/diff.c modport/diag.c \
	modport/source.c modport/walk.c modport/inplace.c modport/suggest.c \
	modport/settle.c modport/sibling.c modport/idindex.c modport/inclines.c \
	modport/hdrcache.c modport/hashset.c modport/hdrsum.c modport/jobs.c modport/ppdirs.c \
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
	private ALL_CFLAGS += -DATLAS_PATH='"$(abspath $(B)/atlas.txt)"'

# Its index (the tables of its lines, keys and names), made once here by
# atlasidx - modport built without it makes the tables at each start -
# and embedded beside it.  unit-modport checks that the two agree.
$(B)/obj/atlasidx/atlas.o: modport/atlas.c $(B)/atlas.txt
	@mkdir -p $(dir $@)
	$(CC) $(WARNFLAGS) $(CPPFLAGS) $(CFLAGS) -MMD -MP \
		-DATLAS_PATH='"$(abspath $(B)/atlas.txt)"' -c -o $@ $<
$(B)/bin/atlasidx: $(call objs,$(B),atlas/atlasidx.c $(filter-out modport/atlas.c,$(MODPORT_LIB))) \
		$(B)/obj/atlasidx/atlas.o
	$(call link,$@,$^)
$(B)/atlas.idx: $(B)/bin/atlasidx
	$< >$@.tmp && mv $@.tmp $@
$(B)/obj/modport/atlas.o $(B)/san/obj/modport/atlas.o: $(B)/atlas.idx
$(B)/obj/modport/atlas.o $(B)/san/obj/modport/atlas.o: \
	private ALL_CFLAGS += -DATLAS_INDEX_PATH='"$(abspath $(B)/atlas.idx)"'
