#!/bin/bash
# One large PTX module on stdout: the functions of every FILE under one sm_90a header, all of them
# REPEAT times, module-level names (functions and variables) suffixed with the copy and file number
# so that no name is defined twice. For the analyzer's speed benchmark and its parallel test.
# usage: scripts/ptx_big_module.sh REPEAT FILE...
set -eu
repeat=$1
shift
# sm_90a: the Hopper and Triton files' instructions are checked against the module's .target, and
# every sm_80 instruction is valid there too.
printf '.version 9.0\n.target sm_90a\n.address_size 64\n'
for i in $(seq "$repeat"); do
    perl -e '
        my $copy = shift;
        for my $n (0 .. $#ARGV) {
            open(my $in, "<", $ARGV[$n]) or die "$ARGV[$n]: $!";
            my $text = do { local $/; <$in> };
            $text =~ s/^\.(version|target|address_size)\b.*$//mg;
            my %names;
            $names{$1} = 1 while $text =~ /^[ \t]*(?:\.(?:visible|extern|weak)\s+)*\.(?:entry|func)\s+(?:\([^)]*\)\s*)?([\w\$]+)/mg;
            $names{$1} = 1 while $text =~ /^(?:\.(?:visible|extern|weak)\s+)*\.(?:global|shared|const)\b[^=;\[\n]*?([\w\$]+)\s*[\[=;]/mg;
            if (%names) {
                my $alt = join("|", map { quotemeta } sort { length($b) <=> length($a) } keys %names);
                $text =~ s/(?<![\w\$])($alt)(?![\w\$])/$1_${copy}_$n/g;
            }
            print $text;
        }' "$i" "$@"
done
