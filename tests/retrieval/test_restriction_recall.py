"""A practical question recalls the restriction it needs though it shares no word with it
(``recall_shown.with_needed_restrictions``): "can I give her amoxicillin?" the penicillin allergy,
"should I get him a kitten?" the cat allergy, a dinner question the food allergy; never another
topic's, nor any for a question on no topic. English and Chinese, through ``Memory.recall``."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_core.model import Turn
from memory_core.recall_shown import with_needed_restrictions
from memory_core.service import Memory, open_memory
from memory_core.settings import Settings

T0 = datetime(2026, 3, 2, 9, tzinfo=UTC)


@pytest.fixture()
def memory(tmp_path: Path) -> Iterator[Memory]:
    mem = open_memory(Settings(database_url=f"sqlite:///{tmp_path}/m.sqlite3", embedder="none"))
    yield mem
    mem.close()


def _say(memory: Memory, user: str, lines: list[str]) -> None:
    memory.ingest([Turn(user_id=user, turn_id=f"{user}-t{n}", session_id="s1", role="user", text=text,
                        timestamp=T0 + timedelta(days=n)) for n, text in enumerate(lines)])


LIVES = {
    "en": ["I work as a nurse at the city hospital.", "I'm allergic to penicillin.", "I love jazz.",
           "I'm allergic to cats, they make me sneeze.", "I have a severe peanut allergy."],
    "zh": ["我在市医院当护士。", "我对青霉素过敏。", "我很喜欢爵士乐。", "我对猫毛过敏。", "我对花生过敏，很严重。"],
}
# question → the allergen its answer must show, and allergens it must not
QUESTIONS = {
    "en": [("can I give her amoxicillin?", "penicillin", []),
           ("should I get her a kitten?", "cats", ["penicillin", "peanut"]),
           ("What should I cook for her tonight?", "peanut", ["penicillin", "cats"])],
    "zh": [("能给她吃阿莫西林吗？", "青霉素", []),
           ("要不要给她买只小猫？", "猫毛", ["青霉素", "花生"]),
           ("今晚给她做点什么菜？", "花生", ["青霉素", "猫毛"])],
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_practical_question_recalls_the_restriction_it_needs(memory: Memory, lang: str) -> None:
    _say(memory, lang, LIVES[lang])
    for question, needed, others in QUESTIONS[lang]:
        response = memory.recall(lang, question, k=5)
        shown = " | ".join(r.item.description for r in response.results)
        assert needed in shown and needed in response.context.text, (question, shown)
        assert not any(o in response.context.text for o in others), (question, response.context.text)


@pytest.mark.parametrize(("lang", "question"), [("en", "where does she work?"), ("zh", "她在哪里上班？")])
def test_a_question_on_no_topic_sees_no_restriction(memory: Memory, lang: str, question: str) -> None:
    _say(memory, lang, LIVES[lang])
    text = memory.recall(lang, question, k=5).context.text
    assert not any(a in text for a in ("penicillin", "cats", "peanut", "青霉素", "猫毛", "花生"))


def test_the_first_result_keeps_its_place_and_nothing_is_added_off_topic() -> None:
    assert with_needed_restrictions([], [], "can I give her amoxicillin?", 5) == []
    assert with_needed_restrictions([], [], "where does she work?", 5) == []


# a meal for someone: the condition a diet must allow for (salt, sugar, purines), theirs or the user's own
DIET_CONDITIONS = [
    (["我在银行上班。", "我妈妈今年六十岁，有高血压。", "我很喜欢爵士乐。"], "给我妈做饭要注意什么？", "高血压"),
    (["我在银行上班。", "我妈妈今年六十岁，有高血压。", "我很喜欢爵士乐。"], "周末我妈来吃饭，做什么菜好？", "高血压"),
    (["我在银行上班。", "我爸有痛风，医生让他注意。", "我很喜欢爵士乐。"], "给我爸炖个汤吧？", "痛风"),
    (["I work at a bank.", "My mom has high blood pressure.", "I love jazz."], "What should I cook for my mom?",
     "blood pressure"),
    (["I work at a bank.", "My dad has diabetes.", "I love jazz."], "What can I bake for my dad this weekend?",
     "diabetes"),
    (["I work at a bank.", "I have high blood pressure.", "I love jazz."], "What should I cook tonight?",
     "blood pressure"),
]


@pytest.mark.parametrize(("lines", "question", "needed"), DIET_CONDITIONS)
def test_a_meal_recalls_the_condition_a_diet_must_allow_for(memory: Memory, lines: list[str], question: str,
                                                            needed: str) -> None:
    _say(memory, "cook", lines)
    response = memory.recall("cook", question, k=5)
    shown = " | ".join(r.item.description for r in response.results)
    assert needed in shown and needed in response.context.text, (question, shown)


@pytest.mark.parametrize(("line", "question", "hidden"), [
    ("My mom has high blood pressure.", "where does my mom live?", "blood pressure"),
    ("我妈妈有高血压。", "我妈住在哪？", "高血压"),
    ("I have asthma and take an inhaler.", "What should I cook tonight?", "asthma"),
    ("我有抑郁症。", "今晚做什么菜？", "抑郁症"),
])
def test_a_condition_no_diet_needs_stays_hidden_from_a_meal_and_off_topic(memory: Memory, line: str, question: str,
                                                                          hidden: str) -> None:
    _say(memory, "hid", ["I work at a bank.", line])
    assert hidden not in memory.recall("hid", question, k=5).context.text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_store_is_asked_for_restrictions_only_when_the_user_has_some(memory: Memory, lang: str) -> None:
    # the index answers "none" for a user with no sensitive item; one said later is found at the next question
    lines = [line for line in LIVES[lang] if not any(a in line for a in ("allerg", "过敏"))]
    _say(memory, lang, lines)
    reads: list[tuple[object, ...]] = []
    list_items = memory.store.list_items

    def counted(*args: object, **kwargs: object) -> object:
        reads.append((args, kwargs))
        return list_items(*args, **kwargs)

    memory.store.list_items = counted  # type: ignore[method-assign]
    question, needed, _ = QUESTIONS[lang][0]
    assert needed not in memory.recall(lang, question, k=5).context.text
    assert reads == []
    assert memory.recaller.holds_none(lang, "sensitive")
    memory.ingest([Turn(user_id=lang, turn_id=f"{lang}-late", session_id="s2", role="user",
                        text=LIVES[lang][1], timestamp=T0 + timedelta(days=30))])
    response = memory.recall(lang, question, k=5)
    assert needed in response.context.text, response.context.text
    assert reads and not memory.recaller.holds_none(lang, "sensitive")
