"""Facts about other people stay theirs, and one statement becomes one item (issue 13 §2, §3).

A breakup ends what was said of the partner as a person; a second pet of a
species is an item beside the first; a person described in one turn is named
by a pronoun in a later one; another person's like, job or reported words
never touch the user's own items.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from _memstore import planned_items

from memory_core.pipeline.slots import read_clause


def _items(texts: list[str]) -> list[tuple[str, str, str]]:
    """(status, key, description) of every non-event item ``texts`` leave, said a day apart."""
    return planned_items(texts, timedelta(days=1))


def _active(texts: list[str]) -> list[tuple[str, str]]:
    return [(k, d) for s, k, d in _items(texts) if s == "active"]


@pytest.mark.parametrize(("texts", "partner", "kept"), [
    (["my husband is a chef at Nobu", "my brother works at IKEA", "we got divorced in the spring"],
     "husband/", "brother/"),
    (["我老婆在招商银行上班", "我妹妹在华为上班", "我们离婚了"], "wife/", "妹妹"),
    (["我男朋友在腾讯做产品", "我们分手了，好聚好散"], "boyfriend/", ""),
])
def test_a_breakup_ends_what_was_said_of_the_partner(texts: list[str], partner: str, kept: str) -> None:
    items = _items(texts)
    about = [(s, d) for s, k, d in items if partner in k]
    assert about and all(s == "superseded" for s, _ in about), items
    assert any(k.startswith("fact:partner") and s == "active" for s, k, _ in items), items
    if kept:  # a relative who is no partner keeps their facts
        assert any(kept in k and s == "active" for s, k, _ in items), items


def test_a_partner_s_facts_outlive_no_breakup_of_someone_else() -> None:
    active = _active(["my girlfriend teaches maths in Bristol", "my sister and her boyfriend broke up"])
    assert any(k.startswith("fact:girlfriend/") for k, _ in active), active


@pytest.mark.parametrize(("texts", "names"), [
    (["I've got a dog called Rex", "we adopted another dog named Bella last weekend"], ["Rex", "Bella"]),
    (["我家有只猫叫年糕", "最近又领养了一只猫叫汤圆"], ["年糕", "汤圆"]),
    (["I have a cat named Pickle", "we got a second cat, Olive"], ["Pickle", "Olive"]),
])
def test_a_second_pet_of_a_species_is_an_item_beside_the_first(texts: list[str], names: list[str]) -> None:
    pets = [d for k, d in _active(texts) if k.startswith("fact:pet:")]
    assert len(pets) == 2, pets
    for name in names:
        assert sum(name in d for d in pets) == 1, pets


def test_a_pet_s_age_still_goes_to_that_pet() -> None:
    pets = [d for k, d in _active(["I have a dog called Rex", "we adopted another dog named Bella",
                                    "my dog Rex is 5 years old"]) if k.startswith("fact:pet:")]
    assert any("Rex" in d and "5" in d for d in pets) and not any("Bella" in d and "5" in d for d in pets), pets


@pytest.mark.parametrize(("texts", "name", "relation"), [
    (["my new boss is a former marine", "her name is Diana, she runs ultramarathons"], "Diana", "boss"),
    (["我邻居是个退休的中学老师", "他叫老周，天天在楼下下象棋"], "老周", "邻居"),
    (["我男朋友是做外贸的", "他叫阿凯，我们下个月去见家长"], "阿凯", "男朋友"),
])
def test_a_person_described_then_named_by_a_pronoun_gets_the_name(texts: list[str], name: str,
                                                                 relation: str) -> None:
    about = [d for k, d in _active(texts) if f"{relation}/" in k]
    assert len(about) == 1 and name in about[0], _items(texts)


def test_a_pronoun_of_the_other_gender_names_nobody() -> None:
    items = _items(["my sister is a dentist in Leeds", "his name is Marco"])
    assert not any("Marco" in d for _, _, d in items), items


@pytest.mark.parametrize(("texts", "own"), [
    (["I drink tea every afternoon", "my husband doesn't drink tea at all"], "pref:tea"),
    (["我每天都喝咖啡", "我老婆一口咖啡都不喝"], "pref:coffee"),
])
def test_another_person_s_dislike_leaves_the_user_s_like_alone(texts: list[str], own: str) -> None:
    items = _items(texts)
    mine = [d for s, k, d in items if k == own]
    assert len(mine) == 1 and not any(w in mine[0] for w in ("husband", "老婆")), items
    assert [s for s, k, _ in items if k == own] == ["active"], items


@pytest.mark.parametrize(("text", "relation"), [
    ("my brother works at a bank in Denver", "brother"),
    ("我爸在深圳上班", "dad"),
])
def test_where_someone_else_works_is_not_where_they_live(text: str, relation: str) -> None:
    keys = [k for k, _ in _active([text])]
    assert f"fact:{relation}/works_at" in keys and not any(k.endswith("lives_in") for k in keys), keys


@pytest.mark.parametrize("text", [
    "my cousin keeps telling people I live in Boston",
    "my uncle told the neighbours I work at Tesla now",
    "我表姐告诉亲戚们我在北京住",
])
def test_what_someone_says_of_the_user_states_nothing(text: str) -> None:
    assert not _active([text]), _items([text])


@pytest.mark.parametrize(("text", "key"), [
    ("my ex-husband lives in Perth", "fact:ex-husband/lives_in"),
    ("my ex lives in Oslo these days", "fact:ex/lives_in"),
    ("我前妻住在杭州", "fact:前妻/lives_in"),
])
def test_an_ex_is_keyed_apart_from_a_current_partner(text: str, key: str) -> None:
    assert [k for k, _ in _active([text])] == [key]


@pytest.mark.parametrize(("text", "key"), [
    ("女儿最近迷上了钢琴", "fact:女儿/hobby:钢琴"),
    ("老公查出来对芒果过敏", "fact:husband/allergy:芒果"),
])
def test_a_chinese_clause_opening_on_a_relative_without_wo_is_theirs(text: str, key: str) -> None:
    assert key in [k for k, _ in _active([text])]


@pytest.mark.parametrize("text", ["I go hiking on sundays", "I go swimming every morning"])
def test_a_hobby_said_with_its_days_is_one_item(text: str) -> None:
    active = _active([text])
    assert len(active) == 1 and active[0][0].startswith("fact:hobby:"), active


@pytest.mark.parametrize(("clause", "lang", "value"), [
    ("i live in lisbon haha you knew that", "en", "lisbon"),
    ("I work at Procter and Gamble", "en", "Procter and Gamble"),
    ("我住在成都 很安逸", "zh", "成都"),
])
def test_a_place_stops_where_chatter_starts(clause: str, lang: str, value: str) -> None:
    hits = read_clause(clause, lang).hits
    assert hits and hits[0].value == value, [(h.key, h.value) for h in hits]


def test_a_restatement_with_chatter_is_a_hit_not_a_rewrite() -> None:
    items = _items(["I live in Porto, near the river", "i live in porto lol told u already"])
    homes = [(s, d) for s, k, d in items if k == "fact:lives_in"]
    assert [s for s, _ in homes] == ["active"] and "lol" not in homes[0][1], items


@pytest.mark.parametrize(("text", "keys"), [
    # a flatmate is a roommate (relations.yaml short_forms): one key whichever word is said
    ("my flatmate works at Deloitte and lives in Camden", {"fact:roommate/works_at", "fact:roommate/lives_in"}),
    ("my dad is a vegan and works at Siemens", {"fact:dad/diet", "fact:dad/works_at"}),
])
def test_another_person_s_coordinated_facts_are_each_theirs(text: str, keys: set[str]) -> None:
    active = _active([text])
    assert {k for k, _ in active} == keys and not any(" and" in d for _, d in active), active
