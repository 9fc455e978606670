#!/usr/bin/perl
# census.pl TREE [--list|--tsv|--files RULE]
# Textual (grep-level) census of the 2.4 -> 2.6 porting sites of issue 5 over a
# Linux 2.4 tree.  Every count is a regular expression over the file text with
# comments blanked and string/char literals emptied (so "init_module()" in a
# printk or a comment is not counted); there is no parsing and no preprocessing.
# See README.md in this folder for the definitions.
use strict;
use warnings;
use File::Find;

my $tree = shift // 'cache/linux-2.4.22';
my $mode = shift // 'table';
my $arg  = shift;
die "census: no tree at $tree\n" unless -d $tree;
$tree =~ s{/+$}{};

# Blank comments (keeping newlines), empty string and character literals.
sub strip {
    my ($t, $keepstr) = @_;
    $t =~ s{(/\*.*?(?:\*/|\z))|(//[^\n]*)|("(?:\\.|[^"\\\n])*")|('(?:\\.|[^'\\\n])*')}{
        defined $1 ? ($1 =~ s/[^\n]/ /gr) : defined $2 ? '' : defined $3 ? ($keepstr ? $3 : '""') : "' '"
    }gse;
    return $t;
}

# Rules: id => [description, regex over stripped text (counted globally)]
my @rules = (
  ['init-module-def',   'init_module definitions',                          qr/\binit_module\s*\([^;{()]*\)\s*(?=\{|#)/],
  ['cleanup-module-def','cleanup_module definitions',                       qr/\bcleanup_module\s*\([^;{()]*\)\s*(?=\{|#)/],
  ['module-init-call',  'module_init( uses',                                qr/\bmodule_init\s*\(/],
  ['module-parm',       'MODULE_PARM( uses',                                qr/\bMODULE_PARM\s*\(/],
  ['module-parm-modstr','  of which with __MODULE_STRING',                 qr/\bMODULE_PARM\s*\([^;]*?__MODULE_STRING/],
  ['module-parm-simple','  of which type "i","l","h","b" or "s"',            qr/\bMODULE_PARM\s*\(\s*\w+\s*,\s*"[ilhbs]"\s*\)/],
  ['module-parm-i',     '  of which type "i"',                             qr/\bMODULE_PARM\s*\(\s*\w+\s*,\s*"i"\s*\)/],
  ['module-parm-range', '  of which a range "N-Mx" (x in ilhbs)',           qr/\bMODULE_PARM\s*\(\s*\w+\s*,\s*"\d*-?\d+[ilhbs]"\s*\)/],
  ['module-parm-cstr',  '  of which "c<N>" or "N-Mc<N>" strings',          qr/\bMODULE_PARM\s*\(\s*\w+\s*,\s*"(?:\d*-?\d+)?c\d+"\s*\)/],
  ['use-count',         'MOD_INC_USE_COUNT / MOD_DEC_USE_COUNT uses',        qr/\bMOD_(?:INC|DEC)_USE_COUNT\b/],
  ['use-count-inc',     '  of which MOD_INC_USE_COUNT',                      qr/\bMOD_INC_USE_COUNT\b/],
  ['use-count-stmt',    '  of which a plain statement "MOD_x_USE_COUNT;"',   qr/\bMOD_(?:INC|DEC)_USE_COUNT\s*;/],
  ['mod-in-use',        'MOD_IN_USE uses (report)',                          qr/\bMOD_IN_USE\b/],
  ['export-no-symbols', 'EXPORT_NO_SYMBOLS',                                 qr/\bEXPORT_NO_SYMBOLS\b/],
  ['export-symtab',     '#define EXPORT_SYMTAB',                             qr/^[ \t]*#[ \t]*define[ \t]+EXPORT_SYMTAB\b/m],
  ['no-version',        '#define __NO_VERSION__',                            qr/^[ \t]*#[ \t]*define[ \t]+__NO_VERSION__\b/m],
  ['config-h',          '#include <linux/config.h>',                         qr/^[ \t]*#[ \t]*include[ \t]*<linux\/config\.h>/m],
  ['malloc-h',          '#include <linux/malloc.h>',                         qr/^[ \t]*#[ \t]*include[ \t]*<linux\/malloc\.h>/m],
  # gnu-initializer is counted specially (inside "= {...}" only), see below
  ['gnu-initializer',   'GNU "field: value" initializers (inside = {...})',  undef],
  ['cli-sti',           'cli()/sti()/save_flags()/restore_flags() (report)', qr/\b(?:cli|sti|save_flags|restore_flags)\s*\(/],
  ['sleep-on',          'sleep_on family (report)',                          qr/\b(?:interruptible_)?sleep_on(?:_timeout)?\s*\(/],
  ['task-queue',        'tq_struct / queue_task (report)',                   qr/\b(?:tq_struct|queue_task)\b/],
  ['check-region',      'check_region( (report)',                            qr/\bcheck_region\s*\(/],
  ['verify-area',       'verify_area( (report)',                             qr/\bverify_area\s*\(/],
  ['set-module-owner',  'SET_MODULE_OWNER( (report)',                        qr/\bSET_MODULE_OWNER\s*\(/],
  ['minor-major-rdev',  'MINOR(/MAJOR( on i_rdev (report)',                  qr/\b(?:MINOR|MAJOR)\s*\([^;()]*\bi_rdev\b/],
  ['void-irq-handler',  'void handler(int, void *, struct pt_regs *) (report)', qr/\bvoid\s+\w+\s*\(\s*int\s+\w+\s*,\s*void\s*\*\s*\w+\s*,\s*struct\s+pt_regs\s*\*\s*\w+\s*\)\s*\{/],
);
# file-level classifications (count of files)
my @fileclass = (
  ['module-file',        'module files (.c defining init_module/cleanup_module or using module_init/module_exit)'],
  ['init-only',          'files defining init_module without module_init'],
  ['cleanup-only',       'files defining cleanup_module without module_exit'],
  ['init-only-ifdef',    '  of which the init_module sits inside #ifdef MODULE'],
  ['init-only-forward',  '  of which init_module is a thin forward { return f(); }'],
  ['init-only-wrapper',  '  of which both (the module-wrapper idiom)'],
  ['init-only-onecall',  '  of which init_module is one statement { return f(ARGS); }'],
  ['init-alias',         'files with #define X init_module (no module_init)'],
);

my (@c, @h);
find({ no_chdir => 1, wanted => sub {
    return unless -f $_;
    push @c, $_ if /\.c$/; push @h, $_ if /\.h$/; } }, $tree);
@c = sort @c; @h = sort @h;

# is position $pos inside a MODULE-only conditional?
sub in_module_cond {
    my ($t, $pos) = @_;
    my @st;
    my $pre = substr($t, 0, $pos);
    while ($pre =~ /^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b([^\n]*)/mg) {
        my ($d, $rest) = ($1, $2);
        if ($d eq 'ifdef' || $d eq 'ifndef' || $d eq 'if') {
            my $m = 0;
            if ($d eq 'ifdef' && $rest =~ /^\s*MODULE\b/) { $m = 1 }
            elsif ($d eq 'ifndef' && $rest =~ /^\s*MODULE\b/) { $m = -1 }
            elsif ($d eq 'if' && $rest =~ /^\s*defined\s*\(?\s*MODULE\s*\)?\s*$/) { $m = 1 }
            elsif ($d eq 'if' && $rest =~ /^\s*!\s*defined\s*\(?\s*MODULE\s*\)?\s*$/) { $m = -1 }
            push @st, $m;
        } elsif ($d eq 'else' || $d eq 'elif') { $st[-1] = -$st[-1] if @st; }
        elsif ($d eq 'endif') { pop @st; }
    }
    return scalar grep { $_ == 1 } @st;
}

my (%tot, %totc, %toth, %files, %fc, %lines, @list, %per);
my $initdef = qr/\binit_module\s*\([^;{()]*\)\s*(?=\{|#)/;
for my $f (@c, @h) {
    open my $fh, '<', $f or do { warn "census: $f: $!\n"; next };
    local $/; my $raw = <$fh>; close $fh;
    my $t = strip($raw);
    my $ts = $raw =~ /MODULE_PARM/ ? strip($raw, 1) : $t;
    my $isc = $f =~ /\.c$/;
    my $rel = substr($f, length($tree) + 1);
    my $def  = $t =~ $initdef;
    my $cdef = $t =~ /\bcleanup_module\s*\([^;{()]*\)\s*(?=\{|#)/;
    my $mi   = $t =~ /\bmodule_init\s*\(/;
    my $me   = $t =~ /\bmodule_exit\s*\(/;
    my $mod  = $isc && ($def || $cdef || $mi || $me);
    my %cls;
    if ($mod) {
        $cls{'module-file'} = 1;
        $lines{mod} += ($raw =~ tr/\n//);
        push @list, $rel;
    }
    if ($isc) {
        if ($def && !$mi) {
            $cls{'init-only'} = 1;
            $t =~ /$initdef/g; my $p = pos($t) // $-[0];
            my $ifd = in_module_cond($t, $-[0]);
            my $body = ''; if ($t =~ /\G[^{]*(\{((?:[^{}]++|(?1))*)\})/g) { $body = $2 }
            pos($t) = undef;
            my $fwd = $body =~ /^\s*return\s+\w+\s*\(\s*\)\s*;\s*$/;
            my $one = $body =~ /^\s*return\s+\w+\s*\([^;{}]*\)\s*;\s*$/;
            $cls{'init-only-ifdef'} = 1 if $ifd;
            $cls{'init-only-forward'} = 1 if $fwd;
            $cls{'init-only-wrapper'} = 1 if $ifd && $fwd;
            $cls{'init-only-onecall'} = 1 if $one;
        }
        $cls{'cleanup-only'} = 1 if $cdef && !$me;
        $cls{'init-alias'} = 1 if !$mi && $t =~ /^[ \t]*#[ \t]*define[ \t]+\w+[ \t]+init_module\b/m;
    }
    $fc{$_}++ for keys %cls;
    my %n;
    for my $r (@rules) {
        my ($id, undef, $re) = @$r;
        my $k = 0;
        if ($id eq 'gnu-initializer') {
            while ($t =~ /=\s*(\{((?:[^{}]++|(?1))*)\})/g) {
                my $b = $1; $k++ while $b =~ /[{,]\s*[A-Za-z_]\w*\s*:(?!:)/g;
            }
        } elsif ($id =~ /^module-parm/) { $k++ while $ts =~ /$re/g;
        } else { $k++ while $t =~ /$re/g; }
        next unless $k;
        $n{$id} = $k;
        if ($mod) { $tot{$id} += $k; $files{$id}++; }
        if ($isc) { $totc{$id} += $k } else { $toth{$id} += $k }
    }
    $per{$rel} = \%n if $mod;
}

if ($mode eq '--list') { print "$_\n" for @list; exit 0 }
if ($mode eq '--tsv') {
    print "rule\tsites_module_files\tfiles\tsites_all_c\tsites_all_c_h\n";
    for my $r (@rules) { my $id = $r->[0];
        printf "%s\t%d\t%d\t%d\t%d\n", $id, $tot{$id}//0, $files{$id}//0, $totc{$id}//0, ($totc{$id}//0)+($toth{$id}//0) }
    printf "%s\t%d\t%d\t\t\n", $_->[0], $fc{$_->[0]}//0, $fc{$_->[0]}//0 for @fileclass;
    exit 0;
}
if ($mode eq '--files') {   # per-file count of one rule over module files
    for my $f (@list) { my $k = $per{$f}{$arg} // 0; print "$f\t$k\n" if $k }
    exit 0;
}
printf "tree: %s\n.c files: %d, .h files: %d\n", $tree, scalar @c, scalar @h;
printf "module files: %d (%d lines)\n\n", scalar @list, $lines{mod} // 0;
printf "%-22s %8s %6s %8s %8s  %s\n", 'rule', 'sites', 'files', 'all .c', '.c+.h', '(sites/files over module files; all .c / .c+.h = sites over every file)';
for my $r (@rules) { my $id = $r->[0];
    printf "%-22s %8d %6d %8d %8d  %s\n", $id, $tot{$id}//0, $files{$id}//0, $totc{$id}//0, ($totc{$id}//0)+($toth{$id}//0), $r->[1] }
print "\n";
printf "%-22s %8d  %s\n", $_->[0], $fc{$_->[0]}//0, $_->[1] for @fileclass;
