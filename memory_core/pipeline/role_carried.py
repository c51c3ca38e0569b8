"""A job title said with an employer stays the user's when only the employer changes (issue 13).

"我在字节跳动做后端开发" is stored as one item, "用户在字节跳动工作，做后端开发"; "现在在阿里上班" superseded it with
"用户在阿里工作", and the title, never said to have changed, was lost with the old employer. ``carry_role`` puts
the old item's title on a new employer said without one ("用户在阿里工作，做后端开发"; "User works at Amazon as a
data scientist"). A turn that says a title of its own (in the new statement, or as the user's occupation), an
employer in the other language than the old item's, or the same employer again carries nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.pipeline.types import Candidate

__all__ = ["carry_role"]

_KEY = "fact:works_at"
# the title as the employer's item renders it: "用户在X工作，做后端开发" / "，当护士"; "User works at X as a nurse"
_ZH_ROLE = re.compile(r"，(?:做|当)(?P<role>[^，,。；;]+)$")
_EN_ROLE = re.compile(r"\s+as\s+(?P<role>[^,;.]+)$")
_ZH_AT = re.compile(r"在(?P<v>[^，,。；;]+?)工作")
_EN_AT = re.compile(r"\bworks\s+at\s+(?P<v>.+?)(?=\s+as\s+|[,;.]|$)")
_FOLD = re.compile(r"[\s'’.]+")


def _role(description: str, lang: str) -> str:
    """The title said in an employer item's text ("，做后端开发", " as a nurse"), with its joining words; "" if none."""
    m = (_ZH_ROLE if lang == "zh" else _EN_ROLE).search(description)
    return m.group(0) if m else ""


def _employer(description: str) -> str:
    m = _ZH_AT.search(description) or _EN_AT.search(description)
    return _FOLD.sub("", m.group("v")).casefold() if m else ""


def carry_role(cands: list[Candidate], rows: Callable[[tuple[str, ...]], list[tuple[str, str, str]]]) -> None:
    """Append to each new employer the user states without a title the title of the employer item it replaces
    (module docstring). Candidates are changed in place.

    Args:
        cands: the turn's candidates.
        rows: gives the user's active rows under key prefixes as ``(id, key, description)``; called once, and
            only when the turn states the user's employer with no title and no occupation.
    """
    wanted = [
        c for c in cands if c.key == _KEY and not c.is_event and c.polarity > 0 and not _role(c.description, c.lang)
    ]
    if not wanted or any(c.key == "fact:occupation" and not c.is_event for c in cands):
        return
    held = [d for _, key, d in rows((_KEY,)) if key == _KEY]
    for cand in wanted:
        titles = {t for d in held if (t := _role(d, cand.lang))}
        new = _employer(cand.description)
        if len(titles) != 1 or not new or any(new in old or old in new for d in held if (old := _employer(d))):
            continue  # no title held, two of them, or the same employer said again (a refinement)
        cand.description += titles.pop()
