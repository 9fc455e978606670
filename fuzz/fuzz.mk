# Fuzzing with AFL++ (Debian's afl++), included by the top Makefile.
#
#   make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS="modport modrun-parse"]
#   make fuzz FUZZ_RESUME=1 ...   go on with the last campaign's queue and counts
#
# Each target is a persistent-mode harness (fuzz/fuzz-TARGET.c) built with
# afl-clang-fast, seeded from the fixtures (and the Linux 2.4.22 tree when it
# is in the cache), run for FUZZ_SECONDS each; then the figures: executions,
# paths, crashes, hangs.  Crashes and hangs are copied to
# tests/data/fuzz/TARGET/ to become regression inputs: tests/fuzz.t replays
# every file there with the same harness built with ASan and UBSan.

FUZZ_SECONDS ?= 60
FUZZ_RESUME ?=
FUZZ_TARGETS ?= modport modrun-parse
AFL_CC ?= afl-clang-fast
FUZZ_DIR := $(B)/fuzz

FUZZ_LIB_modport := $(MODPORT_LIB)
FUZZ_LIB_modrun-parse := $(MODRUN_LIB) modrun/session.c modrun/plan.c modrun/initblob.c

$(FUZZ_DIR)/fuzz-%: fuzz/fuzz-%.c fuzz/harness.c $(MODPORT_LIB) $(MODRUN_LIB) $(B)/init $(B)/atlas.txt
	@mkdir -p $(dir $@)
	$(AFL_CC) -std=c11 -D_GNU_SOURCE -O2 -g -w -DINIT_PATH='"$(abspath $(B)/init)"' \
		-DATLAS_PATH='"$(abspath $(B)/atlas.txt)"' \
		-o $@ $< fuzz/harness.c $(FUZZ_LIB_$*)

# The same harnesses with ASan and UBSan, no AFL: the regression replay.
$(B)/san/bin/fuzz-modport: $(call objs,$(B)/san,fuzz/fuzz-modport.c fuzz/harness.c $(MODPORT_LIB))
	$(call link,$@,$^,$(SANFLAGS))
$(B)/san/bin/fuzz-modrun-parse: $(call objs,$(B)/san,fuzz/fuzz-modrun-parse.c fuzz/harness.c $(FUZZ_LIB_modrun-parse))
	$(call link,$@,$^,$(SANFLAGS))
FUZZ_REPLAY := $(B)/san/bin/fuzz-modport $(B)/san/bin/fuzz-modrun-parse

fuzz-deps:
	@scripts/install-deps afl++

$(addprefix $(FUZZ_DIR)/fuzz-,$(FUZZ_TARGETS)): | fuzz-deps

fuzz: fuzz-deps $(addprefix $(FUZZ_DIR)/fuzz-,$(FUZZ_TARGETS))
	@fuzz/run $(if $(FUZZ_RESUME),-r) -s $(FUZZ_SECONDS) -o $(FUZZ_DIR) $(FUZZ_TARGETS)

.PHONY: fuzz fuzz-deps
