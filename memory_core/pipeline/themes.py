"""Bilingual theme lexicon: canonical theme slugs, their labels, and a keyword classifier.

Items store the slug (``"taste"``) as their ``theme``; ``theme_label`` gives
the label shown to people and prompts in English or Chinese. The first six
themes are seed 000's sections; the rest cover what chat turns (and LoCoMo)
are mostly about.

============= ============ ==================================================
slug          中文          what goes there
============= ============ ==================================================
identity      身份          name, birthday, hometown, education, occupation
music         音乐          songs, singers, albums, instruments, concerts
taste         品味          likes and dislikes: food, films, books, brands
places        地点与路径    where the user lives or goes; file-system paths
moments       瞬间          passing observations and feelings (default for events)
todo          时效待办      things with a deadline: exams, appointments, homework
work          工作          job, employer, colleagues, projects
relationships 人际          family, friends, partners, pets
health        健康          illness, allergies, medicine, exercise, sleep
events        事件          happenings: trips, parties, weddings, competitions
hobbies       爱好          pastimes: painting, hiking, games, sports
rules         规则          standing instructions the user gave ("from now on …")
============= ============ ==================================================

English keywords match whole words with common inflections ("song" matches
"songs", "sing" matches "singing"); a keyword ending in ``*`` is a stem matching any continuation
("paint*" matches "painting", "painter"). Chinese keywords match as
substrings. Both are dictionary look-ups (words, and substrings of CJK runs
up to the longest keyword), so classifying a sentence costs microseconds.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import ClassVar

from memory_core.model import Kind, Turn
from memory_core.pipeline.sensitive_policy import SENSITIVE_THEME
from memory_core.pipeline.small_talk import stated_sentences
from memory_core.pipeline.types import Candidate
from memory_core.text.script import HAN_RUN

__all__ = [
    "DEFAULT_THEME",
    "THEMES",
    "LexiconClassifier",
    "classify_theme",
    "event_theme",
    "theme_label",
    "theme_slug",
]

DEFAULT_THEME = "moments"

THEMES: dict[str, tuple[str, str]] = {
    "identity": ("Identity", "身份"),
    "music": ("Music", "音乐"),
    "taste": ("Taste", "品味"),
    "places": ("Places and paths", "地点与路径"),
    "moments": ("Moments", "瞬间"),
    "todo": ("Time-bound to-dos", "时效待办"),
    "work": ("Work", "工作"),
    "relationships": ("Relationships", "人际"),
    "health": ("Health", "健康"),
    "events": ("Events", "事件"),
    "hobbies": ("Hobbies", "爱好"),
    "rules": ("Rules", "规则"),
    "sensitive": ("Sensitive", "敏感信息"),  # set only by memory_core.pipeline.sensitive, never by keywords
}
"""Theme slug -> (English label, Chinese label), in tie-break order."""

_EN: dict[str, str] = {
    "identity": "name born birthday hometown nationality graduat* university college degree major "
                "student identity gender transgender pronoun*",
    "music": "music* song sing singer singing album band concert guitar piano violin drum playlist "
             "lyric* melod* rap jazz vocaloid compos* orchestra choir",
    "taste": "food eat ate cook* restaurant dish spicy sweet movie film book novel brand coffee tea "
             "wine beer taste flavor flavour favorite favourite dessert snack pizza sushi",
    "places": "live lived living move moved moving city town country street address apartment "
              "neighborhood neighbourhood folder directory path",
    "moments": "today tonight weather rain* sunny snow* feel feeling mood tired happy sad",
    "todo": "deadline due exam homework assignment appointment remind* submit tomorrow schedul* "
            "todo",
    "work": "work* job office boss colleague coworker career company salary interview promot* "
            "client shift employ*",
    "relationships": "friend family mom mum mother dad father parent sister brother sibling wife "
                     "husband partner girlfriend boyfriend kid child children son daughter "
                     "marri* relationship dog cat puppy kitten pet",
    "health": "health doctor hospital sick ill allerg* medic* pain injur* workout gym diet sleep "
              "therapy therapist symptom hurt ache aching sore",
    "events": "party wedding trip festival conference parade ceremony vacation holiday event race "
              "marathon celebrat* competition",
    "hobbies": "paint* draw* pottery hik* camp* photograph* garden* knit* hobby game gaming sport* "
               "yoga swim* climb* fishing",
    "rules": "always never",
}

_ZH: dict[str, str] = {
    "identity": "名字 生日 出生 老家 家乡 毕业 大学 学历 专业 年龄 岁 身份 国籍 性别",
    "music": "音乐 歌 唱 专辑 乐队 演唱会 吉他 钢琴 小提琴 打鼓 旋律 初音 声库 虚拟歌手 作曲",
    "taste": "口味 好吃 吃 喝 辣 甜 美食 餐厅 电影 书 小说 品牌 咖啡 茶 UP主 动漫 零食",
    "places": "住 搬 城市 地址 街 小区 公寓 房子 目录 文件夹 路径",
    "moments": "今天 刚才 刚刚 天气 下雨 心情 感觉 累 开心 难过",
    "todo": "作业 考试 预约 截止 提醒 待办 明天 下周 报名 复习 ddl",
    "work": "工作 上班 公司 老板 同事 项目 加班 工资 面试 职业 客户 辞职",
    "relationships": "朋友 家人 妈妈 爸爸 父母 姐姐 妹妹 哥哥 弟弟 老婆 老公 男朋友 女朋友 孩子 "
                     "儿子 女儿 结婚 对象 狗 猫 宠物",
    "health": "健康 医生 医院 生病 过敏 药 疼 痛 感冒 发烧 健身 锻炼 睡眠 失眠 体检",
    "events": "聚会 婚礼 旅行 旅游 节日 会议 活动 比赛 典礼 假期 庆祝",
    "hobbies": "画画 绘画 爱好 摄影 徒步 露营 游戏 运动 瑜伽 游泳 爬山 钓鱼",
    "rules": "以后都 永远 从现在开始",
}

_SUFFIXES = ("ing", "es", "ed", "s", "d")


def _index(lexicon: dict[str, str], stems: bool) -> dict[str, tuple[str, ...]]:
    index: dict[str, tuple[str, ...]] = {}
    for slug, words in lexicon.items():
        for word in words.split():
            if word.endswith("*") == stems:
                key = word.rstrip("*").casefold()
                index[key] = (*index.get(key, ()), slug)
    return index


_EN_WORDS = _index(_EN, stems=False)
_EN_STEMS = _index(_EN, stems=True)
_EN_STEM_LENS = sorted({len(k) for k in _EN_STEMS})
_ZH_WORDS = _index(_ZH, stems=False)
_ZH_LENS = sorted({len(k) for k in _ZH_WORDS})
_WORD_RE = re.compile(r"[a-z]+")
_ZH_ASCII = tuple(k for k in _ZH_WORDS if not HAN_RUN.fullmatch(k))


@functools.lru_cache(maxsize=65536)
def _word_slugs(word: str) -> tuple[str, ...]:
    """The theme slugs one lower-case English word names: as written, without a suffix, or by its stem
    (cached: words repeat from turn to turn)."""
    slugs = _EN_WORDS.get(word)
    if slugs is None:
        for suffix in _SUFFIXES:
            if word.endswith(suffix) and (slugs := _EN_WORDS.get(word[: -len(suffix)])):
                break
    if slugs is None:
        for n in _EN_STEM_LENS:
            if n <= len(word) and (slugs := _EN_STEMS.get(word[:n])):
                break
    return tuple(slugs or ())


def _hits(text: str) -> list[str]:
    """Return the slug of every keyword occurrence in ``text`` (a slug per occurrence per theme)."""
    lowered = text.casefold()
    found: list[str] = []
    for word in _WORD_RE.findall(lowered):
        found.extend(_word_slugs(word))
    for run in HAN_RUN.findall(lowered):
        for i in range(len(run)):
            for n in _ZH_LENS:
                slugs = _ZH_WORDS.get(run[i : i + n])
                if slugs:
                    found.extend(slugs)
    for word in _ZH_ASCII:
        if word in lowered:
            found.extend(_ZH_WORDS[word])
    return found


_ORDER = {slug: n for n, slug in enumerate(THEMES)}
_BY_LABEL = {label.casefold(): slug for slug, labels in THEMES.items() for label in labels}


def classify_theme(text: str, default: str = DEFAULT_THEME, *, exclude: Iterable[str] = ("rules",)) -> str:
    """Return the theme slug whose keywords occur most often in ``text``.

    Args:
        text: English and/or Chinese text, any length.
        default: slug returned when no keyword matches.
        exclude: slugs never returned by keyword match (by default "rules",
            which only the extractor assigns).

    Returns:
        A slug of ``THEMES`` (or ``default``). Ties go to the theme listed
        first in ``THEMES``, except that ``moments`` loses every tie.
    """
    counts: dict[str, int] = {}
    for slug in _hits(text):
        counts[slug] = counts.get(slug, 0) + 1
    for slug in exclude:
        counts.pop(slug, None)
    if not counts:
        return default
    return max(counts, key=lambda s: (counts[s], s != "moments", -_ORDER[s]))


def theme_label(slug: str, lang: str = "en") -> str:
    """Return the label of ``slug`` in ``lang`` ("en" or "zh"); an unknown slug is returned as is."""
    labels = THEMES.get(slug)
    if labels is None:
        return slug
    return labels[1] if lang == "zh" else labels[0]


def theme_slug(value: str) -> str:
    """Return the slug for a slug or a label in either language ("身份" -> "identity").

    Unknown values (custom sections such as seed 000's "项目") are returned
    stripped but otherwise unchanged.
    """
    text = value.strip()
    if text in THEMES:
        return text
    return _BY_LABEL.get(text.casefold(), text)


class LexiconClassifier:
    """Classifier stage: fills in empty themes from the lexicon.

    The theme is read from the candidate's evidence (falling back to its
    description), with a default by kind: preferences default to ``taste``,
    facts to ``identity``, procedures to ``rules``, everything else to
    ``moments``. Candidates that already have a theme keep it (normalised to
    a slug). A turn's raw event follows what the turn states (``event_theme``).
    """

    _DEFAULTS: ClassVar[dict[str, str]] = {Kind.PREFERENCE: "taste", Kind.FACT: "identity",
                                           Kind.PROCEDURE: "rules", Kind.TODO: "todo"}

    def classify(self, turn: Turn, candidates: list[Candidate]) -> list[Candidate]:
        """Return ``candidates`` with ``theme`` set to a slug (changed in place)."""
        events = []
        for cand in candidates:
            if cand.theme:
                cand.theme = theme_slug(cand.theme)
            elif cand.kind == Kind.EVENT:
                events.append(cand)
            else:
                default = self._DEFAULTS.get(cand.kind, DEFAULT_THEME)
                cand.theme = classify_theme(cand.evidence or cand.description, default)
        for event in events:
            event.theme = event_theme(turn, event, candidates)
        return candidates


def event_theme(turn: Turn, event: Candidate, candidates: Iterable[Candidate]) -> str:
    """The theme of a turn's raw event: the theme most of the turn's statements have (the first said on a tie),
    else the keywords of what the turn states, else ``moments``.

    The statements are the other candidates of the turn that make items of their own (not its restate-only
    mention, not another event). A turn's keywords alone filed "I live in Lisbon and I love jazz." under music
    beside its curated items under places and music, and "产假期间" under events (new-user trial 38); an
    assistant's or a tool's turn takes no theme from its pleasantries or from what it asks the user ("how was
    your day at work?": ``small_talk.stated_sentences``).
    """
    themes = [c.theme for c in candidates if c is not event and c.kind != Kind.EVENT and not c.restate_only
              and c.theme and c.theme != SENSITIVE_THEME]
    if themes:
        return max(dict.fromkeys(themes), key=themes.count)  # max keeps the first of equal counts
    text = event.evidence or event.description
    if turn.role != "user":
        text = " ".join(stated_sentences(text))
    return classify_theme(text) if text else DEFAULT_THEME
