"""Tokenizer: English, Chinese and mixed text give the terms recall relies on."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

from memory_core.text.tokenize import add_user_words, tokenize


def test_english_lowercases_stems_and_drops_stopwords_and_punctuation():
    assert tokenize("The user LOVES hiking, running!") == ["user", "love", "hike", "run"]


def test_english_contractions_leave_no_fragments():
    assert tokenize("I don't, can't, won't; she's I'm we've") == []
    assert tokenize("Sarah's cats") == ["sarah", "cat"]


def test_numbers_are_kept():
    assert tokenize("moved in 2024, paid $1,000 for v3.5") == ["move", "2024", "paid", "1000", "v3", "5"]


def test_each_emoji_is_a_term_without_its_modifiers():
    assert tokenize("I love 🍣 and ☕️!") == ["love", "🍣", "☕"]
    assert tokenize("👍🏽 great") == tokenize("👍 great") == ["👍", "great"]  # skin tone dropped
    assert tokenize("我爱🍣寿司") == ["爱", "🍣", "寿司"]
    assert tokenize("👨\u200d👩\u200d👧") == ["👨", "👩", "👧"]  # a joined family: its people


def test_full_width_text_matches_ascii():
    assert tokenize("Ｇｏｏｇｌｅ") == tokenize("google")


def test_chinese_search_mode_yields_sub_words_and_drops_stopwords():
    terms = tokenize("我的妹妹住在中华人民共和国的上海。")
    assert "妹妹" in terms and "上海" in terms
    assert "人民" in terms and "中华人民共和国" in terms  # search mode
    assert not {"我", "的", "在", "。"} & set(terms)


def test_mixed_text_keeps_both_languages_in_order():
    assert tokenize("我在Google工作, I love 火锅") == ["googl", "工作", "love", "火锅"]


def test_stopword_only_and_empty_text_give_nothing():
    assert tokenize("") == []
    assert tokenize("the of and is it") == []
    assert tokenize("我的你呢吗？！，") == []


def test_query_and_document_forms_agree():
    assert set(tokenize("hiking")) <= set(tokenize("She went on a hike"))
    assert set(tokenize("火锅")) <= set(tokenize("用户最喜欢吃火锅"))


def test_add_user_words_keeps_a_name_whole():
    name = "霍格沃茨魔法学院"
    assert name not in tokenize(f"她想去{name}读书")
    assert add_user_words([name, "  ", "English only"]) == 1
    assert name in tokenize(f"她想去{name}读书")


def test_concurrent_first_use_is_safe():
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(50):
                assert "火锅" in tokenize("我喜欢吃火锅 and spicy food")
        except BaseException as exc:  # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_jieba_loads_quietly():
    code = "from memory_core.text.tokenize import tokenize; print(tokenize('我喜欢火锅'))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "火锅" in proc.stdout
    assert proc.stderr == ""


def test_english_sentence_is_cheap():
    sentence = ("The user mentioned that she has been learning to play the guitar every weekend "
                "since last summer with her friends")
    tokenize(sentence)
    start = time.perf_counter()
    for _ in range(200):
        tokenize(sentence)
    per_call_ms = (time.perf_counter() - start) / 200 * 1e3
    assert per_call_ms < 0.5  # generous: about 0.02 ms on a laptop


def test_a_long_cjk_run_is_cut_from_the_dictionary_alone() -> None:
    from memory_core.text import tokenize as tk

    run = "我喜欢在北京的公园里散步" * 30  # one 360-character run, no punctuation
    assert len(run) > tk.HMM_MAX_RUN
    expected = [w for w in tk._load_jieba().cut_for_search(run, HMM=False)
                if w not in tk.CHINESE_STOPWORDS and tk._HAS_WORD_CHAR_RE.search(w)]
    assert list(tk._cut_cjk(run)) == expected
    assert {"北京", "公园", "散步"} <= set(tokenize(run))


def test_warm_up_loads_the_dictionary_once() -> None:
    from memory_core.text import tokenize as module

    module.warm_up()
    loaded = module._jieba
    assert loaded is not None
    module.warm_up()
    assert module._jieba is loaded and tokenize("我喜欢吃火锅") == tokenize("我喜欢吃火锅")


def test_everyday_drinks_are_cut_whole() -> None:
    # jieba's dictionary lacks 拿铁 and cut 红酒吧 as 红 / 酒吧 ("a bar"): the drink was never a term
    assert "拿铁" in tokenize("来杯拿铁吗？")
    assert "拿铁" in tokenize("我每天早上喝一杯燕麦拿铁")
    assert "红酒" in tokenize("晚上一起喝点红酒吧？")
    assert "黄酒" in tokenize("喝点黄酒吧")
    assert "酒吧" in tokenize("晚上去酒吧喝一杯")  # a bar is still a bar


def test_colloquial_words_of_the_shipped_groups_are_kept_whole():
    for word in ("撸铁", "剁手", "被裁", "内卷"):
        assert word in tokenize(f"我最近{word}了")
    assert "打工人" in tokenize("我就是个打工人")


def test_an_unknown_compound_also_gives_its_head() -> None:
    # jieba's HMM guesses 橘猫 / 奶猫 as words of their own: a question naming 猫 or 狗 never met them
    assert {"橘猫", "猫"} <= set(tokenize("我养了一只橘猫叫橘子"))
    assert {"奶猫", "猫"} <= set(tokenize("我家有只奶猫"))
    # a dictionary word is left as cut (search mode gives its own sub-words), a rare name character is no head
    assert "子" not in tokenize("橘子很甜")
    assert "屿" not in tokenize("认识了陈屿") and "购" not in tokenize("她网购了什么？")


def test_a_pronoun_glued_to_a_verb_leaves_the_verb() -> None:
    # "我养了一只狗" was 我养 / 一只 / 狗: "养" in a question (她养了什么宠物？) never met it
    assert "养" in tokenize("我养了一只狗") and "我养" not in tokenize("我养了一只狗")
    assert "学" in tokenize("我学了日语")
    assert "我家" in tokenize("我家有只柯基")  # a dictionary word stays whole
