"""A relation named in one language matches a fact keyed in the other (whose-fact reranking)."""

from memory_core.text.relations import names_relation, relation_names


def test_relation_names_cross_languages():
    assert names_relation("我女儿学什么乐器", "daughter")
    assert names_relation("what does my daughter play?", "女儿")
    assert names_relation("where does my wife's boss work", "老婆")
    assert names_relation("我表哥住哪", "cousin")


def test_other_relations_and_word_starts_do_not_match():
    assert not names_relation("我儿子学什么乐器", "daughter")
    assert not names_relation("my granddaughter's school", "daughter")  # a word start, not inside a word
    assert relation_names("stepdad") == ("stepdad",)  # unknown: itself


def test_a_name_covering_several_relations_names_each():
    from memory_core.text.relations import names_person
    assert names_person("我孩子几岁了", "daughter") and names_person("how old are my kids?", "儿子")
    assert names_person("who's my partner?", "wife") and names_person("我对象在哪上班", "boyfriend")
    assert names_person("where do my parents live?", "妈妈")
    assert not names_person("where do my parents live?", "sister")
    assert not names_person("我孩子几岁了", "wife")
