#!/usr/bin/env bash
# Unit tests of modrun's host side (built with ASan and UBSan).
exec "$(dirname "$0")/../build/tests/unit-modrun"
