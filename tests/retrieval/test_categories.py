"""Category questions find the members people name, in English and Chinese."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from memory_core.model import Kind, MemoryItem, Turn
from memory_core.pipeline.slot_lexicon import lexicon
from memory_core.retrieval.categories import category_terms, load_categories
from memory_core.retrieval.hybrid import HybridIndex
from memory_core.retrieval.stages import HYBRID_PRESETS
from memory_core.text.tokenize import tokenize

T0 = datetime(2025, 6, 2, tzinfo=UTC)
ON = replace(HYBRID_PRESETS["hybrid"], dense=False)
#: Without the category expansion, nor the dictionary's glosses, which bridge some of these words on their own
#: (买 / "buy" of "What clothes did she buy?"): what the expansion alone adds.
NO_EXPANSION = replace(ON, w_category=0.0, w_gloss=0.0)


def index_of(speaker: str, texts: list[str]) -> HybridIndex:
    items, turns = [], []
    for n, text in enumerate(texts, start=1):
        at = T0 + timedelta(days=n)
        turns.append(Turn("u", f"t{n}", f"s{n}", "user", text, at, speaker=speaker))
        items.append(MemoryItem.create("u", f"{speaker}: {text}", "moments", kind=Kind.EVENT, turn_id=f"t{n}",
                                       at=at, valid_from=at, speaker=speaker))
    return HybridIndex.build(items, turns, window=0)


def _first_only_with_expansion(query: str, said: str) -> None:
    """``said`` (Ivy's turn among three others) is the first result for ``query``, and not without the
    category expansion."""
    index = index_of("Ivy", ["I sold my old bike.", said, "我在广州当老师。", "I live in Cork."])
    found = [r.item.description for r in index.search(query, k=3, settings=ON)]
    assert found and found[0] == f"Ivy: {said}", (query, found)
    without = [r.item.description for r in index.search(query, k=3, settings=NO_EXPANSION)]
    assert f"Ivy: {said}" not in without[:1], (query, without)


def test_a_category_named_in_either_language_expands_to_its_members():
    assert {"violin", "cello"} <= set(category_terms(tokenize("Which instruments can I play?")))
    assert {"violin", "小提琴"} <= set(category_terms(tokenize("我会什么乐器？")))
    assert {"taekwondo", "judo"} <= set(category_terms(tokenize("Any martial arts lately?")))  # two-word name
    assert "taekwondo" not in category_terms(tokenize("Was martial law declared?"))  # one word of the name
    assert category_terms(tokenize("Where do I live?")) == []
    assert all(names and members for names, members in load_categories())


def test_what_sports_finds_the_turn_that_names_a_sport_and_not_without_the_expansion():
    for query, said in (("What sports do I play?", "Thursday evenings I'm on the badminton court with Ravi."),
                        ("我平时做什么运动？", "每周四晚上我都去打羽毛球，跟小齐一起。")):
        index = index_of("Mia", ["I bought new curtains for the living room.", said, "我家楼下新开了一家面馆。"])
        found = [r.item.description for r in index.search(query, k=3, settings=ON)]
        assert found and found[0] == f"Mia: {said}"
        without = [r.item.description for r in index.search(query, k=3, settings=NO_EXPANSION)]
        assert f"Mia: {said}" not in without[:1]


def test_a_general_word_finds_a_specific_member_in_either_language():
    """A kind-of word (boat, pet, gadget, fruit, a dairy dish) finds the member the user named, the question
    in the other language or the same one; without the expansion it does not."""
    for query, said in (("她有船吗？", "I bought a canoe last weekend."),
                        ("Does she own a boat?", "I bought a canoe last weekend."),
                        ("Does he have a pet?", "我养了一只柯基，叫豆豆。"),
                        ("他有宠物吗？", "我养了一只柯基，叫豆豆。"),  # not 养宠物: the verb alone finds it
                        ("她有什么电子产品？", "I just got a Kindle for reading on the train."),
                        ("What fruit does she like?", "我最爱吃荔枝，夏天每周都买。"),
                        ("Can I make her a milkshake?", "I'm lactose intolerant, so I stay away from milk."),
                        ("给她点杯拿铁可以吗？", "我乳糖不耐受，一喝牛奶就难受。")):
        _first_only_with_expansion(query, said)


def test_a_sweet_dish_finds_a_sugar_restriction_in_either_language():
    """A cake, a dessert or cookies asked about find the restriction written with the word sugar / 糖, in the
    question's language or the other; without the expansion they do not."""
    for query, said in (("Can I bake her a cake?", "I stopped eating sugar, my doctor told me to."),
                        ("Any dessert ideas for her?", "我戒糖了，医生说我血糖偏高。"),
                        ("给她买个蛋糕可以吗？", "I gave up sugar last month."),
                        ("我能给她做点饼干吗？", "医生让我控糖，甜的都不碰了。")):
        _first_only_with_expansion(query, said)


def test_a_member_named_alone_expands_to_nothing():
    assert category_terms(tokenize("I bought a canoe")) == []
    assert category_terms(tokenize("where do I live?")) == []


def test_more_kinds_find_the_member_named_in_the_other_language():
    """Clothes, cars, dishes, sports, instruments and devices, each asked by its kind in one language over the
    member said in the other (and in the same one); without the expansion the member is not first. (The drinks
    group was not grown: its growth cost a held-out check.)"""
    for query, said in (("What clothes did she buy?", "我昨天买了一件卫衣，灰色的。"),
                        ("她买了什么衣服？", "I picked up a new hoodie at the mall."),
                        ("What car does he drive?", "我开一辆特斯拉上下班。"),
                        ("他开什么车？", "I drive a Honda to work every day."),
                        ("What's her favourite dish?", "我最爱吃麻婆豆腐，辣一点更好。"),
                        ("她最喜欢什么菜？", "Lasagna is my all-time favourite."),
                        ("What sports does she play?", "我每周二打壁球。"),
                        ("他做什么运动？", "I play squash every Tuesday."),
                        ("What instrument is she learning?", "我最近在学古琴，每周上一次课。"),
                        ("她在学什么乐器？", "I've started learning the mandolin."),
                        ("What devices does he have?", "我新买了一个无人机，周末去拍照。"),
                        ("What fruit does he like?", "我最喜欢吃山竹，一次能吃一斤。")):
        _first_only_with_expansion(query, said)


def test_a_practical_question_finds_the_fact_that_answers_it_in_other_words():
    """A question's intent names a category whose members are the words of the facts that answer it: a meal →
    what the user cannot eat, a gift or birthday → what the person loves or collects, the weekend → its days;
    in English and Chinese, with no embedder, and not first without the expansion."""
    for query, said in (("What should I cook tonight?", "I can't eat spicy food, it wrecks my stomach."),
                        ("Any ideas for dinner?", "我不能吃辣，一吃就胃疼。"),
                        ("今晚做什么菜好？", "我不能吃辣，一吃就胃疼。"),
                        ("What should I get her for her birthday?", "My wife loves gardening."),
                        ("她生日送什么好？", "我老婆特别喜欢养花。"),
                        ("给老婆买什么礼物？", "She collects vinyl records."),
                        ("Any plans for the weekend?", "I'm going hiking with Tom on Saturday."),
                        ("周末有什么安排？", "这周六我要和小王去爬山。")):
        _first_only_with_expansion(query, said)


def test_an_intent_expands_only_on_its_own_words():
    assert category_terms(tokenize("What did I buy on Saturday?")) == []  # a day is no weekend question
    assert category_terms(tokenize("I love gardening")) == []  # liking is no gift question
    assert "spici" in category_terms(tokenize("Where should we go for lunch?"))
    assert "saturday" in category_terms(tokenize("这周末干嘛？"))
    assert "喜欢" in category_terms(tokenize("结婚纪念日送什么？"))


def test_a_kind_of_provider_finds_the_provider_named():
    """A question naming a kind of provider (``providers.yaml``, its ``ask`` words) finds the member the user
    named, in English and Chinese, with no embedder; not first without the expansion."""
    for query, said in (("What music app do I use?", "I pay for Spotify every month."),
                        ("Which bank am I with?", "My salary goes into Monzo."),
                        ("我平时用什么追剧？", "我每个月都续费爱奇艺。"),
                        ("我的手机卡是哪个运营商的？", "我一直用联通，信号还行。")):
        _first_only_with_expansion(query, said)


def test_a_member_asked_finds_the_general_word_of_its_kind():
    """A kind flagged ``by_member`` (coffee, tea, alcohol, a fiancé) is searched by its general word when the
    question names one member: "can I have an espresso?" over "I gave up coffee", in either language; without
    the expansion the fact is not first."""
    for query, said in (("Can I have an espresso?", "I gave up coffee last month."),
                        ("来杯美式怎么样？", "I gave up coffee last month."),
                        ("Should I order her a cappuccino?", "我最近不喝咖啡了。"),
                        ("Can I have a beer tonight?", "我不喝酒。"),
                        ("要不要来杯啤酒？", "I don't drink alcohol."),
                        ("Shall we open a bottle of wine?", "I stopped drinking alcohol last year."),
                        ("Gift idea for my fiancée?", "I'm engaged to Sarah."),
                        ("给未婚妻买什么礼物好？", "我和小美上个月订婚了。"),
                        ("What does my partner do?", "My husband is a nurse at the city hospital.")):
        _first_only_with_expansion(query, said)


def test_a_member_of_a_kind_not_flagged_asks_nothing_more():
    assert category_terms(tokenize("I play tennis")) == []  # tennis does not ask about "sports"
    assert category_terms(tokenize("What did I do on Saturday?")) == []  # a day does not ask about the weekend
    assert "coffe" in category_terms(tokenize("can I have an espresso?"))
    assert "喝酒" in category_terms(tokenize("can I have a beer?"))


def test_a_health_or_language_question_finds_the_condition_or_language_named():
    """Health (身体, 健康) and languages (外语) asked by the general word find the member the user named, the
    question in either language; without the expansion the member is not first."""
    for query, said in (("她身体怎么样？", "Doctor says I have iron-deficiency anemia."),
                        ("Any health issues?", "体检查出来贫血，医生让我补铁。"),
                        ("Does he have any health problems?", "我有高血压，一直在吃药。"),
                        ("她在学什么外语？", "I've been learning Korean since June."),
                        ("What foreign language is he learning?", "改学韩语了，日语太难了。")):
        _first_only_with_expansion(query, said)


def test_foreign_language_is_named_by_its_two_words_only():
    """"foreign language(s)" and 外语 name the languages; "foreign" alone names nothing."""
    assert "korean" in category_terms(tokenize("Which foreign languages does she study?"))
    assert "korean" in category_terms(tokenize("她在学什么外语？"))
    assert "korean" not in category_terms(tokenize("Is she foreign?"))



def test_a_slot_asked_by_its_category_word_finds_the_slot_item():
    """外语 and 身体 ask the language and health slots (slots.yaml ``ask``): the user's item of that slot is found
    though its text shares no word with the question."""
    facts = [("User is learning Korean", "identity", "fact:language:korean"),
             ("User has asthma", "health", "fact:health:asthma"),
             ("User lives in Hangzhou", "places", "fact:lives_in"), ("User works at Alibaba", "work", "fact:works_at")]
    items = [MemoryItem.create("u", text, theme, at=T0, valid_from=T0, key=key) for text, theme, key in facts]
    index = HybridIndex.build(items, [], window=0)
    for query, first in (("她在学什么外语？", "User is learning Korean"), ("她身体怎么样？", "User has asthma")):
        found = [r.item.description for r in index.search(query, k=3, settings=replace(ON, w_category=0.0))]
        assert found and found[0] == first, (query, found)


def test_a_herb_or_spice_question_finds_the_herb_named():
    """Herbs and spices (herbs, 调料, 香料) asked by the kind find the herb the user named, in either language;
    without the expansion it is not first. 香草 (as often vanilla) names nothing."""
    for query, said in (("Any herbs she can't stand?", "香菜真的受不了，闻到就想吐。"),
                        ("她有什么不吃的调料吗？", "I can't stand dill, it ruins every salad."),
                        ("Which spices does he cook with?", "我做菜喜欢放孜然和八角。")):
        _first_only_with_expansion(query, said)
    assert "香菜" not in category_terms(tokenize("她喜欢香草冰淇淋吗？"))


def test_the_employer_asked_by_its_chinese_or_english_word_finds_the_work_item():
    """雇主 and "employer" ask the employer slot (slots.yaml ``ask``), and a statement kept in the user's own words
    for that slot (``gist:works_at``) takes the slot's question words as a slot item does; a ``gist:`` of a
    mere term takes none."""
    rest = [("User's badge photo is awful", "identity", "gist:photo"),
            ("User lives in Denver", "places", "fact:lives_in")]
    for work, query in ((("用户在Grab工作", "work", "fact:works_at"), "她的雇主是谁？"),
                        (("User's office is at the Google campus", "work", "gist:works_at"), "用户在哪家公司工作？"),
                        (("User's office is at the Google campus", "work", "gist:works_at"), "她的雇主是谁？")):
        items = [MemoryItem.create("u", text, theme, at=T0, valid_from=T0, key=key)
                 for text, theme, key in [work, *rest]]
        found = [r.item.description for r in HybridIndex.build(items, [], window=0).search(query, k=3, settings=ON)]
        assert found[:1] == [work[0]], (query, found)


def test_a_cuisine_question_finds_the_regional_cuisine_named():
    """菜系 / cuisine asks for a regional cuisine the user named (川菜, Japanese food), in either language."""
    assert {"川菜", "sichuan"} <= set(category_terms(tokenize("我最喜欢什么菜系？")))
    for query, said in (("我最喜欢什么菜系？", "我最爱吃川菜，越辣越好。"),
                        ("我最喜欢什么菜系？", "I'm really into Japanese food lately.")):
        index = index_of("Mia", ["I bought new curtains for the living room.", said, "周末去看了场电影。"])
        found = [r.item.description for r in index.search(query, k=3, settings=ON)]
        assert found and found[0] == f"Mia: {said}", found


def test_a_cuisine_said_in_either_language_is_one_liking() -> None:
    assert lexicon().canon("川菜", "zh") == lexicon().canon("Sichuan food", "en") == "sichuan food"
    assert lexicon().canon("日料", "zh") == lexicon().canon("japanese cuisine", "en") == "japanese food"
