#!/usr/bin/env bash
# The atlas (modport/atlas.txt.xz) and the table of API changes
# (modport/changes.def): every row of the table agrees with the atlas
# mined from the kernel's trees, a row that disagrees is caught, modport
# carries the atlas (no file read at run time), and - when the trees are in
# the cache (scripts/atlas-trees) - regenerating it, and brings.def
# (atlas/mkbrings), gives the same bytes.
. "$(dirname "$0")/lib.sh"
need perl cmp xz
cd "$TOP" || exit 2
plan 8

tmp=$(mktemp -d)
at_exit 'rm -rf "$tmp"'
xz -dc modport/atlas.txt.xz >"$tmp/committed.txt"
atlas=$tmp/committed.txt
out=$(perl tests/tools/changes-vs-atlas.pl modport/changes.def "$atlas")
rows=$(grep -c '^CHANGE(' modport/changes.def)
is "$(grep -c '^ok' <<<"$out")" "$rows" "all $rows rows of changes.def agree with the atlas"
[ "$(grep -c '^ok [0-9]* - .*# SKIP' <<<"$out")" -lt $((rows / 2)) ]
ok $? "most rows are checked, not skipped ($(grep -c '# SKIP' <<<"$out") skipped)"

# Negative control: a row whose versions the kernel's history contradicts.
sed 's/^CHANGE(RENAME, "strlcpy", "strscpy", "6.8"/CHANGE(RENAME, "strlcpy", "strscpy", "5.0"/;
     s/^CHANGE(ADD_ARG, "DEFINE_SEMAPHORE", "1", "6.4", "6.4"/CHANGE(ADD_ARG, "DEFINE_SEMAPHORE", "1", "5.4", "5.4"/;
     s/^CHANGE(LINKMODE, "ethtool_keee.supported", "", "6.9", "6.9"/CHANGE(LINKMODE, "ethtool_keee.supported", "", "6.6", "6.6"/;
     s/^CHANGE(CLASH, "nvram_read_byte", "nvram_own_read_byte", "", "5.4"/CHANGE(CLASH, "nvram_read_byte", "nvram_own_read_byte", "", "4.19"/;
     s/^CHANGE(CLASH, "tosh_smm", "toshiba_smm", "", "2.6.24"/CHANGE(CLASH, "tosh_smm", "toshiba_smm", "", "2.6.32"/' \
	modport/changes.def >"$tmp/changes.def"
bad=$(perl tests/tools/changes-vs-atlas.pl "$tmp/changes.def" "$atlas" | grep '^not ok')
is "$(wc -l <<<"$bad")" 5 "a row with a wrong gone or since is caught (strlcpy gone 5.0, DEFINE_SEMAPHORE 5.4, ethtool_keee 6.6, nvram_read_byte's inline 4.19, tosh_smm 2.6.32)"

# modport carries the atlas: it works from another folder, with no atlas file near.
cp tests/modport/atlas/gone.c "$tmp/"
like "$(cd "$tmp" && "$TOP/build/bin/modport" check gone.c)" \
	"the header '<linux/tqueue.h>' went away between Linux 2.4.22 and 2.6.0" \
	"modport run elsewhere knows the atlas"
releases=$(sed -n 's/^releases //p' "$atlas" | wc -w)
[ "$releases" -ge 20 ]; ok $? "the atlas holds $releases releases"

# Reproducible: mkatlas over the cached trees gives the committed bytes.
trees=${ATLAS_TREES:-$CACHE/atlas/trees}
missing=$(awk '!/^#/ && NF { print $1 }' atlas/trees.conf | while read -r r; do
	[ -d "$trees/$r/hdr" ] || echo "$r"; done)
if [ -n "$missing" ]; then
	why="the kernel trees are not in $trees (scripts/atlas-trees fetches them): $(wc -w <<<"$missing") missing"
	skip "$why"
	skip "$why"
else
	"$TOP/build/bin/mkatlas" -c atlas/trees.conf -k modport/changes.def -o "$tmp/atlas.txt" "$trees" 2>/dev/null
	ok $? "mkatlas over the cached trees"
	cmp -s "$tmp/atlas.txt" "$atlas"
	ok $? "regenerated from the cached trees: the same bytes as modport/atlas.txt.xz holds"
fi
if [ -d "$trees/2.4.22/hdr" ] && [ -d "$trees/6.1/hdr" ] && [ -d "$trees/6.12/hdr" ] &&
	[ -d "$trees/7.3/hdr" ]; then
	perl atlas/mkbrings "$trees" modport/changes.def >"$tmp/brings.def"
	cmp -s "$tmp/brings.def" modport/brings.def
	ok $? "atlas/mkbrings over the cached trees: the same bytes as modport/brings.def"
else
	skip "the kernel trees 2.4.22, 6.1, 6.12 and 7.3 are not in $trees (scripts/atlas-trees fetches them)"
fi
done_testing
