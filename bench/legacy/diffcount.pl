#!/usr/bin/perl
# diffcount.pl [--per-file] DIFF...
# Attribute the +/- lines of unified diffs to issue 5's rules by what they
# contain, and count converted sites per rule:
#   implicit-init   +module_init(X) in a file whose diff also adds "static ... X("
#   module-wrapper  +module_init(X) otherwise (the wrapper was removed)
#   implicit-exit / module-wrapper-exit: the same for module_exit
#   module-parm     module_param( / module_param_array( / module_param_string(
#                   on + lines (in a macro too) less those already on - lines
#   use-count       -MOD_INC_USE_COUNT / -MOD_DEC_USE_COUNT (removed lines)
#   export-no-symbols, export-symtab, no-version, config-h: removed lines
#   malloc-h        -#include <linux/malloc.h>
#   gnu-initializer ".f =" occurrences on + lines not already on - lines
use strict; use warnings;
my $perfile = 0;
if (@ARGV && $ARGV[0] eq '--per-file') { $perfile = 1; shift }
my (%tot, %pf, $file, %fd);
sub flush {
    return unless defined $file;
    my %n;
    my ($add, $del) = ($fd{add} // '', $fd{del} // '');
    for my $x ($add =~ /^\s*module_init\s*\(\s*(\w+)\s*\)/mg) {
        if ($add =~ /^\s*static\b[^\n;]*\b\Q$x\E\s*\(/m) { $n{'implicit-init'}++ } else { $n{'module-wrapper'}++ } }
    for my $x ($add =~ /^\s*module_exit\s*\(\s*(\w+)\s*\)/mg) {
        if ($add =~ /^\s*static\b[^\n;]*\b\Q$x\E\s*\(/m) { $n{'implicit-exit'}++ } else { $n{'module-wrapper-exit'}++ } }
    $n{'module-parm'}      += () = $add =~ /\bmodule_param(?:_array|_string)?\s*\(/g;
    $n{'module-parm'}      -= () = $del =~ /\bmodule_param(?:_array|_string)?\s*\(/g;
    $n{'use-count'}        += () = $del =~ /\bMOD_(?:INC|DEC)_USE_COUNT\b/g;
    $n{'use-count'}        -= () = $add =~ /\bMOD_(?:INC|DEC)_USE_COUNT\b/g;
    $n{'export-no-symbols'}+= () = $del =~ /\bEXPORT_NO_SYMBOLS\b/g;
    $n{'export-no-symbols'}-= () = $add =~ /\bEXPORT_NO_SYMBOLS\b/g;
    $n{'export-symtab'}    += () = $del =~ /^\s*#\s*define\s+EXPORT_SYMTAB\b/mg;
    $n{'no-version'}       += () = $del =~ /^\s*#\s*define\s+__NO_VERSION__\b/mg;
    $n{'config-h'}         += () = $del =~ /^\s*#\s*include\s*<linux\/config\.h>/mg;
    $n{'malloc-h'}         += () = $del =~ /^\s*#\s*include\s*<linux\/malloc\.h>/mg;
    my $a = () = $add =~ /(?:^|[{,])\s*\.[A-Za-z_]\w*\s*=/mg;
    my $d = () = $del =~ /(?:^|[{,])\s*\.[A-Za-z_]\w*\s*=/mg;
    $n{'gnu-initializer'} += $a - $d if $a > $d;
    for (keys %n) { next unless $n{$_} > 0; $tot{$_} += $n{$_}; $pf{$file}{$_} = $n{$_} }
    %fd = ();
}
while (<>) {
    if (/^--- (\S+)/) { my $f = $1; my $nx = <>; flush(); $f =~ s{^(?:a|b)/}{}; $f =~ s{^\./}{}; $file = $f; next }
    next if /^\+\+\+ /;
    if (/^\+(.*\n?)/) { $fd{add} .= $1 } elsif (/^-(.*\n?)/) { $fd{del} .= $1 }
}
flush();
if ($perfile) { for my $f (sort keys %pf) { print "$f\t$_\t$pf{$f}{$_}\n" for sort keys %{$pf{$f}} } }
else { print "$_\t$tot{$_}\n" for sort keys %tot }
