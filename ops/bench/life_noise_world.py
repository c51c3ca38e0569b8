"""Two invented lives (EN, ZH) buried in filler turns, and the questions asked of them (``bench_life_noise``).

Each life is ~20 turns that say something about the person (a health event, a
change of job, home or habit, a first-person fact), spread over ~5 months,
with filler between them: chit-chat ("lol yeah", "哈哈哈"), generic questions
and task requests to the assistant ("explain X like I'm 5", "帮我写一封邮件"),
each answered by the assistant. Questions carry ``split`` "dev" or "test":
the test half is held out (never tuned on).
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

__all__ = ["LIVES", "QUESTIONS", "turns_of"]

#: (day offset, what the user says): the life's turns, in order.
LIVES: dict[str, list[tuple[int, str]]] = {
    "rafa": [
        (0, "I'm Rafael, I teach chemistry at a high school in Leeds"),
        (3, "my daughter Inés just started primary school"),
        (9, "I've been cycling to work every day since January"),
        (15, "tore my ACL playing five-a-side football on Sunday"),
        (18, "the doctor says I need reconstructive surgery on the knee"),
        (26, "had the ACL surgery yesterday, on crutches for six weeks now"),
        (33, "physio three times a week, the knee is slowly getting stronger"),
        (41, "I've decided to stop playing football for good"),
        (48, "started learning the cello, lessons on Thursday evenings"),
        (57, "we adopted a rescue greyhound called Pepper"),
        (64, "my wife Sofia got a job offer in Edinburgh"),
        (72, "we're moving to Edinburgh in the summer"),
        (80, "handed in my notice at the school today"),
        (88, "I've gone vegetarian, no meat at all since last week"),
        (95, "my dad was diagnosed with type 2 diabetes"),
        (101, "I've cut out coffee completely, sleeping much better"),
        (110, "got a new teaching post at a school in Leith"),
        (118, "we finally moved into the flat in Edinburgh"),
        (126, "I ran my first 10k since the surgery, 52 minutes"),
        (133, "I'm allergic to penicillin, found out after the surgery"),
    ],
    "xiaoyu": [
        (0, "我叫林晓雨，在杭州一家电商公司做产品经理"),
        (4, "我养了一只橘猫，叫年糕"),
        (10, "最近开始每天早上游泳"),
        (16, "体检查出来甲状腺结节，要定期复查"),
        (22, "下周要做甲状腺手术，有点紧张"),
        (27, "手术很顺利，医生说是良性的"),
        (35, "术后在吃优甲乐，每天早上空腹一片"),
        (43, "我决定戒烟了，已经一个星期没抽了"),
        (50, "跟男朋友阿哲订婚了"),
        (58, "我辞职了，不想再做电商了"),
        (66, "开始在一家医疗科技公司上班，还是做产品"),
        (73, "我们在滨江买了房子，下个月搬过去"),
        (81, "最近在减肥，晚上不吃主食了"),
        (88, "妈妈腰椎间盘突出住院了"),
        (96, "报了一个日语班，每周六上课"),
        (103, "搬家了，现在住在滨江"),
        (111, "我对芒果过敏，吃了会起疹子"),
        (118, "不再游泳了，改成每周打两次羽毛球"),
        (125, "我们把婚礼定在明年五月"),
        (132, "年糕做了绝育手术，恢复得不错"),
    ],
}

_FILLER_EN = [
    "lol yeah", "haha true", "ugh mondays", "ok brb", "weather is wild today", "traffic was insane this morning",
    "explain kubernetes like I'm 5", "what's the difference between TCP and UDP?", "can you help me write an email "
    "to my landlord about the boiler", "recommend a sci-fi book?", "how do I fix a leaky faucet",
    "write a python function that reverses a string", "what should I watch tonight", "summarize the french revolution",
    "give me a name for a pub quiz team", "translate 'good luck' into Spanish", "what's a good pasta recipe?",
    "is it going to rain this weekend?", "tell me a joke", "how does compound interest work?",
    "my phone battery dies so fast smh", "the new cafe on the corner is mid",
    "debug this: TypeError: 'NoneType' object is not subscriptable", "what are some tips for sleeping better?",
    "convert 5 miles to km",
]
_FILLER_ZH = [
    "哈哈哈", "好吧", "今天好热啊", "周一好烦", "堵车堵死了", "帮我解释一下什么是区块链", "TCP和UDP有什么区别？",
    "帮我写一封给房东的邮件，说热水器坏了", "推荐一本科幻小说", "水龙头漏水怎么修", "写一个Python函数反转字符串",
    "今晚看什么电影好", "总结一下法国大革命", "给我的读书会起个名字", "把“祝你好运”翻译成英文", "番茄炒蛋怎么做？",
    "这周末会下雨吗？", "讲个笑话", "复利是怎么算的？", "手机电池掉电好快", "楼下新开的奶茶店一般般",
    "这个报错是什么意思：KeyError: 'id'", "有什么助眠的办法吗？", "5英里是多少公里",
]
_REPLY_EN = ["Sure! Here's a quick take.", "Ha, fair enough.", "Good question — here's how it works.", "Got it."]
_REPLY_ZH = ["好的，给你简单说一下。", "哈哈，确实。", "好问题，是这样的。", "明白。"]

#: (user, question, words one of which the top result must hold, split).
QUESTIONS: list[tuple[str, str, tuple[str, ...], str]] = [
    ("rafa", "what happened to his knee?", ("acl", "knee"), "dev"),
    ("rafa", "does he still play football?", ("football",), "test"),
    ("rafa", "is he on a diet?", ("vegetarian",), "dev"),
    ("rafa", "what instrument is he learning?", ("cello",), "test"),
    ("rafa", "does he have a pet?", ("greyhound", "pepper"), "dev"),
    ("rafa", "where does he live now?", ("edinburgh",), "test"),
    ("rafa", "is his father ill?", ("diabetes",), "dev"),
    ("rafa", "does he drink coffee?", ("coffee",), "test"),
    ("rafa", "any allergies to medicine?", ("penicillin",), "dev"),
    ("rafa", "how is his running going?", ("10k",), "test"),
    ("rafa", "where does his wife work?", ("edinburgh", "job offer"), "dev"),
    ("rafa", "did he have an operation?", ("surgery",), "test"),
    ("xiaoyu", "她做过什么手术？", ("手术",), "dev"),
    ("xiaoyu", "她在吃什么药？", ("优甲乐",), "test"),
    ("xiaoyu", "她还抽烟吗？", ("戒烟", "抽"), "dev"),
    ("xiaoyu", "她在减肥吗？", ("减肥", "主食"), "test"),
    ("xiaoyu", "她对什么过敏？", ("芒果",), "dev"),
    ("xiaoyu", "她现在住在哪里？", ("滨江",), "test"),
    ("xiaoyu", "她妈妈怎么了？", ("腰椎", "住院"), "dev"),
    ("xiaoyu", "她现在做什么运动？", ("羽毛球",), "test"),
    ("xiaoyu", "她在学什么语言？", ("日语",), "dev"),
    ("xiaoyu", "婚礼什么时候办？", ("婚礼", "五月"), "test"),
    ("xiaoyu", "她的猫怎么样了？", ("年糕", "绝育"), "dev"),
    ("xiaoyu", "她现在在哪家公司工作？", ("医疗科技",), "test"),
]


def turns_of(user: str, filler_per_event: int = 30, seed: int = 11) -> list[dict[str, str]]:
    """The user's turns as JSONL rows: each life turn, then ``filler_per_event`` filler exchanges (2 turns each).

    Filler is spread over the days until the next life turn (one exchange every few hours), so the
    timeline is busy every day. Returns rows with turn_id, session_id, role, speaker, text, timestamp.
    """
    rng = random.Random(seed)
    zh = user == "xiaoyu"
    filler, replies = (_FILLER_ZH, _REPLY_ZH) if zh else (_FILLER_EN, _REPLY_EN)
    tz = timezone(timedelta(hours=8 if zh else 0))
    start = datetime(2026, 3, 2, 9, 0, tzinfo=tz)
    life = LIVES[user]
    rows: list[dict[str, str]] = []
    for n, (day, text) in enumerate(life):
        at = start + timedelta(days=day)
        span = (life[n + 1][0] - day) if n + 1 < len(life) else 7
        rows.append({"turn_id": f"{user}-{n:02d}", "session_id": f"{user}-d{day}", "role": "user", "speaker": user,
                     "text": text, "timestamp": at.isoformat()})
        for j in range(filler_per_event):
            t = at + timedelta(minutes=30) + timedelta(hours=24 * span * j / filler_per_event)
            session = f"{user}-d{day + int(24 * span * j / filler_per_event) // 24}"
            rows.append({"turn_id": f"{user}-{n:02d}-f{j}", "session_id": session, "role": "user", "speaker": user,
                         "text": rng.choice(filler), "timestamp": t.isoformat()})
            rows.append({"turn_id": f"{user}-{n:02d}-f{j}a", "session_id": session, "role": "assistant",
                         "speaker": "assistant", "text": rng.choice(replies),
                         "timestamp": (t + timedelta(minutes=1)).isoformat()})
    return rows
