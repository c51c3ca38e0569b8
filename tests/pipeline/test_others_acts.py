"""Other people's acts stay off the user's clauses: reported words, a pet's death, a title acting on the user."""

from memory_core.pipeline.clauses import split_clauses
from memory_core.pipeline.filler import like_hedge
from memory_core.pipeline.mishap import mishap_again
from memory_core.pipeline.named_death import zh_named_death
from memory_core.pipeline.self_intro import en_pieces
from memory_core.pipeline.value_class import is_generic_place, is_place


def _texts(turn: str) -> list[str]:
    return [clause for clause, _ in split_clauses(turn)]


def test_named_person_saying_their_own_news_is_not_the_speaker():
    assert _texts("小敏说她也想来深圳，在找这边的工作。") == []
    assert _texts("我老乡阿强说他在东莞进厂了") == []


def test_speaker_named_in_the_reported_words_stays_the_speaker():
    assert _texts("小敏说我胖了") == ["小敏说我胖了"]


def test_a_relative_reporting_stays_keyed_to_the_relative():
    assert _texts("我姐说她搬到上海了，在一家医院上班")[1] == "我姐在一家医院上班"


def test_failed_rescue_is_the_named_ones_death():
    assert zh_named_death("奶盖没救过来")
    assert _texts("奶盖没救过来，走了。") == ["奶盖没救过来"]


def test_title_opening_an_act_on_the_speaker_is_no_introduction():
    assert en_pieces("Doctor in Bozeman switched me from metformin to Ozempic") == [
        "Doctor in Bozeman switched me from metformin to Ozempic"]
    assert en_pieces("wedding photographer based in Portland, OR") == [
        "I'm a wedding photographer based in Portland, OR"]


def test_counted_generic_place_is_no_place():
    assert is_generic_place("一个超市", "zh")
    assert not is_place("一家超市", "zh")
    assert not is_generic_place("家里人", "zh")


def test_like_as_hedge_or_simile():
    assert like_hedge("like 2.3k followers")
    assert like_hedge("like a sea of people lol")
    assert not like_hedge("like jazz a lot")


def test_thing_letting_one_down_again_is_a_mishap():
    assert mishap_again("电瓶车又没电了")
    assert mishap_again("ugh my phone battery died again")
    assert not mishap_again("电瓶车经常没电了")
