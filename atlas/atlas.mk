# atlas: the interface atlas of the kernel, mined from its trees
# (atlas/trees.conf; scripts/atlas-trees puts them into cache/atlas/trees).
#   make atlas        regenerate modport/atlas.txt.xz from the cached trees
#   make check-atlas  regenerate into build/ and compare with the committed one
ATLAS_TREES ?= $(CACHE)/atlas/trees
MKATLAS_SRC := atlas/mkatlas.c atlas/drops.c modport/harvest.c modport/atlasfmt.c modport/tokenize.c \
	modport/kbuildarch.c modport/source.c modport/diag.c

$(B)/bin/mkatlas: $(call objs,$(B),$(MKATLAS_SRC))
	$(call link,$@,$^)
TOOLS += $(B)/bin/mkatlas

atlas: $(B)/bin/mkatlas
	$(B)/bin/mkatlas -c atlas/trees.conf -k modport/changes.def -o $(B)/atlas.new $(ATLAS_TREES)
	xz -9 -c $(B)/atlas.new >modport/atlas.txt.xz.tmp
	mv modport/atlas.txt.xz.tmp modport/atlas.txt.xz
	rm -f $(B)/atlas.new
	@ls -l modport/atlas.txt.xz

check-atlas: $(B)/bin/mkatlas
	$(B)/bin/mkatlas -c atlas/trees.conf -k modport/changes.def -o $(B)/atlas.check $(ATLAS_TREES)
	xz -dc modport/atlas.txt.xz | cmp $(B)/atlas.check - && echo "check-atlas: the same bytes"

.PHONY: atlas check-atlas
