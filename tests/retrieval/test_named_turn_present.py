"""A turn that gave the user's name and a value since changed comes after the current value (trial 13, finding 6).

"Hey, I'm Tom. I live in Manchester …" keeps "User is Tom" current, so it is not a turn all superseded; the
question "which city is Tom based in these days?" names Tom, which the turn holds and "User lives in Leeds"
does not. The name is the user's own, said by the turn's name item: no word only the turn says, so a
question about the present reads the current value first, in English and Chinese.
"""

from __future__ import annotations

import pytest

from memory_core.embedded import EmbeddedMemory

EN = [("2025-01-10T09:00:00Z", "Hey, I'm Tom. I live in Manchester and I work at Barclays as an analyst."),
      ("2025-01-10T09:05:00Z", "I eat a lot of steak, honestly I'm a big meat eater."),
      ("2025-01-10T09:10:00Z", "My girlfriend Sarah and I just got back from Spain."),
      ("2025-01-10T09:12:00Z", "I use a Samsung Galaxy S21."),
      ("2025-01-10T09:15:00Z", "I pay for Netflix and Spotify every month."),
      ("2025-04-02T19:00:00Z", "Big update: we moved to Leeds last weekend."),
      ("2025-04-02T19:03:00Z", "Also I left Barclays, I'm now a data engineer at Sky."),
      ("2025-04-02T19:05:00Z", "I stopped eating meat, I'm vegetarian now."),
      ("2025-06-20T22:00:00Z", "Sarah and I broke up last month. It's been rough."),
      ("2025-06-20T22:05:00Z", "Got a new phone, an iPhone 15, finally ditched the Samsung."),
      ("2025-06-20T22:07:00Z", "I cancelled my Netflix subscription, too expensive."),
      ("2025-09-01T08:00:00Z", "Still in Leeds, still at Sky, loving it."),
      ("2025-09-01T08:02:00Z", "As a vegetarian, I'm always looking for good recipes.")]
ZH = [("2025-01-10T09:00:00Z", "你好，我叫小林。我住在杭州，在阿里做分析师。"),
      ("2025-01-10T09:05:00Z", "我特别爱吃牛排，无肉不欢。"),
      ("2025-01-10T09:10:00Z", "我和女朋友小美刚从西班牙回来。"),
      ("2025-01-10T09:12:00Z", "我用的是三星手机。"),
      ("2025-01-10T09:15:00Z", "我每个月都付奈飞和Spotify的会员。"),
      ("2025-04-02T19:00:00Z", "我搬到苏州了，上周末搬的。"),
      ("2025-04-02T19:03:00Z", "另外我从阿里离职了，现在在腾讯做数据工程师。"),
      ("2025-04-02T19:05:00Z", "我不吃肉了，现在吃素。"),
      ("2025-06-20T22:00:00Z", "我和小美上个月分手了，挺难受的。"),
      ("2025-06-20T22:07:00Z", "奈飞会员我退了，太贵了。")]


@pytest.mark.parametrize(("turns", "question", "now", "turn_words"), [
    (EN, "which city is Tom based in these days?", "User lives in Leeds", "I live in Manchester"),
    (EN, "Where does Tom work these days?", "User works at Sky", "I work at Barclays"),
    (ZH, "小林目前在哪个城市？", "用户住在苏州", "我住在杭州"),
    (ZH, "which city is 小林 based in these days?", "用户住在苏州", "我住在杭州"),
])
def test_the_current_value_comes_before_the_turn_that_gave_the_name(
        mem: EmbeddedMemory, turns: list[tuple[str, str]], question: str, now: str, turn_words: str) -> None:
    for at, text in turns:
        mem.add(text, user_id="u", timestamp=at)
    said = [str(h["description"]) for h in mem.search(question, user_id="u", k=5)]
    at = next((n for n, d in enumerate(said) if now in d), None)  # "User works at Sky; User works as a data
    assert at is not None, said  # engineer": the items of one turn are one result (``said_once``)
    old = [n for n, d in enumerate(said) if turn_words in d]
    assert not old or at < old[0], said
