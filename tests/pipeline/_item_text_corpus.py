"""Everyday sentences, English and Chinese, for the item-text guard (``test_item_text_guard``).

Built from small tables so that each kind of sentence comes in many phrasings: habits with adverbs and
contractions, stops said with how long they have held, commutes begun, pets named after an aside, holidays spent
and mishaps of things, memberships, and traps (another person, a question, a trip). Deterministic: no randomness.
"""

from __future__ import annotations

import itertools

__all__ = ["EN_SENTENCES", "ZH_SENTENCES"]

_EN_ADVERBS = ("fully", "mostly", "barely", "really", "usually", "basically", "totally", "only", "hardly", "rarely",
               "seriously", "happily", "strictly", "actually")
_EN_VERB_PHRASES = ("work from home", "cook on weekends", "drink tea at night", "sleep before midnight",
                    "eat at home", "take the bus to work", "play tennis on Sundays", "read before bed",
                    "walk my dog twice a day", "study Japanese in the evenings")
_EN_CONTRACTED = ("I haven't had a drink in {n} years", "I haven't smoked for {n} years",
                  "I haven't eaten meat in {n} years", "I don't eat pork anymore", "I didn't grow up with pets",
                  "I can't stand cilantro", "I won't drink coffee after noon", "I wasn't a morning person")
_EN_OTHER = (
    "I've started biking to work", "I started cycling to the office last month", "I started walking to work",
    "I've taken up running to work", "I started taking the train to school",
    "I adopted a second cat, a black one named Mochi", "We got a dog, a beagle called Rex",
    "We just rescued another dog, a brown one named Pepper", "I have a cat named Tofu",
    "I spent Christmas in Singapore with Dana", "We celebrated Thanksgiving at my aunt's in Ohio",
    "I had my birthday dinner in Lisbon", "I spent Easter with my parents in Leeds",
    "My Pixel 8 fell in the MRT and cracked", "I dropped my laptop yesterday", "My bike got stolen outside the gym",
    "My car broke down on the highway", "My phone died on the way home",
    "My sister fully works from home", "Do you think I should bike to work?",
    "If I adopted a cat, what would I name it?",
    "My brother hasn't had a drink in two years", "I'm in Tokyo for a conference this week",
    "I'm fully remote now", "I'm mostly vegetarian these days", "I'm basically retired",
    "I got a gym membership", "I signed up for a yearly gym membership", "cancelled my gym membership",
    "I joined a climbing gym", "Should I get a gym membership?", "My friend Jo got a pool membership",
)
_ZH_DRINKS = ("酒", "咖啡", "可乐", "奶茶", "白酒")
_ZH_SPANS = ("都十年了", "已经三年了", "快一年了", "好多年了", "有半年了", "整整两年了")
_ZH_COMMUTES = ("骑自行车上班", "坐地铁上班", "走路去公司", "骑电动车上班", "坐公交上班", "开车上班")
_ZH_STARTS = ("最近开始", "我开始", "这个月开始", "从上周开始", "我最近开始")
_ZH_PETS = ("猫", "狗", "柯基", "柴犬", "橘猫", "布偶猫")
_ZH_ASIDES = ("", "黑色的，", "三个月大的，", "白色的，")
_ZH_NAMES = ("豆豆", "Mochi", "年糕", "Lucky")
_ZH_OTHER = (
    "今年春节是在新加坡跟Dana一起过的", "国庆在三亚玩了一周", "春节回老家过的", "中秋是在杭州跟爸妈一起过的",
    "我的华为手机昨天在地铁上摔碎了屏幕", "我的电脑进水了", "我的自行车被偷了", "我的车在高速上抛锚了",
    "每天晚上都要喝两杯红酒助眠", "每天早上喝一杯咖啡", "睡前会喝杯牛奶", "周末打羽毛球",
    "我同事刚买了辆特斯拉", "我爸不抽烟已经五年了", "要不要开始骑车上班？", "如果我养猫，叫什么好？",
    "我在上海出差一周", "我不吃肉已经三年了", "我三年没喝酒了", "咖啡已经戒了三年了", "最近开始学吉他",
    "办了张健身房的年卡", "健身房年卡退掉了", "我把健身卡退了", "我办了张游泳卡", "我妈办了张健身卡",
    "最近开始跑步了", "每周三打乒乓球", "同事周末打网球",
)


def _en() -> tuple[str, ...]:
    habits = [f"I {adv} {verb}" for adv, verb in itertools.product(_EN_ADVERBS, _EN_VERB_PHRASES)]
    stops = [t.format(n=n) for t in _EN_CONTRACTED for n in ("two", "ten")]
    return tuple(dict.fromkeys([*habits, *stops, *_EN_OTHER]))


def _zh() -> tuple[str, ...]:
    stops = [f"我不{verb}{thing}{span}" for verb, thing in (("喝", d) for d in _ZH_DRINKS) for span in _ZH_SPANS]
    commutes = [f"{start}{how}" for start, how in itertools.product(_ZH_STARTS, _ZH_COMMUTES)]
    pets = [f"{lead}养了一只{pet}，{aside}叫{name}" for lead, pet, aside, name
            in itertools.product(("又", "新", "我"), _ZH_PETS, _ZH_ASIDES, _ZH_NAMES[:2])]
    return tuple(dict.fromkeys([*stops, *commutes, *pets, *_ZH_OTHER]))


EN_SENTENCES = _en()
ZH_SENTENCES = _zh()
