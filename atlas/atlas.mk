# atlas: the interface atlas of the kernel, mined from its trees
# (atlas/trees.conf; scripts/atlas-trees puts them into cache/atlas/trees).
#   make atlas        regenerate modport/atlas.txt from the cached trees
#   make check-atlas  regenerate into build/ and compare with the committed one
ATLAS_TREES ?= $(CACHE)/atlas/trees
MKATLAS_SRC := atlas/mkatlas.c modport/harvest.c modport/atlasfmt.c modport/tokenize.c

$(B)/bin/mkatlas: $(call objs,$(B),$(MKATLAS_SRC))
	$(call link,$@,$^)
TOOLS += $(B)/bin/mkatlas

atlas: $(B)/bin/mkatlas
	$(B)/bin/mkatlas -c atlas/trees.conf -k modport/changes.def -o modport/atlas.txt.tmp $(ATLAS_TREES)
	mv modport/atlas.txt.tmp modport/atlas.txt
	@ls -l modport/atlas.txt

check-atlas: $(B)/bin/mkatlas
	$(B)/bin/mkatlas -c atlas/trees.conf -k modport/changes.def -o $(B)/atlas.txt $(ATLAS_TREES)
	cmp $(B)/atlas.txt modport/atlas.txt && echo "check-atlas: the same bytes"

.PHONY: atlas check-atlas
