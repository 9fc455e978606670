#!/usr/bin/perl
# leftovers.pl TREE FINDINGS: the sites of 2.4 module interfaces in TREE
# (comments and string literals aside; the #define that makes an interface
# is not a use of it) that no finding of FINDINGS (modport check's output
# over TREE) names on their line.  Prints one line per silent site, then
# per name the sites and the silent ones, then "silent N".
use strict;
use warnings;
use File::Find;

my ($tree, $findings) = @ARGV;
my @names = qw(MOD_INC_USE_COUNT MOD_DEC_USE_COUNT MOD_IN_USE
	__MOD_INC_USE_COUNT __MOD_DEC_USE_COUNT try_inc_mod_count GET_USE_COUNT
	init_module cleanup_module MODULE_PARM EXPORT_NO_SYMBOLS
	SET_MODULE_OWNER __NO_VERSION__ EXPORT_SYMTAB);
my $re = join '|', @names;
my %named;	# "file:line" with a finding
open my $f, '<', $findings or die "$findings: $!\n";
while (<$f>) {
	$named{"$1:$2"} = 1 if /^(.*?):(\d+):\d+: (?:warning|error|note): /;
}
close $f;
my (%sites, %silent, @out);
find({ no_chdir => 1, wanted => sub {
	return unless -f && /\.[ch]$/;
	my $path = $File::Find::name;
	open my $in, '<:raw', $path or return;
	local $/;
	my $s = <$in>;
	close $in;
	# Comments and literals out, newlines kept (line numbers stay).
	$s =~ s{(/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')}{
		my $m = $1; my $nl = $m =~ tr/\n//cdr;
		(substr($m, 0, 1) eq '"' || substr($m, 0, 1) eq "'") ? "\"\"$nl" : $nl }gse;
	# A file that #defines a name provides it (2.4's <linux/module.h>, a
	# driver's compatibility macro): its uses of the name are not sites.
	my %own = map { $_ => 1 } ($s =~ /^[ \t]*#[ \t]*define[ \t]+($re)\b/mg,
		$s =~ /^(?:(?:extern|static|inline|__inline__)\s+)*(?:int|void|long)\s+\**\s*($re)\s*\(/mg);
	# #if 0 groups are not compiled: not sites.  Nor is "#ifdef X" after
	# the file's "#undef X" outside any #if, with no #define X nor
	# #include since (capi.c's "#undef _DEBUG_REFCOUNT"), as modport reads it.
	my @lines = split /\n/, $s, -1;
	my ($dead, $depth, %undef) = (0, 0);
	for my $l (@lines) {
		if ($dead) {
			$dead++ if $l =~ /^\s*#\s*if/;
			$dead-- if $l =~ /^\s*#\s*endif\b/;
			$dead = 0 if $dead == 1 && $l =~ /^\s*#\s*(?:else|elif)\b/;
			$depth-- if !$dead && $l =~ /^\s*#\s*endif\b/;
			$l = '' if $dead || $l =~ /^\s*#\s*endif\b/;
		} elsif ($l =~ /^\s*#\s*if\s+0\b/ ||
			 ($l =~ /^\s*#\s*ifdef\s+(\w+)/ && $undef{$1})) {
			$dead = 1;
			$depth++;
		} elsif ($l =~ /^\s*#\s*if/) {
			$depth++;
		} elsif ($l =~ /^\s*#\s*endif\b/) {
			$depth-- if $depth > 0;
		} elsif ($l =~ /^\s*#\s*undef\s+(\w+)/) {
			$undef{$1} = 1 if !$depth;
		} elsif ($l =~ /^\s*#\s*define\s+(\w+)/) {
			delete $undef{$1};
		} elsif ($l =~ /^\s*#\s*include\b/) {
			%undef = ();
		}
	}
	$s = join "\n", @lines;
	# The body of a #define is a use only where it is the alias form
	# '#define NAME init_module'; other bodies are compatibility macros.
	my $line = 1;
	my $in_define = 0;
	for my $l (split /\n/, $s, -1) {
		my $cont = $in_define;
		$in_define = ($cont || $l =~ /^\s*#\s*define\b/) && $l =~ /\\\s*$/;
		if (($cont || $l =~ /^\s*#\s*define\s+\w+\s*\(/) &&
		    $l =~ /\b(?:init_module|cleanup_module)\b/ && $l !~ /\b(?:__)?MOD_|try_inc|GET_USE|MODULE_PARM|SET_MODULE_OWNER/) {
			$line++;
			next;
		}
		while ($l =~ /(?<![\w.>])($re)\b/g) {
			my $name = $1;
			next if $own{$name};
			next if $l =~ /^\s*#\s*(?:define|undef)\s+\Q$name\E\b/;
			next if $l =~ /^\s*#\s*(?:el)?if(?:n?def)?\b/ && $name =~ /^(?:MODULE_PARM|__NO_VERSION__|EXPORT_SYMTAB)$/ && $l !~ /MODULE_PARM/;
			$sites{$name}++;
			(my $rel = $path) =~ s{^\Q$tree\E/?}{};
			next if $named{"$path:$line"};
			$silent{$name}++;
			push @out, "$rel:$line: $name";
		}
		$line++;
	}
} }, $tree);
print "$_\n" for sort @out;
my $total = 0;
for my $n (@names) {
	next unless $sites{$n};
	printf "%-22s %6d sites %6d silent\n", $n, $sites{$n}, $silent{$n} // 0;
	$total += $silent{$n} // 0;
}
print "silent $total\n";
