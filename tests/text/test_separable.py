"""Chinese verb-object words said split, or by a verb and an amount, read whole."""

from __future__ import annotations

from memory_core.text.separable import separable_terms


def test_a_verb_object_word_split_by_particles_and_numbers_is_read_whole():
    assert separable_terms("我攒了不少钱，上周还请了三天假") == ["攒钱", "请假"]
    assert separable_terms("跑了个步，洗了个澡，见了个面") == ["跑步", "洗澡", "见面"]
    assert separable_terms("开了两个小时车") == ["开车"]
    assert separable_terms("她攒了多少钱？") == ["攒钱"]


def test_a_verb_and_an_amount_of_its_unit_say_the_word():
    assert separable_terms("今年减了十斤") == ["减肥"]
    assert separable_terms("跑了五公里") == ["跑步"]
    assert separable_terms("我每个月攒两千块") == ["攒钱"]
    assert separable_terms("他减了多少斤？") == ["减肥"]


def test_only_particles_numbers_and_measure_words_stand_between():
    assert separable_terms("我在攒钱") == []  # said whole: the segmenter's word already
    assert separable_terms("我洗了衣服后去澡堂") == []
    assert separable_terms("上个月加班很多") == []
    assert separable_terms("I saved money") == []
