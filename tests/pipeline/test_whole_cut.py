"""A stored text is cut at a word's or a title's edge, never inside either (``pipeline.whole_cut``)."""

from memory_core.pipeline.rules import clean_object
from memory_core.pipeline.whole_cut import closed, cut_whole


def test_cut_moves_back_to_a_word_boundary():
    assert cut_whole("it tastes like soap", 17) == "it tastes like"


def test_cut_never_leaves_a_title_open():
    assert cut_whole("周杰伦的《晴天》和别的", 7) == "周杰伦的"


def test_cut_keeps_a_pair_that_opens_the_text_whole():
    assert cut_whole("《霸王别姬》真好看", 3) == "《霸王别姬》"


def test_short_text_is_unchanged():
    assert cut_whole("香菜", 30) == "香菜"


def test_closing_mark_put_back_only_when_the_source_has_it():
    assert closed("周杰伦的《晴天", "周杰伦的《晴天》。") == "周杰伦的《晴天》"
    assert closed("周杰伦的《晴天", "周杰伦的《晴天") == "周杰伦的《晴天"


def test_object_keeps_its_title_mark():
    assert clean_object("周杰伦的《晴天》。", "zh")[0] == "周杰伦的《晴天》"


def test_english_aside_after_a_chinese_object_is_no_part_of_it():
    assert clean_object("香菜 honestly it tastes like soap.", "zh")[0] == "香菜"
