#!/usr/bin/env bash
# The extmod-symbol rule (issue 17: LDD3's sculld calls register_ldd_driver(),
# which its sibling folder lddbus/ exports; built alone with M=, modpost
# finds it undefined).  Fixtures in tests/modport-extsym/: proj/user/ uses
# what proj/bus/ exports.  Named: bus_add (a function, at its first use
# only), bus_count (a variable), bus_del (its live use, not the one under
# #if 0).  Negative controls, each then undone to show that it is what keeps
# the finding away: bus_helper (user.c defines its own), bus_reset (extra.c,
# another file of the module's build, defines it), bus_nowhere (declared,
# exported by no module), strlcpy (bus.c's compat copy: the kernel of 6.1
# exports it, that of 7.3 does not), dev.bus_add (a member); proj/linked/
# (its Makefile passes KBUILD_EXTRA_SYMBOLS), together/ (one Kbuild builds
# both folders), reach/ (b/'s Kbuild builds ../a/a.o too, as dahdi's
# ../staging/echo/echo.o), tree/ (a kernel tree: kbuild builds its modules
# together).  proj/user/'s Makefile has a path in its ccflags-y: no object.
# And bench/lib/corpus.sh counts modpost's error named by such a finding.
. "$(dirname "$0")/lib.sh"
need awk sed grep
plan 22
cd "$TOP" || exit 2
MP=$TOP/build/bin/modport	# and once the ASan+UBSan build, below
tmp=$(mktemp -d)
at_exit "rm -rf '$tmp'"
cp -r tests/modport-extsym/. "$tmp/"
cd "$tmp" || exit 2

ext() { "$MP" check "$@" 2>&1 | grep '\[extmod-symbol\]$'; }
names() { sed -E "s/^([^:]*):([0-9]+):[0-9]+: warning: '([A-Za-z_0-9]*)'.*/\1:\2 \3/" | tr '\n' ' '; }

out=$(ext --target=6.1 proj together tree reach)
is "$(MP=$TOP/build/san/bin/modport ext --target=6.1 proj together tree reach)" "$out" \
	"the ASan+UBSan build finds the same"
is "$(names <<<"$out")" "proj/user/user.c:17 bus_add proj/user/user.c:22 bus_count proj/user/user.c:35 bus_del " \
	"6.1: bus_add (first use), bus_count, bus_del (live use) named; nothing else"
like "$out" "exported \(EXPORT_SYMBOL\) by proj/bus/bus.c, another module" "the finding names the exporting file"
like "$out" "KBUILD_EXTRA_SYMBOLS=\\$\\(PWD\\)/\.\./bus/Module\.symvers" "and the Module.symvers to hand modpost, relative to the module"
like "$out" "since 5\.4 \(a warning until 4\.19" "and since when modpost stops on it"
"$MP" check --target=6.1 proj >/dev/null 2>&1
is "$?" 1 "a finding to port by hand: check exits 1"

out=$(ext --target=7.3 proj)
like "$out" "user.c:[0-9]+:[0-9]+: warning: 'strlcpy' is defined and exported" \
	"strlcpy: named for 7.3, whose kernel no longer exports it (the control's other side)"
is "$(ext --target=6.1 --ignore=extmod-symbol proj)" "" "--ignore=extmod-symbol: none"
is "$(ext --target=6.1 proj/user/user.c | names)" "proj/user/user.c:17 bus_add proj/user/user.c:22 bus_count proj/user/user.c:35 bus_del " \
	"a file named alone: the folders beside its own are the project"
mv proj/Makefile proj/Makefile.off
is "$(ext --target=6.1 proj/user/user.c)" "" \
	"a file named alone, the folder above it without a build of its own (~/src, /tmp): its other folders are not the project"
mv proj/Makefile.off proj/Makefile
is "$( (cd proj/user && ext --target=6.1 user.c))" "" \
	"a bare file name: the folder above the user's is not searched"
is "$(ext --target=6.1 proj/user)" "" "the module's folder alone: the exporter is outside what was named"

# Each control undone: then the finding is there.
sed -i '/^int bus_helper/,/^}/d' proj/user/user.c
like "$(ext --target=6.1 proj)" "'bus_helper' is defined" "bus_helper: named once user.c no longer defines it"
rm proj/user/extra.c
like "$(ext --target=6.1 proj)" "'bus_reset' is defined" "bus_reset: named once extra.c is gone"
unlike "$(ext --target=6.1 proj)" "'bus_nowhere'" "bus_nowhere: exported by no module, claimed by none"
sed -i '/bus_nowhere/d' proj/include/bus.h
printf '%s\n' 'int bus_nowhere(int x)' '{' '	return x;' '}' 'EXPORT_SYMBOL(bus_nowhere);' >>proj/bus/bus.c
like "$(ext --target=6.1 proj)" "'bus_nowhere' is defined" "bus_nowhere: named once bus.c exports it"
is "$(ext --target=6.1 proj/linked)" "" "linked/ (KBUILD_EXTRA_SYMBOLS): nothing"
sed -i '/KBUILD_EXTRA_SYMBOLS/d' proj/linked/Makefile
like "$(ext --target=6.1 proj)" "proj/linked/linked.c:[0-9]+:[0-9]+: warning: 'bus_add'" \
	"linked/: named once its Makefile no longer passes KBUILD_EXTRA_SYMBOLS"
rm together/Kbuild
like "$(ext --target=6.1 together)" "together/b/b.c:[0-9]+:[0-9]+: warning: 'a_hello'" \
	"together/: named once no Kbuild builds both folders"
sed -i '/\.\.\/a\/a\.o/d' reach/b/Kbuild
like "$(ext --target=6.1 reach)" "reach/b/b.c:[0-9]+:[0-9]+: warning: 'a_hello'" \
	"reach/: named once b/'s Kbuild no longer builds ../a/a.o"
rm tree/arch/x86/Kconfig
like "$(ext --target=6.1 tree)" "tree/drivers/user/b.c:[0-9]+:[0-9]+: warning: 'a_hello'" \
	"tree/: named once it is no kernel tree"

# The bench: modpost's undefined symbol is named by the finding.
. "$TOP/bench/lib/corpus.sh"
"$MP" check --target=6.1 . >"$tmp/findings" 2>&1
printf '%s\n' "ERROR: modpost: \"bus_del\" [$tmp/proj/user/usermod.ko] undefined!" >"$tmp/log"
is "$(corpus_named "$(corpus_first_error "$tmp/log" "$tmp")" "$tmp/findings")" yes \
	"bench/lib/corpus.sh: modpost's error on bus_del is named"
done_testing
