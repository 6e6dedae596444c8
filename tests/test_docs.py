"""The examples in docs/API.md are executed, so the documentation cannot drift."""

import doctest
from pathlib import Path

API = Path(__file__).resolve().parent.parent / "docs" / "API.md"


def test_api_examples_run():
    result = doctest.testfile(str(API), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 20
    assert result.failed == 0
