"""A grown item is about its first statement: a word shared with a later detail alone joins nothing to it."""

from memory_core.pipeline.first_said import first_statement, off_first
from memory_core.pipeline.gist import topic


def test_first_statement_is_the_text_before_the_first_joined_detail() -> None:
    assert first_statement("用户在学吉他；吉他老师是音乐学院毕业的") == "用户在学吉他"
    assert first_statement("User is learning the piano; User's teacher is from Chicago") == "User is learning the piano"
    assert first_statement("User lives in Leeds") == "User lives in Leeds"


def test_a_statement_sharing_only_a_details_word_is_off_the_item() -> None:
    grown = "用户的中文还不太好 but trying；学中文 with a tutor twice a week"
    trip = topic("User is flying home to Manchester for 3 weeks to see dad", "en", "User")
    assert off_first(trip, grown, "zh", "用户")
    hotpot = topic("音乐学院旁边新开了一家火锅店", "zh", "用户")
    assert off_first(hotpot, "用户在学吉他；吉他老师是音乐学院毕业的", "zh", "用户")


def test_a_statement_about_the_first_one_stays_on_the_item() -> None:
    grown = "User is learning the piano; User's piano teacher is from Chicago"
    assert not off_first(topic("User practises the piano every night", "en", "User"), grown, "en", "User")
    guitar = "用户在学吉他；吉他老师是音乐学院毕业的"
    assert not off_first(topic("用户的吉他换了新弦", "zh", "用户"), guitar, "zh", "用户")


def test_an_item_of_one_statement_is_never_off() -> None:
    assert not off_first(topic("User went to Chicago", "en", "User"), "User is learning the piano", "en", "User")
