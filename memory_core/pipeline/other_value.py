"""When a statement that shares words with an item still says something else: another secret, another address.

The restatement planner (``restate.plan_own_words``) takes a statement sharing most of an item's terms for
the same thing said again, and may revise the item with it. Two kinds of shared words mislead it:

- two sensitive values ("我的银行卡密码是 4821" beside "我的银行卡号是6222…"): a PIN is no restatement of the
  card number it shares words with (``other_secret``);
- an e-mail address whose own parts repeat an item's words ("my email is ben.k@example.com" beside
  "User is Ben"): the address is a contact detail of its own, never a detail of the name item
  (``through_address``). The trial of issue 13 (§15) found "User is Ben；用户的邮箱是 ben.k@example.com".
"""

from __future__ import annotations

import re

from memory_core.pipeline.gist import Topic, same_topic, topic
from memory_core.pipeline.sensitive_detect import detect

__all__ = ["ADDRESS", "other_secret", "other_value", "through_address"]

#: An e-mail address (RFC 5322's common form: a dotted local part, "@", a dotted domain).
ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", re.ASCII)


def other_secret(old: str, new: str) -> bool:
    """True when both texts hold sensitive values and share none (module docstring).

    A health value is a statement, not a secret string (``sensitive_reworded``): "User takes Euthyrox 50 mcg"
    and "User takes Euthyrox 75 mcg now" speak of one drug, so health findings are left to the topic's words.

    The stored item's text is read first: the write path read it when it was stored (``detect`` keeps the
    findings of recent texts), and most items hold nothing sensitive, so the new text is rarely read here.
    """
    found_old = {f.value for f in detect(old) if f.category != "health"}
    if not found_old:
        return False
    found_new = {f.value for f in detect(new) if f.category != "health"}
    return bool(found_new) and not found_old & found_new


def through_address(old: str, said: str, new: Topic, old_topic: Topic, subject: str) -> bool:
    """True when the turn's text ``said`` holds an e-mail address ``old`` lacks and, the address's own words left
    out of the statement's topic ``new``, the statement is no longer about what ``old_topic`` is about
    (``gist.same_topic``). The address is read from the turn: a statement's text may have lost its dots.

    Args:
        old: the stored item's text; old_topic: its topic, its subject no term.
        said: the turn's text; new: the statement's topic.
        subject: the subject word of the user's items ("User", "用户", or the user's name).
    """
    held = old.casefold()
    fresh = [a for a in ADDRESS.findall(said) if a.casefold() not in held]
    if not fresh:
        return False
    pieces = topic(" ".join(re.sub(r"[@.+_-]", " ", a) for a in fresh), "en", subject).terms
    rest = Topic(new.terms - pieces, new.strong - pieces, new.numbers - pieces, new.named, new.lead)
    return not same_topic(rest, old_topic)[0]


def other_value(old: str, new_text: str, said: str, new: Topic, old_topic: Topic, subject: str) -> bool:
    """True when a statement (``new_text``, topic ``new``, from the turn text ``said``) is no restatement of
    the item text ``old`` whatever words they share: another secret, or an e-mail address sharing the item's
    words (module docstring)."""
    return other_secret(old, new_text) or through_address(old, said, new, old_topic, subject)
