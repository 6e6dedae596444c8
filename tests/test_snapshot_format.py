"""The start-up snapshot's storage format (web/boot/snapshot_format.mjs), run in Node: a
snapshot packed without its zero pages unpacks to the same bytes, and a damaged or foreign
one is refused rather than restored (the page then starts plainly). The bytes' SHA-256 is
the service worker's (sw.js; e2e/test_snapshot.py flips bytes in its cache)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = (ROOT / "web" / "boot" / "snapshot_format.mjs").as_uri()
NODE = shutil.which("node")

SCRIPT = """
import { pack, unpack } from %s;
const out = {};
// Zero pages, non-zero pages, a non-zero byte at a page's end, a short last page.
const raw = new Uint8Array(4096 * 10 + 123);
raw[5] = 1; raw[4096 * 3 + 4095] = 2; raw.fill(9, 4096 * 7, 4096 * 8); raw[raw.length - 1] = 3;
const packed = pack(raw);
out.smaller = packed.length < raw.length / 2;
out.same = unpack(packed).every((b, i) => b === raw[i]) && unpack(packed).length === raw.length;
out.allZero = unpack(pack(new Uint8Array(5000))).length === 5000;
const refuse = (bytes) => { try { unpack(bytes); return false; } catch { return true; } };
out.truncated = refuse(packed.subarray(0, packed.length - 1));
out.trailing = refuse(new Uint8Array([...packed, 0]));
out.foreign = refuse(new Uint8Array(1 << 16).fill(7));
out.empty = refuse(new Uint8Array(0));
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(NODE is None, reason="needs Node (scripts/setup.sh installs it)")
def test_pack_unpack_round_trip_and_refusals():
    done = subprocess.run([NODE, "--input-type=module", "-e", SCRIPT % json.dumps(MODULE)],
                          capture_output=True, text=True, check=True, timeout=120)
    out = json.loads(done.stdout)
    assert out == {k: True for k in out} and len(out) == 7, out
