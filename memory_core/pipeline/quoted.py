"""Quoted and titled text states nothing about the user (issue 13: a song title is not a residence).

``unquoted(text)`` returns the turn text with every quoted span or title that
would read as a statement of its own ("that song 'I live in Paris' is stuck
in my head", 《我住在北京》, he said "I'm moving") put out of the rules'
reach: the span is replaced by a neutral word ("it" / "这个"), so what is
said around it is still read ("我朋友说这个这首歌很好听"). A quoted span that
states nothing (a favourite book 《三体》, "Bohemian Rhapsody") is left as it
is: it may be the value the user speaks of.

Quotes recognised: “…” ‘…’ "…" 「…」 『…』 《…》 〈…〉, and '…' when the
opening mark starts a word and the closing one ends it (so "I'm" and
"Tom's" are never read as quotes). The event of the turn keeps the verbatim
text; only the statement rules read the unquoted one.

A name given in quotes after a word of naming (橘貓叫「芒果」, 改名叫“煤球”, named "Mochi", called 'Bao') is the
name itself: its marks are dropped (``names_unquoted``), so the rules that read a name after 叫 or "named" take it
whole (new-user trial 42: a cat named in 「」 made no name).
"""

from __future__ import annotations

import re

from memory_core.text.script import has_han

__all__ = ["names_unquoted", "unquoted"]

_SPANS = re.compile(
    r"“[^”]{1,200}”|‘[^’]{1,200}’|\"[^\"]{1,200}\"|「[^」]{1,200}」|『[^』]{1,200}』|《[^》]{1,200}》|〈[^〉]{1,200}〉"
    r"|(?<![A-Za-z0-9'])'(?=\w)[^'\n]{1,200}?(?<=[\w.!?])'(?![A-Za-z0-9'])"
)
# a short name in quotes right after a word of naming, in either language ("叫「芒果」", "named \"Mochi\"")
_NAMED_QUOTED = re.compile(
    r"(?P<verb>(?:名字)?叫做?|名叫|(?:取|起|改)名(?:叫做?|为)?|名字是|\b(?:named|called|renamed|name\s+is|name's)(?:\s+(?:him|her|it|them))?)"
    r"\s*(?:[「『“\"‘]|(?<=\s)')(?P<name>[^」』”\"’'\s，,。！!？?]{1,12})[」』”\"’']")
# a span that would read as a first-person statement: a pronoun of the speaker, in either language
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'll|i'd|me|my|we|we're|our)\b|我|咱", re.IGNORECASE)


def names_unquoted(text: str) -> str:
    """``text`` with the quote marks around a name given after a word of naming dropped ("橘貓叫「芒果」" ->
    "橘貓叫芒果", 'we named her "Mochi"' -> "we named her Mochi"); ``text`` itself when it quotes no such name."""
    return _NAMED_QUOTED.sub(lambda m: m.group("verb") + ("" if has_han(m.group("verb")) else " ") + m.group("name"),
                             text)


def unquoted(text: str) -> str:
    """Return ``text`` with each quoted span or title that speaks in the first person replaced by a neutral word.

    Args:
        text: one turn's text (any language; 1..8000 characters).

    Returns:
        The text with such spans replaced by "it" (English span) or "这个" (Chinese span);
        ``text`` itself when it quotes no such span.
    """
    def repl(m: re.Match[str]) -> str:
        inner = m.group(0)[1:-1]
        if not _FIRST_PERSON.search(inner.replace("\u2019", "'")):
            return m.group(0)
        return "这个" if has_han(inner) else "it"

    return _SPANS.sub(repl, names_unquoted(text))
