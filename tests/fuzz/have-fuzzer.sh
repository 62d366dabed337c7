#!/bin/sh
# have-fuzzer.sh CC -- succeeds when CC can build and link a libFuzzer
# target with ASan and UBSan (clang plus its fuzzer runtime).
CC=${1:-clang}
command -v "$CC" >/dev/null 2>&1 || exit 1
dir=$(mktemp -d /tmp/maat-havefuzz.XXXXXX) || exit 1
trap 'rm -rf "$dir"' EXIT
cat >"$dir/t.c" <<'C'
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }
C
"$CC" -fsanitize=fuzzer,address,undefined -o "$dir/t" "$dir/t.c" >/dev/null 2>&1
