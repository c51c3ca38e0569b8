"""English phrasal verbs read as one term: the verb and its particle joined, in any form, with a short object."""

from __future__ import annotations

from memory_core.text.everyday_glosses import everyday_glosses
from memory_core.text.phrasal import join_phrasal, phrasal_terms, phrasal_verbs
from memory_core.text.tokenize import tokenize


def test_a_phrasal_verb_in_any_form_is_one_term():
    assert phrasal_terms("I worked out and then we hung out") == ["workout", "hangout"]
    assert phrasal_terms("She has been working out every morning") == ["workout"]
    assert phrasal_terms("He dropped out of college") == ["dropout"]  # a doubled consonant
    assert phrasal_terms("She took up pottery") == ["takeup"]  # an irregular form
    assert phrasal_terms("I work at the post office out of town") == []
    assert phrasal_terms("我每天去健身") == []


def test_a_short_object_may_stand_between_when_the_verb_allows_it():
    assert phrasal_terms("He gave it up") == ["giveup"]
    assert phrasal_terms("He gave smoking up") == ["giveup"]
    assert phrasal_terms("we checked the new place out") == []  # two words and a determiner: too far
    assert phrasal_terms("Who looks her son after") == []  # "look after" stays together


def test_a_verb_read_with_its_object_only_then():
    assert phrasal_terms("I put on ten pounds over the holidays") == ["puton"]
    assert phrasal_terms("Has he put on weight?") == ["puton"]
    assert phrasal_terms("I put on my coat") == []
    assert phrasal_terms("I took two days off") == phrasal_terms("she took off work") == ["takeoff"]
    assert phrasal_terms("The plane took off") == []


def test_a_question_asks_with_the_joined_term_in_place_of_its_verb():
    assert tokenize(join_phrasal("Does he work out?")) == ["workout"]
    assert tokenize(join_phrasal("When did she pick it up?")) == ["pickup"]
    assert join_phrasal("Where does he work?") == "Where does he work?"


def test_every_entry_has_one_joined_term_and_its_chinese_words_gloss_it():
    for entry in phrasal_verbs():
        assert len(tokenize(entry.surface)) == 1 and entry.zh
        for word in entry.zh:  # each a word the segmenter keeps whole: else its pieces were searched
            assert word in tokenize(word) and entry.term in everyday_glosses(word)
    assert "健身" in everyday_glosses("workout")
    assert "工作" not in everyday_glosses("workout")
