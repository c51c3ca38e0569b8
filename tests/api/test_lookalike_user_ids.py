"""A user id that reads as another one ("ａｎｎ", "аnn" beside "ann") is refused on every transport, with the
reason, and nothing is stored for it; ids of one script, English or Chinese, keep working as given."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core import wire
from memory_core.embedded import EmbeddedMemory
from memory_core.errors import InvalidField

LOOKALIKES = [("ａｎｎ", "reads as 'ann'"), ("аnn", "mixes letters of the scripts Cyrillic, Latin"),
              ("张三２", "reads as '张三2'"), ("an\u200bn", "U\\+200B")]
TEXTS = {"en": "I keep my bike in the garage.", "zh": "我把自行车放在车库里。"}


@pytest.mark.parametrize(("ident", "why"), LOOKALIKES)
@pytest.mark.parametrize("lang", TEXTS)
def test_a_lookalike_user_id_is_refused_and_nothing_is_stored(tmp_path: Path, ident: str, why: str, lang: str) -> None:
    mem = EmbeddedMemory.open(database_url=f"sqlite:///{tmp_path}/m.db")
    try:
        mem.add(TEXTS[lang], user_id="ann" if lang == "en" else "张三", timestamp="2026-05-01T10:00:00Z")
        with pytest.raises(InvalidField, match=why):
            mem.add(TEXTS[lang], user_id=ident, timestamp="2026-05-02T10:00:00Z")
        with pytest.raises(InvalidField, match=why):
            mem.search("bike 自行车", user_id=ident)
        assert mem.users() == ["ann" if lang == "en" else "张三"]
        found = mem.search(TEXTS[lang], user_id="ann" if lang == "en" else "张三", k=3)
        assert found and any(TEXTS[lang].rstrip("。.")[-5:] in h["description"] for h in found)
    finally:
        mem.close()


@pytest.mark.parametrize(("ident", "why"), LOOKALIKES)
def test_the_wire_check_of_the_distributed_and_http_publish_refuses_it(ident: str, why: str) -> None:
    with pytest.raises(InvalidField, match=why):
        wire.check_turn(ident, "t1", TEXTS["zh"], "user", "s1", "2026-05-01T10:00:00Z")
    with pytest.raises(InvalidField, match=why.replace("as '", "as 'acme:")):  # the HTTP shim publishes "tenant:user"
        wire.check_turn(f"acme:{ident}", "t1", TEXTS["en"], "user", "s1", "2026-05-01T10:00:00Z")
    turn = wire.check_turn("acme:张三", "t1", TEXTS["zh"], "user", "s1", "2026-05-01T10:00:00Z")
    assert turn["user_id"] == "acme:张三"
