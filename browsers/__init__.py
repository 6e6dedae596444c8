"""Driving the game's page in a browser, shared by the browser tests (e2e/), the benchmarks
(bench/) and the scripts that take pictures (scripts/):

* :mod:`browsers.page`: the page's ready check and a whole game played through its UI;
* :mod:`browsers.drivers`: Firefox and WebKit from Debian's packages (and Chromium through
  Playwright) behind one small interface, and the flags Chromium needs on this network.
"""
