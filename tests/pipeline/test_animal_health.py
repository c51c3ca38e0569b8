"""An animal's illness is not held as anyone's health data; a person's, said beside it, still is."""

from __future__ import annotations

import pytest
from _turn_factory import TurnFactory

from memory_core.pipeline.animal_health import of_animal
from memory_core.pipeline.sensitive_detect import detect, mask
from memory_core.service import Memory
from memory_core.shown import shown_text


@pytest.mark.parametrize("text", [
    "团子最近不爱吃饭，带去宠物医院说是口炎，要吃一周的药",
    "took Biscuit to the vet, he has an ear infection, antibiotics for ten days",
    "my cat Mochi was diagnosed with kidney disease, she is on meds now",
    "我家狗狗豆豆得了皮肤炎，在吃药",
    "兽医说我们家猫有肾衰竭，要打点滴",
    "the vet said Luna has diabetes, she needs insulin shots twice a day",
    "用户有一只猫叫团子；团子最近不爱吃饭，带去宠物医院说是口炎，要吃一周的药",
])
def test_an_animals_illness_is_not_health_data(text: str) -> None:
    assert [f for f in detect(text) if f.category == "health"] == []


@pytest.mark.parametrize(("text", "masked"), [
    ("took my dog to the vet and I have asthma", "took my dog to the vet and I have [health]"),
    ("my dog is fine but my mom has diabetes", "my dog is fine but my mom has [health]"),
    ("狗狗没事，不过我妈得了肺炎", "狗狗没事，不过我妈得了[health]"),
    ("我带猫去打疫苗，顺便说我自己查出了胃炎", "我带猫去打疫苗，顺便说我自己查出[health]"),
    ("I have diabetes", "I have [health]"),
    ("我有慢性胃炎，一直在吃奥美拉唑", "我有[health]，一直在吃[health]"),
])
def test_a_persons_illness_beside_a_pet_stays_sensitive(text: str, masked: str) -> None:
    assert mask(text) == masked


def test_of_animal_needs_an_animal_in_the_sentence() -> None:
    text = "Had a rough week. He has an ear infection"
    assert not of_animal(text, text.index("ear"))
    text = "Had a rough week at the vet. He has an ear infection"
    assert not of_animal(text, text.index("ear"))  # another sentence names the vet
    text = "Rough week at the vet, he has an ear infection"
    assert of_animal(text, text.index("ear"))


@pytest.mark.parametrize("text", ["阿浩对猫毛过敏", "我不喜欢猫，我对猫毛过敏。", "Sam is allergic to cats, badly"])
def test_an_allergy_to_an_animal_is_the_persons(text: str) -> None:
    assert [f for f in detect(text) if f.category == "health"] != []


@pytest.mark.parametrize("text", [
    "煤球体检 医生说它有点胖 七公斤了 得减肥",  # new-user trial 40, F8: said of 它, no animal word
    "user: 煤球体检 医生说它有点胖 七公斤了 得减肥",  # a raw turn as stored: its speaker's label is no subject
    "user: took Biscuit to the vet, he has an ear infection",
])
def test_a_pets_check_up_is_not_the_users_health(text: str) -> None:
    assert [f for f in detect(text) if f.category == "health"] == []


@pytest.mark.parametrize("text", ["user: 我最近体检 医生说我有点胖 得减肥",
                                  "user: I have diabetes, the vet was closed"])
def test_the_users_own_finding_under_the_label_stays_sensitive(text: str) -> None:
    assert [f for f in detect(text) if f.category == "health"] != []


@pytest.mark.parametrize(("pet", "visit"), [
    ("跟你说一下哈 我家猫叫煤球，黑的，贼能吃", "煤球体检 医生说它有点胖 七公斤了 得减肥 咋整它就知道吃"),
    ("I have a dog called Biscuit.", "user: Biscuit had a checkup, the vet says he's a bit overweight"),
])
def test_a_pets_vet_remark_is_neither_masked_nor_filed_as_sensitive(memory: Memory, make_turn: TurnFactory,
                                                                   pet: str, visit: str) -> None:
    """The cat's item moved to theme ``sensitive`` while its text was shown unmasked, and the raw turn was masked."""
    memory.ingest([make_turn(pet), make_turn(visit)])
    items = memory.store.list_items("u1", statuses=("active",))
    assert all("[health]" not in shown_text(i.description) for i in items), [i.description for i in items]
    assert all(i.theme != "sensitive" for i in items), [(i.theme, i.description) for i in items]
