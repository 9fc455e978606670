#!/usr/bin/env perl
# changes-vs-atlas.pl CHANGES.DEF ATLAS.TXT: is every row of the table of
# API changes what the atlas, mined from the kernel's trees, says?  TAP.
#   gone G:  no release of the atlas from G on has the old form (a REWRITE
#            of a function the headers still declare: exports it; for a
#            signature change: takes the old number of arguments), and the
#            last one before G has it;
#   since S: every release from S on has the new name (a rename, a header
#            move) or takes the new number of arguments;
#   a METHOD row (tag.member): the method's signature in the last release
#            before S differs from the one in the first release from S on;
#   a CLASH row: every release from S on declares the name, the last one
#            before S does not (or declares it as a function, where every
#            release from S on defines it as a static inline);
#   a MEMBER row (tag.member): the member, as gone says; the names its new
#            form calls or reads (after %.) are in every release from S on.
#   a REWRITE row whose pattern reads a member of an argument
#            ("i_size_read(%0->bd_inode)"): gone is the member's, as above;
#   a LINKMODE row (tag.member): every release from S on has the struct
#            and that member of it, the last one before S not the struct;
#   a RETYPE row (a member of another type since S) is reported only:
#            the atlas records no member's type (skipped);
#   an ARGTYPE row: every release from S on has the struct it names, the
#            last one before S does not.
# A stable release can carry a backport (3.18.140 has strscpy, 4.3's), so
# "not before S" is not asserted.  A name the atlas does not list at all is
# in every release or in none (a header made at build time): skipped.
use strict;
use warnings;

my ($def, $atlas) = @ARGV;
sub ver { my @v = (split(/\./, shift), 0, 0, 0); return sprintf '%03d%03d%03d', @v[0 .. 2] }
sub ranges {
	my %m;
	for my $r (split /,/, shift) {
		my ($lo, $hi) = split /-/, $r;
		$hi //= $lo;
		$m{$_} = 1 for ord($lo) - 97 .. ord($hi) - 97;
	}
	return \%m;
}

