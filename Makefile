# modrun / modport: the article's hello module, proven in a real kernel.
#
#   make          every tool, and the module when the kernel is provisioned
#   make run      install what is missing, fetch a kernel, build, boot, show
#   make check    all tests (TAP, run by prove)
#   make bench    benchmarks (ratios measured side by side)
#
# KERNEL=NAME picks a kernel of kernels.conf (default 6.1); KDIR=DIR builds
# the module against other headers.

KERNEL ?= 6.1
CACHE ?= $(CURDIR)/cache
KDIR ?= $(CACHE)/kernels/$(KERNEL)/build
B := build

# The default goal, before any included rule can take its place.
all:

# -O3: modport's check of linux-source-6.1 ran 0.97 of -O2's time side by
# side (16 pairs on one core each) and 2% fewer instructions.  A build
# that passes its own CFLAGS (Debian's -O2) keeps them.
CFLAGS ?= -O3 -g
WARNFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wshadow \
	-Wstrict-prototypes -Wmissing-prototypes -Wformat=2 -Wvla
SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
# CPPFLAGS and LDFLAGS too: a Debian build passes its hardening flags there.
ALL_CFLAGS = $(WARNFLAGS) $(CPPFLAGS) $(CFLAGS) -MMD -MP

# Two variants of every tool: build/ (normal) and build/san/ (ASan, UBSan).
objs = $(patsubst %.c,$(1)/obj/%.o,$(2))

$(B)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/san/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(SANFLAGS) -c -o $@ $<

# link(OUT, OBJS, EXTRA-FLAGS)
define link
	@mkdir -p $(dir $(1))
	$(CC) $(CFLAGS) $(LDFLAGS) $(3) -o $(1) $(2)
endef

# tool(NAME, MAIN-SOURCES, LIBRARY-SOURCES): build/bin/NAME, its ASan+UBSan
# twin build/san/bin/NAME, and build/tests/unit-NAME from
# tests/unit/unit-NAME.c linked with the library (sanitized).
define tool
$(B)/bin/$(1): $$(call objs,$(B),$(2) $(3))
	$$(call link,$$@,$$^)
$(B)/san/bin/$(1): $$(call objs,$(B)/san,$(2) $(3))
	$$(call link,$$@,$$^,$$(SANFLAGS))
$(B)/tests/unit-$(1): $$(call objs,$(B)/san,tests/unit/unit-$(1).c tests/unit/test-lib.c $(3))
	$$(call link,$$@,$$^,$$(SANFLAGS))
TOOLS += $(B)/bin/$(1) $(B)/san/bin/$(1)
UNIT_TESTS += $(B)/tests/unit-$(1)
endef

TOOLS :=
UNIT_TESTS :=
include modrun/modrun.mk
include modport/modport.mk
include matrix/matrix.mk
include fuzz/fuzz.mk
include bench/ldd3.mk
include atlas/atlas.mk

tools: $(TOOLS)

# The module too, where its kernel is already provisioned (no download).
all: tools $(if $(wildcard $(KDIR)/Makefile),module-built)

module-built: tools
	$(KBUILD_MODULE)

# Everything a fresh Debian machine lacks (apt-get, as root).
deps:
	@CACHE=$(CACHE) scripts/install-deps

kernel: deps
	@scripts/provision-kernel $(KERNEL)
	@scripts/provision-busybox

# KDIR given on the command line builds there (e.g. the host's headers);
# otherwise scripts/kbuild builds with the kernel's own toolchain.
KBUILD_MODULE = $(if $(filter command line,$(origin KDIR)),$(MAKE) -C module KDIR=$(KDIR),scripts/kbuild $(KERNEL) module)

module: kernel
	$(KBUILD_MODULE)

run: deps kernel module $(B)/bin/modrun
	@scripts/show-run $(KERNEL) module/hello.ko

check: deps kernel tools $(UNIT_TESTS) $(FUZZ_REPLAY)
	$(KBUILD_MODULE)
	KERNEL=$(KERNEL) CACHE=$(CACHE) prove -j2 --directives tests/

bench: deps kernel tools module
	@for b in bench/*.sh; do $$b || exit 1; done

# make install [PREFIX=/usr/local] [DESTDIR=...]: the tools, their manuals,
# and what modrun needs at run time (kernels.conf and the provisioning and
# build-root scripts, in $(DATADIR)); make uninstall removes exactly that.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/modrun
INSTALL_TOOLS := modrun modport
INSTALL_MANS := modrun/modrun.1 modport/modport.1
INSTALL_SCRIPTS := $(filter-out scripts/fresh-root scripts/deb-fresh-root scripts/show-run scripts/get-checkpatch scripts/atlas-trees,$(wildcard scripts/*))

install: $(addprefix $(B)/bin/,$(INSTALL_TOOLS))
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DATADIR)/scripts
	install -m 0755 $^ $(DESTDIR)$(BINDIR)/
	install -m 0644 $(INSTALL_MANS) $(DESTDIR)$(MANDIR)/man1/
	install -m 0644 kernels.conf $(DESTDIR)$(DATADIR)/
	install -m 0755 $(INSTALL_SCRIPTS) $(DESTDIR)$(DATADIR)/scripts/

# make deb: the Debian packages modrun and modport (debian/), built with
# dpkg-buildpackage -b -us -uc from a copy of the sources in build/deb/,
# where the .debs land; lintian checks them when it is installed.
DEB_VERSION := $(shell sed -n '1s/.*(\(.*\)).*/\1/p' debian/changelog)
deb:
	rm -rf $(B)/deb
	mkdir -p $(B)/deb/modrun-$(DEB_VERSION)
	git ls-files -co --exclude-standard | grep -v '^cache$$' | \
		tar -cf - -T - | tar -xf - -C $(B)/deb/modrun-$(DEB_VERSION)
	cd $(B)/deb/modrun-$(DEB_VERSION) && dpkg-buildpackage -b -us -uc
	@ls -l $(B)/deb/*.deb
	-command -v lintian >/dev/null && lintian --info $(B)/deb/*.changes

# The installed modrun from a fresh clone, provisioning 6.1 and 6.12 on first
# use into an empty cache (downloads two kernels; .ci/run runs it).
check-install: deps tools
	prove -v tests/slow/install-fresh.t
	scripts/deb-fresh-root

uninstall:
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(INSTALL_TOOLS))
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(INSTALL_MANS)))
	rm -f $(DESTDIR)$(DATADIR)/kernels.conf $(addprefix $(DESTDIR)$(DATADIR)/,$(INSTALL_SCRIPTS))
	-rmdir $(DESTDIR)$(DATADIR)/scripts $(DESTDIR)$(DATADIR) 2>/dev/null

clean:
	rm -rf $(B)
	-scripts/kbuild $(KERNEL) module clean 2>/dev/null

.PHONY: all tools module-built deps kernel module run check bench clean install uninstall check-install deb

-include $(shell find $(B) -name '*.d' 2>/dev/null)
