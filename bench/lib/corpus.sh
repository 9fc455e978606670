# corpus.sh: shared by the benches that build real corpora against a
# kernel's headers (bench/dkms-port.sh, bench/char24.sh, bench/ldd3.sh).
# Sourced, not run.  It builds a module folder against a provisioned kernel
# through scripts/kbuild (6.1 on the host, 7.3 in its build root), keeps the
# log, finds the FIRST error of the build (compiler, modpost or make), and
# says whether a finding of `modport check` names it.
#
#   corpus_init NAME              set top, cache, modport, kbuild; build tools
#   corpus_kernel_ok K            K is provisioned and its compiler is there
#   corpus_release K              K's release (uname -r of its kernel)
#   corpus_headers K              K's headers folder (physical path)
#   corpus_build K DIR LOG CMD... run CMD in DIR where K's build runs (host or
#                                 build root), /lib/modules/REL/build giving
#                                 K's headers (as on a system with dkms);
#                                 its output in LOG; its status
#   corpus_first_error LOG DIR... the first error of LOG: one line
#                                 FILE<TAB>LINE<TAB>MESSAGE (FILE relative to
#                                 the first DIR, the sources, when it lies
#                                 there, else absolute; an error inside a
#                                 kernel header is placed on the source line
#                                 that expands the macro, else on the first
#                                 note in the sources, else on the #include
#                                 that brought the header in); FILE and LINE are "-" for a modpost
#                                 or make error; nothing when LOG has none.
#                                 A fourth field, ALSO, lists the other
#                                 lines of the sources the error's macro
#                                 notes point at (FILE:LINE, space-separated:
#                                 the macro's definition that makes the call)
#   corpus_check K SRC OUT        `modport check --target=K .` in SRC into OUT,
#                                 file names relative to SRC
#                                 (the version-conditional findings left out:
#                                 they resolve #if branches, they name no
#                                 break)
#   corpus_named ERR FINDINGS     yes when a finding of FINDINGS names the
#                                 error ERR (a line of corpus_first_error): a
#                                 finding on its file and line, or on a line
#                                 of its ALSO (the macro body the compiler
#                                 points at), or, for a
#                                 modpost undefined symbol, a finding that
#                                 names the symbol; no otherwise
#   corpus_hash DIR               a hash of DIR's files (names and contents)
#   corpus_short ERR              ERR as one short cell (base name, line,
#                                 message cut to 90 characters)
#   corpus_cause MESSAGE          the message with its file-specific parts
#                                 left out, to group errors by cause

corpus_init() {
	corpus_name=$1
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
	cache=${CACHE:-$top/cache}
	modport=$top/build/bin/modport
	modrun=$top/build/bin/modrun
	kbuild=$top/scripts/kbuild
	local t
	for t in "$modport" "$modrun"; do
		[ -x "$t" ] || make -C "$top" -s "${t#"$top"/}" >/dev/null ||
			{ echo "$corpus_name: cannot build $t" >&2; return 1; }
	done
}

corpus_kernel_ok() {
	[ -e "$cache/kernels/$1/ready" ] && "$kbuild" --check "$1" >/dev/null 2>&1
}

corpus_release() { cat "$cache/kernels/$1/release"; }
corpus_headers() { (cd "$cache/kernels/$1/build" && pwd -P); }

corpus_build() {
	local k=$1 dir=$2 log=$3 rel headers
	shift 3
	rel=$(corpus_release "$k")
	headers=$(corpus_headers "$k")
	# A private /lib/modules (an overlay on /usr/lib in a private mount
	# namespace, in the build root when there is one): the packages'
	# Makefiles look for /lib/modules/$(KVER)/build; the system's /usr/lib
	# is left alone.  In the build root kbuild's namespace is already
	# private (and / is no mount point there, so it cannot be made so).
	nice "$kbuild" --run "$k" "$dir" -- bash -c '
		p=private
		mountpoint -q / || p=unchanged
		exec unshare --mount --propagation $p bash -c "$0" "$@"' '
		mount -t tmpfs kmods /mnt && mkdir /mnt/u /mnt/w &&
			mount -t overlay kmods -o lowerdir=/usr/lib,upperdir=/mnt/u,workdir=/mnt/w /usr/lib &&
			mkdir -p "/usr/lib/modules/$1" &&
			ln -s "$2" "/usr/lib/modules/$1/build" &&
			cd "$3" && shift 3 && exec "$@"' \
		corpus-build "$rel" "$headers" "$dir" "$@" >"$log" 2>&1
}

