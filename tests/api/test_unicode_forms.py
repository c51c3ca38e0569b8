"""A text typed in two Unicode forms (a base letter + combining mark, and the one precomposed code point) is one
text: the same statement in either form is a restatement, not a change of value (``validation.check_text``)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from memory_core.embedded import EmbeddedMemory
from memory_core.validation import check_text

CASES = [("en", "I live in {}."), ("zh", "我现在住在{}。")]


@pytest.mark.parametrize(("lang", "template"), CASES)
def test_the_same_place_in_two_unicode_forms_is_one_value(tmp_path: Path, lang: str, template: str) -> None:
    nfd, nfc = "Zu\u0308rich", "Z\u00fcrich"
    assert nfd != nfc and unicodedata.normalize("NFC", nfd) == nfc
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db")
    try:
        mem.add(template.format(nfd), user_id="u", timestamp="2026-05-01T10:00:00Z")
        mem.add(template.format(nfc), user_id="u", timestamp="2026-05-02T10:00:00Z")
        items = mem.get_all(user_id="u")
        places = [i for i in items if "rich" in i["description"] and i["kind"] != "event"]
        assert len(places) == 1, [i["description"] for i in items]
        assert nfc in places[0]["description"]
        assert not [i for i in mem.get_all(user_id="u", filters={"status": "superseded"}) if "rich" in i["description"]]
    finally:
        mem.close()


@pytest.mark.parametrize("text", ["Cafe\u0301 au lait", "我喜欢Pok\u00e9mon", "e\u0301t\u00e9"])
def test_check_text_returns_the_composed_form(text: str) -> None:
    assert check_text(text) == unicodedata.normalize("NFC", text)
