"""Game records in and out of the page: download a record as a JSON file, read one the
player picked. The engine's :class:`tacocat.GameRecord` does the parsing and checking."""

from __future__ import annotations

from tacocat import RecordError
from web.i18n.catalog import t
from web.platform.browser import create_once_callable, document, to_js, window
from web.platform.dom import el, js_obj

MAX_IMPORT_BYTES = 2_000_000


def download(text: str, name: str) -> None:
    """Offer ``text`` as a file called ``name``."""
    blob = window.Blob.new(to_js([text]), js_obj({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = el("a", "", None, href=url, download=name)
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda *_: window.URL.revokeObjectURL(url)), 1000)


async def read_text(file) -> str:
    """The picked file's text; :class:`RecordError` when it is too large or empty."""
    if file.size > MAX_IMPORT_BYTES:
        raise RecordError(t("import.too_large"))
    text = str(await file.text())
    if not text.strip():
        raise RecordError(t("import.empty"))
    return text