corpus_first_error() {
	local log=$1
	shift
	perl -e '
	my ($log, @dirs) = @ARGV;
	open my $fh, "<", $log or exit 0;
	my @l = <$fh>;
	chomp @l;
	my @all;	# the files of the sources, for a path relative to
			# a folder below them (kbuild 6.13+ names files
			# relative to M=, the folder make last entered)
	my $cwd;
	sub resolve {
		my $f = shift;
		$f =~ s{^\./}{};
		return $f if $f =~ m{^/} && -e $f;
		return "$cwd/$f" if defined $cwd && -e "$cwd/$f";
		for my $d (@dirs) { return "$d/$f" if -e "$d/$f" }
		@all = split /\n/, `find "$dirs[0]" -type f` unless @all;
		my @m = grep { substr($_, -length($f) - 1) eq "/$f" } @all;
		return $m[0] if @m == 1;
		return $f;
	}
	sub mine {	# a file of the sources (under the first DIR)?
		my $f = shift;
		return index($f, "$dirs[0]/") == 0;
	}
	my $diag = qr{^(\S+?):(\d+):(?:\d+:)? (?:fatal )?error: (.*)$};
	for my $i (0 .. $#l) {
		my $s = $l[$i];
		$cwd = $1 if $s =~ /^make(?:\[\d+\])?: Entering directory .(.*).$/;
		if ($s =~ $diag) {
			my ($f, $n, $m) = (resolve($1), $2, $3);
			my @also;
			if (!mine($f)) {
				# The use site: the last "in expansion of macro"
				# note in the sources, else the nearest include.
				my ($uf, $un, $nf, $nn);
				for my $j ($i + 1 .. $#l) {
					last if $l[$j] =~ /(?:error|warning): /;
					next unless $l[$j] =~ /^(\S+?):(\d+):(?:\d+:)? note: (.*)/;
					my ($g, $gn, $what) = (resolve($1), $2, $3);
					next unless mine($g);
					if ($what =~ /^in (?:expansion|definition) of macro/) {
						push @also, "$uf:$un" if defined $uf;
						($uf, $un) = ($g, $gn);
					} elsif (!defined $nf) {	# "previous declaration"...
						($nf, $nn) = ($g, $gn);
					}
				}
				($uf, $un) = ($nf, $nn) if !defined $uf;
				if (!defined $uf) {
					for (my $j = $i - 1; $j >= 0; $j--) {
						my $t = $l[$j];
						last unless $t =~ /^(?:In file included from|\s+from) (\S+?):(\d+)[,:]/
							|| $t =~ /: In function /;
						next unless $t =~ /^(?:In file included from|\s+from) (\S+?):(\d+)[,:]/;
						my $g = resolve($1);
						($uf, $un) = ($g, $2) if mine($g);
					}
				}
				if (defined $uf) {
					(my $b = $f) =~ s{.*/include/}{};
					$m .= " [in $b:$n]";
					($f, $n) = ($uf, $un);
				}
			}
			$f = substr($f, length($dirs[0]) + 1) if mine($f);
			s{^\Q$dirs[0]/\E}{} for @also;
			print "$f\t$n\t$m", (@also ? "\t@also" : ""), "\n";
			exit 0;
		}
		if ($s =~ /^ERROR: (?:modpost: )?(.*)$/) {
			print "-\t-\t$1\n";
			exit 0;
		}
		if ($s =~ /^(?:\S+:\d+: )?\*\*\* (?!\[)(.*?)\.?\s*(?:Stop\.)?$/ && $s !~ /Error \d+/) {
			print "-\t-\tmake: $1\n";
			exit 0;
		}
	}
	' "$log" "$@"
}

# corpus_check K SRC OUT [FIXLOG PREFIX]: what modport check --target=K
# says of SRC, into OUT; with FIXLOG, also what the fix that made SRC said
# was left to a person (its lines under PREFIX/, made relative): a user
# reads both.
corpus_check() {
	local k=$1 src=$2 out=$3 log=${4:-} prefix=${5:-}
	(cd "$src" && "$modport" check --target="$k" .) 2>&1 |
		sed 's|^\./||' | grep -v '\[version-conditional\]$' >"$out"
	if [ -n "$log" ] && [ -e "$log" ]; then
		awk -v p="$prefix/" 'index($0, p) == 1 && / (error|warning): / {
			print substr($0, length(p) + 1) }' "$log" >>"$out"
	fi
	return 0
}