open my $fh, '<', $atlas or die "$atlas: $!\n";
my (@rel, %mask, %arity, %sig);
while (<$fh>) {
	chomp;
	if (/^releases (.*)/) { @rel = split / /, $1; next }
	my ($k, $name, $v, $w) = split /\t/;
	if ($k eq 'S' && defined $w) {
		for my $pair (split /;/, $w) {
			my ($form, $r) = $pair =~ /^(.*):([a-z,-]+)$/ or next;
			$sig{"$name.$v"}{$_} = $form for keys %{ranges($r)};
		}
		next;
	}
	next unless defined $v;
	$mask{"$k:$name"} = ranges($v) if $k eq 'i' || $k eq 'h' || $k eq 'x';
	if ($k eq 'i' && defined $w) {	# its kinds: "f:a-n n:o-u", "p"
		for my $kd (split / /, $w) {
			my ($kind, $r) = split /:/, $kd;
			$mask{"$kind:$name"} = ranges($r // $v);
		}
	}
	$mask{"i:struct $name"} = ranges($v) if $k eq 's';	# a struct tag
	$mask{"m:$name.$v"} = ranges($w) if $k eq '.' && defined $w;	# a member
	$mask{".:$name.$v"} = ranges($w) if $k eq '.' && defined $w;
	if ($k eq 'A') {
		for my $pair (split / /, $v) {
			my ($set, $r) = split /:/, $pair;
			$arity{$name}{$_} = $set for keys %{ranges($r)};
		}
	}
}
my @rows;
open my $d, '<', $def or die "$def: $!\n";
while (<$d>) {
	push @rows, [$1, $2, $3, $4, $5, $6]
		if /^CHANGE\((\w+), "([^"]*)", "([^"]*)", "([^"]*)", "([^"]*)", (\w+)/;
}
print "1..", scalar @rows, "\n";

sub fits {		# fits(n, "2,3+"): does a call of n arguments fit?
	my ($n, $set) = @_;
	for (split /,/, $set) {
		return 1 if $_ eq '?' || $_ eq "$n" || (/^(\d+)\+$/ && $1 <= $n);
	}
	return 0;
}

my $n = 0;
for my $row (@rows) {
	my ($kind, $old, $new, $gone, $since, $arg) = @$row;
	my (@bad, $skip);
	$n++;
	# a REWRITE pattern whose argument reads a member ("%0->bd_inode"):
	# what went away is the member (of the one struct that has it)
	my ($pmem) = $kind eq 'REWRITE' ? $old =~ /%\d(?:->|\.)(\w+)/ : ();
	$old =~ s/\(.*//;	# a REWRITE row's call pattern: its name
	my $key = ($old =~ m{/} ? 'h:' : 'i:') . $old;
	if (defined $pmem) {
		my @k = grep { /^m:\w+\.\Q$pmem\E$/ } keys %mask;
		$key = @k == 1 ? $k[0] : "m:?.$pmem";
	}
	# a REWRITE of a function the headers still declare: its export went
	$key = "x:$old" if $kind eq 'REWRITE' && exists $mask{"x:$old"} &&
		exists $mask{$key} && grep { ver($rel[$_]) >= ver($gone) && $mask{$key}{$_} } 0 .. $#rel;
	if ($kind eq 'ADD_ARG' || $kind eq 'DROP_ARG') {
		# the old count: the fewest arguments the last release before
		# gone takes; the new one, one more or one fewer
		my $ar = $arity{$old};
		my ($last) = grep { defined $ar->{$_} && ver($rel[$_]) < ver($gone) } reverse 0 .. $#rel;
		if (!$ar || !defined $last) {
			$skip = "the atlas has no change of arity for $old";
		} else {
			my ($was) = sort { $a <=> $b } map { /^(\d+)/ } split /,/, $ar->{$last};
			my $now = $kind eq 'ADD_ARG' ? $was + 1 : $was - 1;
			for my $k (0 .. $#rel) {
				my $set = $ar->{$k};
				next if !defined $set || $set eq '0+' || ver($rel[$k]) < ver($since);
				push @bad, "$old does not take $now arguments in $rel[$k] (since $since)"
					unless fits($now, $set);
				push @bad, "$old still takes $was in $rel[$k] (gone $gone)"
					if grep { $_ eq $was } split /,/, $set;
			}
		}
	} elsif ($kind eq 'METHOD') {
		my $s = $sig{$old};
		my ($before) = grep { defined $s->{$_} && ver($rel[$_]) < ver($since) } reverse 0 .. $#rel;
		my ($after) = grep { defined $s->{$_} && ver($rel[$_]) >= ver($since) } 0 .. $#rel;
		if (!$s) {
			push @bad, "the atlas has no change of signature for the method $old";
		} elsif (!defined $before || !defined $after) {
			push @bad, "the atlas has $old on one side of $since only";
		} elsif ($s->{$before} eq $s->{$after}) {
			push @bad, "$old is '$s->{$after}' in both $rel[$before] and $rel[$after]: no change at $since";
		}
	} elsif ($kind eq 'MEMBER') {
		# tag.member: no release from gone on has it (a member of
		# the struct, or a macro that spells one: flowi4_tos), the last
		# one before does; the names of the new form (a call, a member
		# after %.) are in every release from since on
		my ($mem) = $old =~ /\.(\w+)$/;
		my $m = $mask{"m:$old"} // $mask{"i:$mem"};
		my ($last) = grep { ver($rel[$_]) < ver($gone) } reverse 0 .. $#rel;
		if (!$m) {
			push @bad, "the atlas has no member $old (a MEMBER row's must have gone away)";
		} else {
			for my $k (0 .. $#rel) {
				push @bad, "$old is in $rel[$k], at or after its gone $gone"
					if ver($rel[$k]) >= ver($gone) && $m->{$k};
			}
			push @bad, "$old is not in $rel[$last], the last release before its gone $gone"
				if defined $last && !$m->{$last};
		}
		my %names = map { $_ => 1 } ($new =~ /(\w+)\(/g, $new =~ /%\.(\w+)/g);
		for my $name (sort keys %names) {
			my $nm = $mask{"i:$name"};
			if (!$nm) {
				push @bad, "$name, of the new form, is not in the atlas (the table's names are kept)";
				next;
			}
			for my $k (0 .. $#rel) {
				push @bad, "$name is not in $rel[$k], at or after its since $since"
					if ver($rel[$k]) >= ver($since) && !$nm->{$k};
			}
		}
	} elsif ($kind eq 'INCLUDE') {
		# the name stays; what went away is another header bringing in
		# its own: the atlas records declarations, not inclusions - the
		# new header must be there from since on
		my $key = "h:$new";
		if (exists $mask{$key}) {
			for my $k (0 .. $#rel) {
				push @bad, "<$new> is not in $rel[$k], at or after its since $since"
					if ver($rel[$k]) >= ver($since) && !$mask{$key}{$k};
			}
		}
		$skip = "INCLUDE: <$new> is in every release the atlas has" unless exists $mask{$key} || @bad;
	} elsif ($kind eq 'CLASH') {
		# the kernel took the name at since: every release from since
		# on declares it, the last one before does not
		my $m = $mask{"i:$old"};
		if (!$m) {
			push @bad, "$old is not in the atlas (a CLASH row's name is kept)";
		} else {
			my ($before) = grep { ver($rel[$_]) < ver($since) } reverse 0 .. $#rel;
			for my $k (0 .. $#rel) {
				push @bad, "$old is not in $rel[$k], at or after its since $since"
					if ver($rel[$k]) >= ver($since) && !$m->{$k};
			}
			# an extern function before, a static inline from since on
			my ($f, $in) = ($mask{"f:$old"}, $mask{"n:$old"});
			my $inline = defined $before && $f && $in && $f->{$before} &&
				!$in->{$before} && !grep { ver($rel[$_]) >= ver($since) &&
				(!$in->{$_} || $f->{$_}) } 0 .. $#rel;
			push @bad, "$old is in $rel[$before] already, before its since $since"
				if defined $before && $m->{$before} && !$inline;
		}
	} elsif ($kind eq 'LINKMODE') {
		# the struct came at since, with the member
		my ($tag) = $old =~ /^(\w+)\./;
		my ($t, $m) = ($mask{"i:struct $tag"}, $mask{".:$old"});
		my ($before) = grep { ver($rel[$_]) < ver($since) } reverse 0 .. $#rel;
		if (!$t || !$m) {
			push @bad, "the atlas has no struct $tag or no member $old";
		} else {
			for my $k (0 .. $#rel) {
				push @bad, "$old is not in $rel[$k], at or after its since $since"
					if ver($rel[$k]) >= ver($since) && !($t->{$k} && $m->{$k});
			}
			push @bad, "struct $tag is in $rel[$before] already, before its since $since"
				if defined $before && $t->{$before};
		}
	} elsif ($kind eq 'ARGTYPE') {
		# the struct the argument takes came at since
		my $t = $mask{"i:struct $new"};
		my ($before) = grep { ver($rel[$_]) < ver($since) } reverse 0 .. $#rel;
		if (!$t) {
			push @bad, "the atlas has no struct $new";
		} else {
			for my $k (0 .. $#rel) {
				push @bad, "struct $new is not in $rel[$k], at or after its since $since"
					if ver($rel[$k]) >= ver($since) && !$t->{$k};
			}
			push @bad, "struct $new is in $rel[$before] already, before its since $since"
				if defined $before && $t->{$before};
		}
	} elsif ($kind eq 'QUOTE_ARG' || $kind eq 'PERSON' || $gone eq '') {
		$skip = "$kind: nothing the atlas records went away" if $gone eq '' || $kind ne 'PERSON';
		$skip //= 'reported only';
	} elsif (!exists $mask{$key}) {
		$skip = "$old is not in the atlas (in every release, or made at build time)";
	} else {
		my $last;
		for my $k (0 .. $#rel) {
			if (ver($rel[$k]) >= ver($gone)) {
				push @bad, "$old is in $rel[$k], at or after its gone $gone" if $mask{$key}{$k};
			} else {
				$last = $k;
			}
		}
		push @bad, "$old is not in $rel[$last], the last release before its gone $gone"
			if defined $last && !$mask{$key}{$last};
		if ($since ne '' && ($kind eq 'RENAME' || $kind eq 'HEADER')) {
			my ($name) = ($new =~ /^([\w\/.]+?)(?:\.proc_net)?$/);
			my $nkey = ($name =~ m{/} ? 'h:' : 'i:') . $name;
			for my $k (0 .. $#rel) {
				next if ver($rel[$k]) < ver($since) || !exists $mask{$nkey};
				push @bad, "$name is not in $rel[$k], at or after its since $since"
					unless $mask{$nkey}{$k};
			}
		}
	}
	my $what = "$kind $old -> $new (gone $gone, since $since)";
	if ($skip) {
		print "ok $n - $what # SKIP $skip\n";
	} else {
		print @bad ? "not ok $n" : "ok $n", " - $what\n";
		print "# $_\n" for @bad;
	}
}
