"""A day's episode of the user's partner, child or pet is no detail of their item (new-user trial 40).

"今天阿杰带我去吃火锅了" beside "用户的老公是阿杰", "汤圆今天在公园跟别的狗打架了" beside "用户有一只柯基叫
汤圆": the turn mentions the partner or the pet and tells what one day held. Joined onto the item as a detail,
the partner's or the pet's fact grows with every outing and mishap, and its recall text fills with them.
``one_days_episode`` says when a sentence names the day of one occasion (``day`` of ``data/their_episode.yaml``)
and no habit (``habit``): such a sentence stays its turn's event, and so does an act the user did with them, the
user first ("我和阿杰去爬山了": ``joint_outing``), as ``detail_role._paired`` reads "Me and Tom went to a hockey
game". Like ``episode_words.befell`` for a thing's mishap.
"""

from __future__ import annotations

import functools
import re

from memory_core.shipped_yaml import load_shipped

__all__ = ["joint_outing", "one_days_episode"]


@functools.cache
def _words() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a day of one occasion, a habit) in either language, from ``data/their_episode.yaml``.

    Raises:
        OSError / yaml.YAMLError / KeyError: the shipped data file is missing or malformed (a packaging fault).
    """
    data = load_shipped("data", "their_episode.yaml")
    return (re.compile(f"{data['day']['zh']}|{data['day']['en']}", re.IGNORECASE),
            re.compile(f"{data['habit']['zh']}|{data['habit']['en']}", re.IGNORECASE))


def one_days_episode(said: str) -> bool:
    """True when ``said`` (a sentence, either language or both) tells one day's occasion: it names the day
    ("今天", "周末", "tonight", "on Saturday") and no habit ("每天", "every", "usually").

    Args:
        said: the text that would be joined to an item as its detail.
    """
    day, habit = _words()
    return day.search(said) is not None and habit.search(said) is None


def joint_outing(said: str, subject: str = "") -> bool:
    """True when ``said`` (Chinese, the user third person or first) opens on the user and another person together
    ("用户和阿杰去爬山了", "我跟老公去吃了火锅") and says no bond between them (``bond``: "我和阿杰结婚了" is the
    partner's own fact).

    Args:
        said: the text that would be joined to an item as its detail.
        subject: the user's subject word in ``said`` ("用户", or the speaker's name).
    """
    pair, bond = _together(subject or "用户")
    first = re.split(r"[，,。！!？?；;]", said.strip(), maxsplit=1)[0]
    return pair.match(first) is not None and bond.search(said) is None


@functools.lru_cache(maxsize=64)
def _together(subject: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(the user and another person together, opening on ``subject``; a bond between them), Chinese, from
    ``data/their_episode.yaml``, read once per subject word."""
    data = load_shipped("data", "their_episode.yaml")
    return re.compile(data["together"]["zh"].replace("%S%", re.escape(subject))), re.compile(data["bond"]["zh"])