corpus_named() {
	local err=$1 findings=$2 f n m sym also a
	IFS=$'\t' read -r f n m also <<<"$err"
	if [ "$f" != - ]; then
		for a in "$f:$n" $also; do
			awk -v p="$a:" 'index($0, p) == 1 { y = 1 } END { exit !y }' \
				"$findings" 2>/dev/null && { echo yes; return; }
		done
		echo no
		return
	fi
	# modpost of 6.1: "sym" [path] undefined!; of 7.3: mod.ko: symbol 'sym' undefined!
	sym=$(sed -nE "s/^.*(\"|symbol ')([A-Za-z_][A-Za-z0-9_]*)(\" \[.*\]|') undefined!.*$/\2/p" <<<"$m")
	if [ -n "$sym" ] && grep -qw -- "$sym" "$findings" 2>/dev/null; then
		echo yes
	elif [[ $m == *"missing MODULE_LICENSE()"* ]] &&
		grep -qF -- '[missing-license]' "$findings" 2>/dev/null; then
		echo yes
	else
		echo no
	fi
}

corpus_hash() {
	(cd "$1" && find . -type f -print0 | LC_ALL=C sort -z |
		xargs -0 sha256sum) | sha256sum | cut -c1-16
}

corpus_short() {
	local f n m also
	IFS=$'\t' read -r f n m also <<<"$1"
	[ -n "$m" ] || { echo "(no error in the log)"; return; }
	m=${m//$'\t'/ }
	[ ${#m} -gt 90 ] && m="${m:0:87}..."
	if [ "$f" = - ]; then
		echo "$m"
	else
		echo "${f##*/}:$n: $m"
	fi
}

corpus_cause() {
	sed -E "s/‘|’/'/g; s/ \[in [^]]*\]$//
		s/^(.*): No such file or directory$/header gone: <\1>/
		s/^implicit declaration of function '([^']*)'.*/function gone: \1()/
		s/^'([^']*)' undeclared.*/identifier gone: \1/
		s/^unknown type name '([^']*)'.*/type gone: \1/
		s/^invalid use of undefined type '([^']*)'.*/incomplete type: \1 (its header no longer comes in by another)/
		s/^'([^']*)' has no member named '([^']*)'.*/member gone: \1.\2/
		s/^(initialization|assignment) of '.*' from incompatible pointer type.*/callback or pointer type changed (initialization)/
		s/^passing argument ([0-9]+) of '([^']*)'.*/argument \1 of \2() changed type/
		s/^too (many|few) arguments to function '([^']*)'.*/\2() takes a different number of arguments/
		s/^macro \"([^\"]*)\" requires.*/macro \1() takes a different number of arguments/
		s/^\"([A-Za-z_0-9]*)\" \[.*\] undefined!/symbol undefined: \1/
		s/^[^ ]*\.ko: symbol '([A-Za-z_0-9]*)' undefined!/symbol undefined: \1/
		s/^([^ ]*\.ko: )?missing MODULE_LICENSE.*/missing MODULE_LICENSE()/" <<<"$1"
}
