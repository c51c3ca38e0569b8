"""The read side's tables of the slot lexicon (``pipeline.slot_questions``) answer as the compiled lexicon does,
and are kept in the user's cache folder under the lexicon's digest."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.pipeline import slot_lexicon, slot_questions


def _compiled_terms(key: str | None) -> str:
    """``slot_terms`` as it read the compiled lexicon before the tables (the reference the tables must match)."""
    lex = slot_lexicon.lexicon()
    if key and key.startswith("gist:"):
        named = key[5:].split("@", 1)[0]
        return next((a.ask for a in lex.attributes if a.id == named), "") if named == "works_at" else ""
    if not key or not key.startswith(("fact:", "pref:", "todo:")):
        return ""
    kind, _, rest = key.partition(":")
    rest = rest.split("@", 1)[0]
    if kind == "pref":
        oid = rest
        attr = next((a for a in lex.attributes if a.pref and a.objects == lex.category.get(oid, "")), None)
    else:
        attr_id, _, oid = rest.rpartition("/")[2].partition(":")
        if kind == "todo":
            attr_id, oid = "goal", attr_id
        attr = next((a for a in lex.attributes if a.id == attr_id), None)
    return " ".join(w for w in (attr.ask if attr else "", *lex.names.get(oid, ())) if w)


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user cache folder, and the process's tables forgotten (restored afterwards)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for cached in (slot_questions.question_words, slot_questions.slot_terms, slot_questions.marker):
        cached.cache_clear()
    yield tmp_path / "gulfstream"
    for cached in (slot_questions.question_words, slot_questions.slot_terms, slot_questions.marker):
        cached.cache_clear()


def test_every_key_shape_gets_the_words_the_compiled_lexicon_gives(fresh: Path) -> None:
    lex = slot_lexicon.lexicon()
    keys: list[str | None] = [None, "", "note:x", "gist:works_at", "gist:works_at@2", "gist:lives_in", "todo:learn",
                              "pref:unknown", "fact:unknown", "pref:favourite:band"]
    for attr in lex.attributes:
        keys += [f"fact:{attr.id}", f"fact:sister/{attr.id}", f"fact:{attr.id}@3", f"fact:{attr.id}:coffee"]
    for oid in lex.names:
        keys += [f"pref:{oid}", f"pref:{oid}@1", f"todo:{oid}", f"fact:allergy:{oid}"]
    assert [slot_questions.slot_terms(k) for k in keys] == [_compiled_terms(k) for k in keys]
    assert slot_lexicon.slot_terms is slot_questions.slot_terms
    assert "住" in slot_questions.slot_terms("fact:lives_in") and "咖啡" in slot_questions.slot_terms("pref:coffee")


def test_markers_and_object_names_are_the_lexicons(fresh: Path) -> None:
    lex = slot_lexicon.lexicon()
    for lang, by_name in lex.markers.items():
        for name, pattern in by_name.items():
            got = slot_questions.marker(lang, name)
            assert (got.pattern, got.flags) == (pattern.pattern, pattern.flags)
    assert slot_questions.marker("zh", "past").search("她以前住在哪里？")
    assert all(slot_questions.object_names(oid) == tuple(names) for oid, names in lex.names.items())
    assert slot_questions.object_names("no such object") == ()
    with pytest.raises(KeyError):
        slot_questions.marker("zh", "no such marker")


def test_the_tables_are_kept_under_the_lexicons_digest_and_read_back(fresh: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    digest = slot_questions.lexicon_digest()
    assert len(digest) == 16 and digest == slot_questions.lexicon_digest()
    built = slot_questions.question_words()
    path = fresh / f"slot_question_words-{digest}.json"
    assert path.is_file()
    slot_questions.question_words.cache_clear()
    monkeypatch.setattr(slot_questions, "_build", lambda: pytest.fail("built again: the kept tables were not read"))
    assert slot_questions.question_words() == built  # the next process reads the file
    slot_questions.question_words.cache_clear()
    monkeypatch.setattr(slot_questions, "lexicon_digest", lambda: "another-lexicon")
    monkeypatch.setattr(slot_questions, "_build", lambda: {"ask": {}, "pref_ask": {}, "category": {}, "names": {},
                                                           "markers": {}})
    assert slot_questions.question_words()["names"] == {}  # a changed lexicon is another file, built anew
    assert (fresh / "slot_question_words-another-lexicon.json").is_file()
