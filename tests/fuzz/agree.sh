#!/usr/bin/env bash
# Every build of the kernel gives the same answers: tests/fuzz/agree.c built with GNU
# extensions (and the vector paths this CPU picks at run time), with -DISO_NO_PEXT (the
# isomorphism's vector rows as a CPU whose pext is slow runs them) and with -DHR_PORTABLE (the
# fallbacks MSVC builds), under gcc and clang, prints the same checksums.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
sources=(csrc/*.c tables/*.c)  # the whole kernel and its tables
for cc in gcc clang; do
    command -v "$cc" >/dev/null || continue
    for flags in "" "-DISO_NO_PEXT" "-DHR_PORTABLE"; do
        # shellcheck disable=SC2086
        "$cc" -std=c99 -O2 $flags -Icsrc -Itables tests/fuzz/agree.c "${sources[@]}" -o "$out/agree"
        "$out/agree" >"$out/$cc$flags.txt"
    done
done
first=$(ls "$out"/*.txt | head -1)
for file in "$out"/*.txt; do
    if ! cmp -s "$first" "$file"; then
        echo "$(basename "$file" .txt) differs from $(basename "$first" .txt):" >&2
        diff "$first" "$file" >&2 || true
        exit 1
    fi
done
echo "$(ls "$out"/*.txt | wc -l) builds agree: $(tr '\n' ' ' <"$first")"
