"""The shipped everyday words bridge the two languages where the dictionary glosses formally or not at all."""

from __future__ import annotations

from memory_core.text.everyday_glosses import everyday_glosses, everyday_groups, split_members
from memory_core.text.tokenize import tokenize


def test_an_english_word_gives_the_chinese_words_people_say():
    (delivery,) = tokenize("delivery")
    assert "外卖" in everyday_glosses(delivery)  # the dictionary: 交割, 运载, 分娩, 寄递
    assert "外卖" in everyday_glosses(tokenize("deliver")[0])  # another stem of the same word
    assert "电动车" in everyday_glosses(" ".join(tokenize("e-bike")))  # two English terms, one key
    assert "驾照" in everyday_glosses(" ".join(tokenize("driver's license")))
    assert all(not t.isascii() for t in everyday_glosses(delivery))


def test_a_chinese_word_gives_every_english_stem_of_its_entry():
    found = everyday_glosses("外卖")
    assert {"deliveri", "deliv", "takeout", "takeaway"} <= set(found)
    assert all(t.isascii() for t in found)


def test_a_chinese_word_jieba_keeps_whole_is_searched_whole():
    found = everyday_glosses("scooter")
    assert "电动车" in found and "电瓶车" in found
    assert "动车" not in found  # search mode's piece of 电动车 ("bullet train")
    assert "点" not in everyday_glosses(tokenize("takeout")[0])  # 点外卖's one-character piece


def test_organisation_names_bridge_scripts_and_unlisted_words_give_nothing():
    assert any("美团" in group and "Meituan" in group for group in everyday_groups())
    assert "美团" in everyday_glosses("meituan")
    assert everyday_glosses("zebra") == ()
    assert everyday_glosses("") == ()


def test_colloquial_words_reach_their_plain_words_in_the_other_language():
    assert "gym" in everyday_glosses("撸铁") and "撸铁" in everyday_glosses("gym")
    assert "laid" in everyday_glosses("被裁") and "被裁" in everyday_glosses("laid")
    assert "加班" in everyday_glosses(" ".join(tokenize("long hours")))
    assert "怀孕" in everyday_glosses(" ".join(tokenize("baby due")))
    assert "脱单" in everyday_glosses(tokenize("relationship")[0])


def test_no_everyday_member_glosses_a_word_too_common_to_search():
    common = {"got", "get", "go", "play", "give", "put", "buy", "lost", "chang"}  # ("blind date" is one thing)
    for group in everyday_groups():
        for member in group:
            if member.isascii() and len(tokenize(member)) > 1:
                assert not common & set(tokenize(member)), member


def test_a_chinese_word_the_tokenizer_splits_is_read_whole_from_the_text():
    """最喜欢 is 最 (a stopword) and 喜欢 to the tokenizer: read whole it is "favourite", and 喜欢 alone only "like"."""
    for text in ("我最喜欢哪个歌手？", "她最喜欢的电影是什么", "我最爱的电影"):
        members = split_members(text, tokenize(text))
        assert members, text
        assert "favourit" in everyday_glosses(members[0]), (text, members)
    assert "favourit" not in everyday_glosses("喜欢") and "like" in everyday_glosses("喜欢")
    assert split_members("他在哪里送外卖", tokenize("他在哪里送外卖")) == ["送外卖"]
    assert split_members("她喜欢吃什么", tokenize("她喜欢吃什么")) == []


def test_a_split_word_counts_only_where_its_own_terms_are_said():
    assert split_members("我想买辆中大型车", tokenize("我想买辆中大型车")) == []  # 中大 (a university) not said
    assert everyday_glosses("大") == ()  # a piece of 中大 glosses nothing
    assert split_members("我最喜欢哪个歌手？", ["歌手"]) == []  # its term 喜欢 not among the terms given
