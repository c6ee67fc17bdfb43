#!/bin/bash
# The analyzer refuses an instruction where ptxas does, for the module's .version and .target:
# each form of tests/ptx_gates/forms.txt (what ptxas 13.0 took, measured) goes into a kernel for
# every target at .version 9.0, and for every .version from its first target's smallest up; the
# analyzer must accept exactly where ptxas did. It must never refuse what ptxas takes; the forms
# it still accepts where ptxas does not are listed in tests/ptx_gates/known_misses.txt, and a
# miss not listed there fails too (as does a listed one that is no longer missed: update the list).
# usage: ptx_gates.sh TNPTX DATA_DIR          (DATA_DIR: tests/ptx_gates)
#        ptx_gates.sh TNPTX DATA_DIR --ptxas  (also asks ptxas about every case: checks the data)
set -u
tnptx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") data=$2 ask_ptxas=${3:-}
targets=(sm_75 sm_80 sm_86 sm_87 sm_88 sm_89 sm_90 sm_90a sm_100 sm_100a sm_100f sm_103 sm_110 sm_120 sm_120a sm_121)
versions=(6.3 6.4 6.5 7.0 7.1 7.2 7.3 7.4 7.5 7.6 7.7 7.8 8.0 8.1 8.2 8.3 8.4 8.5 8.6 8.7 8.8 9.0)
declare -A target_min=([sm_75]=6.3 [sm_80]=7.0 [sm_86]=7.1 [sm_87]=7.4 [sm_88]=7.3 [sm_89]=7.8 [sm_90]=7.8
    [sm_90a]=8.0 [sm_100]=8.6 [sm_100a]=8.6 [sm_100f]=8.8 [sm_103]=8.8 [sm_110]=9.0 [sm_120]=8.7
    [sm_120a]=8.7 [sm_121]=8.8)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# kernel VERSION TARGET INSTRUCTION: a module whose kernel declares what the forms use.
kernel() {
    cat <<EOF
.version $1
.target $2
.address_size 64
.shared .align 128 .b8 sm[1024];
.shared .align 8 .b64 mb;
.visible .entry k(.param .u64 a) {
  .reg .pred %p<4>; .reg .b16 %h<8>; .reg .b32 %r<8>; .reg .f32 %f<8>; .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  mov.u32 %r1, 0; mov.u32 %r2, 0; mov.u32 %r3, 0; mov.u32 %r4, 0; mov.f32 %f1, 0f00000000;
  mov.f32 %f2, 0f00000000; mov.f32 %f3, 0f00000000; mov.f32 %f4, 0f00000000; mov.b16 %h2, 0;
  mov.b16 %h3, 0; mov.b16 %h4, 0; mov.u64 %rd2, 0;
  $3
  ret;
}
EOF
}

ge() { # VERSION_A >= VERSION_B
    [ "${1%.*}${1#*.}" -ge "${2%.*}${2#*.}" ]
}

# Every case as a file named NAME@TARGET@VERSION.ptx, with what ptxas said in $work/want.
n=0
while IFS='|' read -r name tlist vmin body; do
    name=${name// /} tlist=${tlist// /} vmin=${vmin// /} body=${body# }
    [ -z "$name" ] || [ "${name:0:1}" = "#" ] && continue
    n=$((n + 1))
    for t in "${targets[@]}"; do
        kernel 9.0 "$t" "$body" > "$work/$name@$t@9.0.ptx"
        case ",$tlist," in *",$t,"*) w=yes ;; *) w=no ;; esac
        echo "$name@$t@9.0 $w" >> "$work/want"
    done
    [ "$tlist" = "-" ] && continue
    first=${tlist%%,*}
    for v in "${versions[@]}"; do
        ge "$v" "${target_min[$first]}" && [ "$v" != 9.0 ] || continue
        kernel "$v" "$first" "$body" > "$work/$name@$first@$v.ptx"
        if ge "$v" "$vmin"; then w=yes; else w=no; fi
        echo "$name@$first@$v $w" >> "$work/want"
    done
done < "$data/forms.txt"

# The analyzer's verdicts, one run over every file: NAME@TARGET@VERSION yes|no.
(cd "$work" && "$tnptx" ./*.ptx 2>&1) | sed -n 's|^\./\(.*\)\.ptx: \(in\)\{0,1\}valid PTX.*|\1 \2|p' |
    sed 's/ in$/ no/; s/ $/ yes/' | sort > "$work/got"
sort -o "$work/want" "$work/want"
cases=$(wc -l < "$work/want")
if [ "$(wc -l < "$work/got")" -ne "$cases" ]; then
    echo "FAIL: the analyzer reported $(wc -l < "$work/got") of $cases files"
    exit 1
fi
failures=0
refused=$(join "$work/want" "$work/got" | awk '$2 == "yes" && $3 == "no" {print $1}')
for c in $refused; do
    echo "FAIL: $c: ptxas accepts it, the analyzer refuses it:"
    "$tnptx" "$work/$c.ptx" | grep PTX_SYNTAX | head -1
    failures=$((failures + 1))
done
join "$work/want" "$work/got" | awk '$2 == "no" && $3 == "yes" {print $1}' > "$work/missed"
grep -v '^#' "$data/known_misses.txt" | sort > "$work/known"
for c in $(comm -23 "$work/missed" "$work/known"); do
    echo "FAIL: $c: ptxas refuses it, the analyzer accepts it (not a known miss)"
    failures=$((failures + 1))
done
for c in $(comm -13 "$work/missed" "$work/known"); do
    echo "FAIL: $c is listed as a known miss but the analyzer refuses it now: take it off the list"
    failures=$((failures + 1))
done

if [ "$ask_ptxas" = --ptxas ]; then
    ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
    while read -r c w; do
        t=${c#*@} t=${t%@*}
        if "$ptxas" -arch="$t" "$work/$c.ptx" -o /dev/null 2> /dev/null; then p=yes; else p=no; fi
        [ "$p" = "$w" ] || { echo "FAIL: $c: ptxas says $p, forms.txt says $w"; failures=$((failures + 1)); }
    done < "$work/want"
fi
echo "$n forms, $cases cases: $(wc -l < "$work/missed") known misses, $failures failures"
exit $((failures > 0))
