"""A simulated year of daily chats for one user (English and Chinese weeks), for ``bench_lifecycle``.

Each day is one session of ``2 * user_turns`` turns in the evening: two
topics of the day told in a few long first-person turns (an activity with
details), the occasional change of a lasting fact (a move, a new job, a
taste that flips), a preference restated, and much chit-chat; the
assistant answers each turn briefly. ISO weeks alternate between English
and Chinese. Topics come from a fixed bilingual pool, each used for three to
six days in a row, so a month holds about a dozen distinct topics: the gold
of the broad "what did we talk about in …" questions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from memory_core.model import Turn

__all__ = ["TOPICS", "Day", "World", "build_world"]

# (English phrase, Chinese phrase, English keyword, Chinese keyword)
TOPICS: list[tuple[str, str, str, str]] = [
    ("a pottery class", "陶艺课", "pottery", "陶艺"),
    ("a salsa dance lesson", "萨尔萨舞课", "salsa", "萨尔萨"),
    ("a jazz concert", "爵士音乐会", "jazz", "爵士"),
    ("rock climbing at the gym", "室内攀岩", "climbing", "攀岩"),
    ("a sourdough baking workshop", "酸面包烘焙课", "sourdough", "酸面包"),
    ("the chess club", "象棋俱乐部", "chess", "象棋"),
    ("a kayaking trip", "皮划艇之旅", "kayaking", "皮划艇"),
    ("a photography walk", "摄影漫步", "photography", "摄影"),
    ("a wine tasting", "品酒会", "wine", "品酒"),
    ("the marathon training plan", "马拉松训练", "marathon", "马拉松"),
    ("a calligraphy course", "书法课", "calligraphy", "书法"),
    ("a board game night", "桌游之夜", "board game", "桌游"),
    ("a volunteer shift at the animal shelter", "动物收容所的志愿活动", "shelter", "收容所"),
    ("a yoga retreat", "瑜伽静修", "yoga", "瑜伽"),
    ("a sushi making class", "寿司制作课", "sushi", "寿司"),
    ("the community garden", "社区菜园", "garden", "菜园"),
    ("a stand-up comedy show", "脱口秀演出", "comedy", "脱口秀"),
    ("a watercolor painting class", "水彩画课", "watercolor", "水彩"),
    ("the book club discussion", "读书会", "book club", "读书会"),
    ("a hot spring trip", "温泉之旅", "hot spring", "温泉"),
    ("a cycling tour", "骑行游", "cycling", "骑行"),
    ("a tennis match", "网球比赛", "tennis", "网球"),
    ("a museum of natural history visit", "自然历史博物馆", "museum", "博物馆"),
    ("a camping weekend", "露营周末", "camping", "露营"),
    ("learning the guitar", "学吉他", "guitar", "吉他"),
    ("a cheese making workshop", "奶酪制作课", "cheese", "奶酪"),
    ("a scuba diving course", "潜水课程", "scuba", "潜水"),
    ("a film festival", "电影节", "film festival", "电影节"),
    ("a knitting circle", "编织小组", "knitting", "编织"),
    ("a hackathon", "黑客马拉松", "hackathon", "黑客松"),
    ("a bird watching trip", "观鸟活动", "bird watching", "观鸟"),
    ("a ceramics exhibition", "陶瓷展览", "ceramics", "陶瓷展"),
    ("a cooking contest", "厨艺比赛", "cooking contest", "厨艺"),
    ("a ski trip", "滑雪之旅", "ski", "滑雪"),
    ("a language exchange meetup", "语言交换聚会", "language exchange", "语言交换"),
    ("a robotics workshop", "机器人工作坊", "robotics", "机器人"),
    ("a tea ceremony", "茶道体验", "tea ceremony", "茶道"),
    ("a surfing lesson", "冲浪课", "surfing", "冲浪"),
    ("a drone photography session", "无人机航拍", "drone", "无人机"),
    ("a poetry reading", "诗歌朗诵会", "poetry", "诗歌"),
]
CITIES = [("Lisbon", "里斯本"), ("Porto", "波尔图"), ("Berlin", "柏林"), ("Osaka", "大阪"), ("Chengdu", "成都"),
          ("Madrid", "马德里")]
JOBS = [("a nurse", "护士"), ("a data analyst", "数据分析师"), ("a chef", "厨师"), ("a teacher", "老师")]
PEOPLE = [("my sister", "我姐姐"), ("an old friend", "一个老朋友"), ("my colleague Dana", "同事小林"),
          ("my neighbour", "邻居")]
DETAILS_EN = ["it took most of the afternoon and I learned a lot", "the teacher was patient and funny",
              "we want to go again next month", "it was harder than I expected but worth it",
              "I took lots of pictures to remember it", "the place was packed but the mood was great"]
DETAILS_ZH = ["花了一下午，学到了很多", "老师很耐心也很幽默", "我们打算下个月再去一次", "比想象中难，但很值得",
              "拍了好多照片留念", "人很多，但气氛特别好"]
CHAT_EN = ["ok", "haha", "nice", "really?", "got it", "sure", "lol", "thanks!", "hmm", "I see", "cool", "yeah",
           "what do you think?", "tell me more", "good point", "right", "fair enough", "wow", "okay then", "true"]
CHAT_ZH = ["好的", "哈哈", "不错", "真的吗？", "明白了", "嗯嗯", "谢谢！", "是吧", "原来如此", "挺好", "对",
           "你觉得呢？", "再说说", "有道理", "哇", "行吧", "好吧", "确实"]
REPLY_EN = ["Sounds fun!", "Noted.", "I see.", "That makes sense.", "Good to know.", "Tell me more!"]
REPLY_ZH = ["听起来不错！", "记下了。", "明白。", "有道理。", "好的。", "多讲讲吧！"]


@dataclass(slots=True)
class Day:
    """One simulated day: its turns, language and the topics told that day (indexes into ``TOPICS``)."""

    date: datetime
    lang: str
    turns: list[Turn]
    topics: list[int]
    todo: tuple[str, datetime] | None = None


@dataclass(slots=True)
class World:
    """The simulated year: its days and, per ``YYYY-MM``, the distinct topics told that month."""

    user_id: str
    days: list[Day]
    month_topics: dict[str, set[int]] = field(default_factory=dict)


def build_world(user_id: str = "sim", start: datetime = datetime(2025, 1, 1, tzinfo=UTC), days: int = 365,
                user_turns: int = 42, seed: int = 16) -> World:
    """Build the year (deterministic for a seed); ``2 * user_turns`` turns a day."""
    rng = random.Random(seed)
    world = World(user_id, [])
    topic_queue: list[int] = []
    current = [rng.randrange(len(TOPICS)), rng.randrange(len(TOPICS))]
    left = [rng.randint(3, 6), rng.randint(3, 6)]
    city, job = 0, 0
    for d in range(days):
        date = start + timedelta(days=d)
        lang = "en" if date.isocalendar().week % 2 == 0 else "zh"
        for slot in (0, 1):
            left[slot] -= 1
            if left[slot] <= 0:
                if not topic_queue:
                    topic_queue = rng.sample(range(len(TOPICS)), len(TOPICS))
                current[slot], left[slot] = topic_queue.pop(), rng.randint(3, 6)
        said: list[tuple[str, str]] = []  # (role, text)
        for t in current:
            en, zh, _, _ = TOPICS[t]
            who = rng.choice(PEOPLE)
            if lang == "en":
                said.append(("user", f"I went to {en} today with {who[0]}, {rng.choice(DETAILS_EN)}."))
                said.append(("user", f"About {en}: {rng.choice(DETAILS_EN)}, and I keep thinking about it."))
            else:
                said.append(("user", f"我今天和{who[1]}去了{zh}，{rng.choice(DETAILS_ZH)}。"))
                said.append(("user", f"说到{zh}，{rng.choice(DETAILS_ZH)}，我一直在回味。"))
        if d % 61 == 30:
            city = (city + 1) % len(CITIES)
            said.append(("user", f"I moved to {CITIES[city][0]}." if lang == "en" else f"我搬到{CITIES[city][1]}了。"))
        if d % 120 == 60:
            job = (job + 1) % len(JOBS)
            said.append(("user", f"I work as {JOBS[job][0]} now." if lang == "en" else f"我现在是{JOBS[job][1]}。"))
        if d % 5 == 0:
            said.append(("user", "I like green tea." if lang == "en" else "我喜欢喝绿茶。"))
        todo = None
        if d % 7 == 3:
            todo = (("Pay the electricity bill" if lang == "en" else "交电费"), date + timedelta(days=3))
        while len([r for r, _ in said if r == "user"]) < user_turns:
            said.insert(rng.randrange(len(said) + 1), ("user", rng.choice(CHAT_EN if lang == "en" else CHAT_ZH)))
        turns: list[Turn] = []
        at = date.replace(hour=19)
        for n, (_, text) in enumerate(said):
            for role, body in (("user", text), ("assistant", rng.choice(REPLY_EN if lang == "en" else REPLY_ZH))):
                turns.append(Turn(user_id=user_id, turn_id=f"d{d:03d}-{len(turns):03d}", session_id=f"day-{d:03d}",
                                  role=role, text=body, timestamp=at, speaker=role))
                at += timedelta(seconds=40)
            del n
        world.days.append(Day(date, lang, turns, list(current), todo))
        world.month_topics.setdefault(date.strftime("%Y-%m"), set()).update(current)
    return world
