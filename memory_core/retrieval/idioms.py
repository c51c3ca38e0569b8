"""Idioms that ask about an attribute in words that name something else, read as the attribute's words.

"What do I do for a living?" asks for a job, yet its only content word,
"living", stems to "live" and finds where the user lives; "他是干什么的" /
"靠什么吃饭" ask the same in Chinese. ``plain_query`` swaps such a phrase
for the words a memory of the attribute holds ("job work", "工作 职业")
before the query is tokenized. The list is short and phrase-level (whole
idioms, not single words), so a query that says "live" plainly ("Where do I
live?") is left alone.

Words that only say "the current one" ("currently", "these days", "目前",
"如今") are dropped the same way: they ask for the current value, which the
ranking already prefers, and as content terms they found any turn that
happened to say them ("搬家了！目前住在…" for "我目前在哪上班？"). Time cues are
read from the raw query (``timecues``), so nothing is lost there. "现在" is
taken out of the query's terms and ranked alone at a lower weight
(``split_now_words``, ``NOW_WEIGHT``): "我现在在哪上班？" then ranks the job
before the turn "搬家了！现在住在…", while a newer statement said with it
("所以现在又开始吃鱼了" for "我现在的饮食是什么样的？") keeps the lift 现在 gives
it. ("now" is an English stopword already.) Words of liking ("like", "love",
"enjoy", "喜欢", "爱" …) are ranked apart the same way: "我喜欢喝什么咖啡？" asks
about coffee, and a turn sharing only 喜欢 ("周末喜欢去爬山") is keyword noise
beside the one that names the coffee.

"上班" (to go to work) asks for a job as "工作" does, yet no memory of a job
says it ("I work at …", "在字节做后端"): a question with it also asks the job's
words.

Two everyday questions say nothing a memory holds: "What time do I get up?"
("get up" is stopwords; 起床 reads as "get" in the dictionary, "wake" as a
ship's wake) asks with "wake" and 起床 / 醒 in both languages; "Where am I
from?", "Where does she come from?" ask where one is from, with the words an
origin item is indexed by (``data/slots.yaml``'s ``from`` slot: origin,
hometown). "Where did I buy it from?" is no such question: only a form of
"be" or "come from" is read so.
"""

from __future__ import annotations

import re

__all__ = ["LIKING_WORDS", "NOW_WEIGHT", "NOW_WORDS", "plain_query", "split_now_words"]

#: "Now" words ranked apart from the other query terms (``split_now_words``).
NOW_WORDS = frozenset({"现在"})
#: Words of liking (index terms), ranked apart as the "now" words are when the query asks something else too.
LIKING_WORDS = frozenset({"like", "love", "enjoy", "prefer", "喜欢", "爱", "喜爱", "最爱"})
_APART = NOW_WORDS | LIKING_WORDS
#: RRF weight of the ranking of the "now" (and liking) words alone (the query's own ranking weighs 1).
NOW_WEIGHT = 0.5

_JOB = " job work occupation 工作 职业 "
_IDIOMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(?:do(?:es|ing)?|did)\s+for\s+(?:a\s+)?(?:living|work)\b|\bfor\s+a\s+living\b"
                r"|\bline\s+of\s+work\b|\bearns?\s+(?:a|his|her|their|my|your)\s+living\b", re.IGNORECASE), _JOB),
    (re.compile(r"(?:干|做|搞)(?:什么|啥)(?:的|工作|行业)|靠(?:什么|啥)(?:吃饭|为生|谋生)|以(?:什么|啥)为生"), _JOB),
    (re.compile(r"\b(?:currently|nowadays|presently|right\s+now|at\s+the\s+moment|these\s+days)\b"
                r"|目前|如今|眼下|当前|现今", re.IGNORECASE), " "),
    (re.compile(r"上班"), " 上班" + _JOB),
    # getting up: "get up" is two stopwords, 起床 glosses as "get", "wake" as a ship's wake (航迹)
    (re.compile(r"\b(?:get|gets|getting|got)\s+up\b(?!\s+to\b)|\b(?:wake|wakes|waking|woke|woken)(?:\s+up)?\b"
                r"|起床|(?<![提清觉])醒(?:来)?", re.IGNORECASE), " wake 起床 醒 "),
    # where one is from: "from" and "where" are stopwords ("Where am I from?" had no term), 哪里人 one word;
    # only "where" is swapped, so the person asked about stays ("Where are my parents from?"); English words
    # only (老家 glosses back as "native place" and met every home)
    (re.compile(r"\bwhere(?=(?:'s|\s+(?:am|are|is|was|were))\s+(?:\w+\s+){1,2}?(?:originally\s+)?from\b"
                r"|\s+(?:do|does|did)\s+(?:\w+\s+){1,2}?(?:originally\s+)?come\s+from\b)", re.IGNORECASE),
     " origin hometown "),
)


def plain_query(query: str) -> str:
    """Return ``query`` with each idiom of the module docstring replaced by its attribute's words (else unchanged)."""
    for pattern, words in _IDIOMS:
        if pattern.search(query):
            query = pattern.sub(words, query)
    return query


def split_now_words(tokens: list[str]) -> tuple[list[str], list[str]]:
    """``(tokens without NOW_WORDS and LIKING_WORDS, those asked)``; all of ``tokens`` and ``[]`` when nothing else is
    asked.

    The caller ranks the first as the query and the second as one more, lighter
    ranking (``NOW_WEIGHT``), so a "now" word lifts a turn that says it a
    little, never above what the content words find.
    """
    now = [t for t in tokens if t in _APART]
    rest = [t for t in tokens if t not in _APART]
    return (rest, now) if now and rest else (tokens, [])
