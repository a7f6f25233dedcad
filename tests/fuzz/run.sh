#!/usr/bin/env bash
# Build the kernel with AddressSanitizer and UndefinedBehaviorSanitizer and feed every equity
# entry point random, often invalid, input: bash tests/fuzz/run.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
${CC:-cc} -std=c99 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -Icsrc -Itables \
    tests/fuzz/equity_fuzz.c csrc/*.c tables/*.c -o "$out/fuzz"
"$out/fuzz" "${1:-3000}"
