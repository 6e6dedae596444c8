"""The browser guard itself (e2e/conftest.py): an HTTP error is recorded and fails a test
unless the test allows it by pattern."""

from __future__ import annotations

import time


def test_guard_fails_a_test_on_an_http_error(page, server_url, network_log):
    # a text file has no icon, and Chromium's own favicon request (404, at a moment of its
    # choosing) is not what this test provokes
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(server_url + "bench/bare/pyscript.toml")
    page.evaluate("() => fetch('no-such-file.js').catch(() => null)")
    deadline = time.monotonic() + 15  # Playwright reports it within ~0.1 s
    while time.monotonic() < deadline:
        network_log.flush()
        if network_log.bad_responses:
            break
        page.wait_for_timeout(20)
    assert network_log.bad_responses == [f"404 {server_url}bench/bare/no-such-file.js"]
    assert any(p.startswith("HTTP error") for p in network_log.problems())
    assert not any(p.startswith("HTTP error")
                   for p in network_log.problems(allowed_http=("no-such-file",)))
    network_log.bad_responses.clear()  # do not fail this test for it
    network_log.console_errors.clear()
