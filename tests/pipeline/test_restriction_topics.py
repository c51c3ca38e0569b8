"""A practical question sees the restrictions its topic needs, not others (data/restriction_topics.yaml,
pipeline/restriction_topics.py, sensitive.diet_shown): a medicine question the drug allergy and the
conditions, a pet question the animal allergy, a food question the food allergy, a trip out of doors the
sting and pollen allergies, a medical or dental procedure the latex and drug allergies and the conditions;
English and Chinese."""

from __future__ import annotations

import pytest

from memory_core.pipeline.restriction_topics import needs_of
from memory_core.pipeline.sensitive import detect, diet_shown


@pytest.mark.parametrize(("question", "topics"), [
    ("can I give her amoxicillin?", {"medicine"}),
    ("Is ibuprofen OK for him?", {"medicine"}),
    ("what should I pack in his medicine bag?", {"medicine"}),
    ("她能吃布洛芬吗？", {"medicine", "food"}),  # 吃 is also eating: both topics, each its own restrictions
    ("给他开点什么药好？", {"medicine"}),
    ("should I get him a kitten?", {"animals"}),
    ("we're thinking of adopting a puppy for her", {"animals"}),
    ("要不要给他买只小猫？", {"animals"}),
    ("周末带她去动物园怎么样？", {"animals"}),
    ("What should I cook for her tonight?", {"food"}),
    ("晚饭给她做点什么？", {"food"}),
    ("What should we pack for the camping trip?", {"outdoors"}),
    ("Any tips for our hike on Saturday?", {"outdoors"}),
    ("周末去露营要带些什么？", {"outdoors"}),
    ("下周六去爬山怎么样？", {"outdoors"}),
    ("anything the dentist should know?", {"procedure"}),
    ("She has surgery next week, what should we tell the surgeon?", {"procedure"}),
    ("I'm getting a blood test tomorrow", {"procedure"}),
    ("下周要去看牙，需要注意什么？", {"procedure"}),
    ("他要做个小手术", {"procedure"}),
    ("明天体检有什么要提前说的吗？", {"procedure"}),
    ("Should I bring her a latte?", {"food"}),
    ("给她点杯拿铁可以吗？", {"food"}),
    ("what pets does she have?", None),  # which pets the user keeps: a fact asked, no animal to act on
    ("What pets does the user have?", None),
    ("她养了哪些宠物？", None),
    ("她有宠物吗？", None),
    ("我适合领养宠物吗？", {"animals"}),  # whether to adopt one: an animal to act on
    ("她适合养宠物吗？", {"animals"}),
    ("what pets does she want to get?", {"animals"}),
    ("Does she have a cat?", {"animals"}),
    ("where can I park the car?", None),
    ("what's the procedure for expense claims?", None),
    ("where does she work?", None),
    ("他在哪家公司上班？", None),
    ("what's the weather like tomorrow?", None),
    ("can I give her lisinopril?", {"medicine"}),  # a drug class's ending (-pril) on the drug's own stem
    ("is ramipril safe with her asthma?", {"medicine"}),
    ("what did we talk about in April?", None),  # a date is no topic: April is no -pril drug
    ("what did she tell me on April 3?", None),
    ("anything planned for April?", None),
    ("四月我们聊了什么？", None),
    ("4月3号她跟我说了什么？", None),
])
def test_the_topic_of_a_practical_question(question: str, topics: set[str] | None) -> None:
    needs = needs_of(question)
    assert (None if needs is None else set(needs.topics)) == topics


def _shown(question: str, text: str) -> bool:
    findings = [f for f in detect(text) if f.category == "health"]
    assert findings, text
    return any(diet_shown(question, text, f) for f in findings)


@pytest.mark.parametrize(("text", "medicine", "animals", "food"), [
    ("I'm allergic to penicillin.", True, False, False),
    ("我对青霉素过敏。", True, False, False),
    ("I'm allergic to cats.", False, True, False),
    ("我对猫毛过敏。", False, True, False),
    ("I'm allergic to peanuts.", False, False, True),
    ("我对花生过敏。", False, False, True),
    ("I have asthma.", True, False, False),  # a condition: a medicine's contraindication
    ("我有哮喘。", True, False, False),
    ("My pollen allergy is acting up.", False, False, False),
])
def test_each_topic_sees_its_own_restrictions(text: str, medicine: bool, animals: bool, food: bool) -> None:
    assert _shown("can I give her amoxicillin?", text) is medicine
    assert _shown("给他开点什么药好？", text) is medicine
    assert _shown("should I get him a kitten?", text) is animals
    assert _shown("要不要给他买只小猫？", text) is animals
    assert _shown("What should I cook for her tonight?", text) is food
    assert _shown("晚饭给她做点什么？", text) is food
    assert not _shown("where does she work?", text)
    assert not _shown("他在哪家公司上班？", text)


@pytest.mark.parametrize(("text", "outdoors", "procedure"), [
    ("My son is allergic to bee stings.", True, False),
    ("我儿子对蜜蜂过敏。", True, False),
    ("My pollen allergy is acting up.", True, False),
    ("我对花粉过敏。", True, False),
    ("I'm allergic to latex.", False, True),
    ("我对乳胶过敏。", False, True),
    ("I'm allergic to penicillin.", False, True),  # a drug the dentist or surgeon may give
    ("我对利多卡因过敏。", False, True),
    ("I have asthma.", False, True),  # a condition: what a procedure must allow for
    ("I'm allergic to peanuts.", False, False),
    ("我对猫毛过敏。", False, False),
])
def test_a_trip_out_of_doors_and_a_procedure_see_their_own_restrictions(text: str, outdoors: bool,
                                                                       procedure: bool) -> None:
    assert _shown("What should we pack for the camping trip?", text) is outdoors
    assert _shown("周末去露营要带些什么？", text) is outdoors
    assert _shown("anything the dentist should know?", text) is procedure
    assert _shown("下周要去看牙，需要注意什么？", text) is procedure
    assert not _shown("where does she work?", text)


@pytest.mark.parametrize(("text", "shown"), [
    ("doctor says I have high blood pressure, need to watch it", True),  # a diet must allow for it (salt)
    ("医生说我有高血压", True),
    ("I was diagnosed with gout last year.", True),
    ("I have asthma.", False),  # a condition a meal does not touch stays hidden (README, sensitive values)
    ("我有抑郁症，在看心理医生。", False),
    ("I get migraines every month.", False),
])
def test_a_food_question_sees_the_conditions_a_diet_allows_for_and_no_other(text: str, shown: bool) -> None:
    for question in ("can I cook pork for her?", "她吃素吗？", "what should we order for dinner?", "晚饭做什么菜？"):
        assert _shown(question, text) is shown, question
