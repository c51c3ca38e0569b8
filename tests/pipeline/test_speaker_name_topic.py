"""A speaker's name or honorific is who speaks, never a topic: the same statement has the same terms whoever says it."""

import pytest

from memory_core.pipeline.gist import topic, without_name


@pytest.mark.parametrize(("plain", "titled", "text"), [
    ("王静", "王老师", "{}有轻度的甲状腺结节"),
    ("李娜", "李医生", "{}最近在学游泳"),
    ("张伟", "张总", "{}对花生过敏"),
    ("Jane Smith", "Dr. Smith", "{} is allergic to peanuts"),
    ("Jane Kim", "Coach Kim", "{}'s knee has been hurting lately"),
])
def test_a_role_word_in_the_speakers_name_adds_no_term(plain: str, titled: str, text: str) -> None:
    lang = "en" if plain.isascii() else "zh"
    said_plain = topic(text.format(plain), lang, plain)
    said_titled = topic(text.format(titled), lang, titled)
    assert said_titled.terms == said_plain.terms
    assert said_titled.anchor == said_plain.anchor
    assert not any(t.startswith("syn:") for t in said_titled.terms - said_plain.terms)


def test_the_same_role_word_said_of_someone_else_is_still_a_term() -> None:
    assert topic("王静的老师说她进步很大", "zh", "王静").terms & topic("老师说她进步很大", "zh", "").terms


def test_without_name_blanks_whole_words_only_and_keeps_length() -> None:
    assert without_name("Kim likes kimchi", "Kim") == "    likes kimchi"
    assert without_name("王老师住在滨江", "王老师") == "   住在滨江"
    assert without_name("anything", "") == "anything"
