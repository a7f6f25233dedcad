#!/usr/bin/env bash
# Build and run the kernel-only benchmark: bash benchmarks/kernel_bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
${CC:-cc} -O3 -std=c99 -D_POSIX_C_SOURCE=199309L -Icsrc -Itables \
    benchmarks/kernel_bench.c csrc/handrank.c tables/five_card.c tables/seven_card.c -o build/kernel_bench
lscpu 2>/dev/null | grep -m1 "Model name" || true
build/kernel_bench
