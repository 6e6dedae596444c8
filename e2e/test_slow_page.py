"""A page whose end arrives late still starts (issue #40).

PyScript reads its config tags once, as its module runs; they sit at the end of the body.
Under load (a CI machine beside a CPU hog, a phone on a slow link) PyScript's module can
run before the parser has placed them: it then found no config, imported the plugins the
config turns off (not shipped: 404) and never started. Two CI runs failed so. Here the
server holds the page's end back for a moment, so that order happens every time."""

from __future__ import annotations

import time

import pytest

from scripts import serve

HOLD_BEFORE = b"<mpy-config"  # the first of PyScript's config tags in index.html
HOLD_SECONDS = 2.0


class _LateEnd(serve.TacocatRequestHandler):
    """Sends a page up to its config tags, waits, then the rest."""

    def copyfile(self, source, outputfile) -> None:
        data = source.read()
        cut = data.find(HOLD_BEFORE)
        if cut < 0:
            outputfile.write(data)
            return
        outputfile.write(data[:cut])
        outputfile.flush()
        time.sleep(HOLD_SECONDS)
        outputfile.write(data[cut:])


@pytest.fixture(scope="module")
def late_end_url(dist_dir):
    server, url = serve.start_server(dist_dir, precompressed=False, handler_class=_LateEnd)
    yield url
    serve.stop_server(server)


# The two starts that do not wait for a service worker: a lesson in an article, and a
# visit without one (a later visit, already controlled, takes the same path).
@pytest.mark.parametrize("query", ["?embed=1&lesson=duel&lang=eu", "?sw=0"])
def test_a_page_whose_end_arrives_late_still_starts(page, late_end_url, query, network_log,
                                                     wait_ready):
    page.goto(late_end_url + query, wait_until="commit")
    wait_ready(page)
    page.locator("#hand .card").first.wait_for()
    skipped = [u for u in network_log.requests if "py-editor" in u or "py-terminal" in u]
    assert skipped == [], "PyScript imported the plugins its config turns off"
