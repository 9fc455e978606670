#!/usr/bin/env bash
# Unit tests of modport: tokenizer, positions, rewrite, diff (ASan+UBSan).
exec "$(dirname "$0")/../build/tests/unit-modport"
