#!/usr/bin/env bash
# Build the kernel with AddressSanitizer and UndefinedBehaviorSanitizer and feed every equity
# entry point random, often invalid, input: bash tests/fuzz/run.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
${CC:-cc} -std=c99 -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -Icsrc -Itables \
    tests/fuzz/equity_fuzz.c csrc/handrank.c csrc/equity.c csrc/equity_ranges.c csrc/monte_carlo.c csrc/preflop.c csrc/simulate.c csrc/strength.c csrc/lowball.c csrc/shortdeck.c csrc/omaha.c \
    tables/five_card.c tables/seven_card.c tables/preflop_headsup.c tables/lowball.c tables/shortdeck.c -o "$out/fuzz"
"$out/fuzz" "${1:-3000}"
