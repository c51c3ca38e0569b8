"""The mechanical (no-LLM) extractor: one event per turn plus rule-based first-person statements.

``MechanicalExtractor.extract(turn)`` returns:

- one EVENT candidate per turn: ``"<speaker>: <text>"`` (with an image
  caption as ``[shares a photo: …]``), valid from the turn's own timestamp,
  keyed by a fingerprint of speaker and text so that an identical turn only
  raises the hit count of the first;
- for turns whose role is "user" only, facts, preferences and standing
  instructions found by the rules in ``memory_core.pipeline.rules``, clause by
  clause. Assistant, tool and system text never becomes a user fact (DESIGN
  invariant 6).

When the turn names a speaker other than a role ("Caroline"), descriptions
use that name as their subject and keys end in ``@<speaker>``, so two people
in one conversation never supersede each other's preferences.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator

from memory_core.model import Kind, Turn
from memory_core.pipeline.rules import match_clause, norm_object, render
from memory_core.pipeline.types import Candidate
from memory_core.validation import MAX_TEXT_CHARS, ROLES

__all__ = ["MechanicalExtractor", "detect_lang", "event_key", "split_clauses"]

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_SENTENCE = re.compile(
    r"(?<=[.!?;。！？；…])(?<!\bSt\.)(?<!\bMr\.)(?<!\bDr\.)(?<!\bMs\.)(?<!Mrs\.)(?!\d)\s*|\n+")
_EN_VERB = (r"(?:also\s+|really\s+|still\s+)?"
            r"(?:don't|do\s+not|no\s+longer|like|love|hate|dislike|enjoy|prefer)\b")
_EN_CLAUSE = re.compile(
    r",?\s+(?:and|but|so|while|although|though|whereas)\s+(?=(?:i|i'm|i've|im|my)\b|" + _EN_VERB + r")"
    r"|,\s*(?=(?:i|i'm|i've|my)\b)", re.IGNORECASE)
_EN_BARE_VERB = re.compile("^" + _EN_VERB, re.IGNORECASE)
_ZH_CLAUSE = re.compile(r"[，,]?\s*(?:但是|可是|不过|然而)\s*|[，,](?!\s*它?的?(?:名字)?叫)\s*")
_ZH_BARE_VERB = re.compile(
    r"^(?:也|还|又|就|却|而且|并且|同时)*(?:不再|再也不|不|没那么)?(?:喜欢|爱|讨厌|住在|对)")
_EN_SKIP = re.compile(r"^\s*(?:if|whether|unless|when|what\s+if|do|does|did|would|could|should|can|are|is)\b"
                      r"|\?\s*$", re.IGNORECASE)
_ZH_SKIP = re.compile(r"^(?:如果|要是|假如|假设|万一)|[?？]\s*$|[吗呢]\W*$")
_EN_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|my|we|we've)\b|^\s*(?:ok|okay|please|from|going|in|always|never)\b",
                              re.IGNORECASE)
_ZH_FIRST_PERSON = re.compile(r"我|^(?:请|麻烦|以后|今后|从|往后)")
_PUNCT = re.compile(r"[\W_]+")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\uff07": "'"})


def detect_lang(text: str) -> str:
    """Return "zh" when ``text`` holds any CJK ideograph, else "en"."""
    return "zh" if _CJK.search(text) else "en"


def event_key(speaker: str, text: str) -> str:
    """Return ``"event:<16 hex>"``: a fingerprint of speaker and text.

    Case, spacing and punctuation are ignored, so "Hi!" and "hi" share a key.
    A text with no letters or digits at all (emoji, symbols) is kept as it is
    in the fingerprint, so "👍" and "❤️" stay two events.
    """
    canon = _PUNCT.sub(" ", f"{speaker}\0{text}".casefold()).split()
    if not _PUNCT.sub(" ", text.casefold()).split():
        canon.append(text.strip())
    return "event:" + hashlib.blake2b(" ".join(canon).encode(), digest_size=8).hexdigest()


# Where an English clause meets a Chinese one in a mixed sentence: Latin text then CJK, or CJK
# then "I"/"My", with an optional "," / "and" / "but" between.
_SCRIPT_SEAM = re.compile(r"(?<=[A-Za-z0-9.!?])\s*(?:,|\band\b|\bbut\b)?\s*(?=[\u3400-\u9fff])"
                          r"|(?<=[\u3400-\u9fff。，！？])\s*(?:,|\band\b|\bbut\b)?\s*(?=\b(?:I|My)\b)")
_EN_OWN_CLAUSE = re.compile(r"^(?:I|I'm|I've|My)\b(?:\s+\S+){2,}")
# An English side ending like this still needs the Chinese words after it ("I live in 東京").
_EN_DANGLING = re.compile(r"\b(?:in|at|on|is|are|am|was|were|to|of|for|with|from|the|a|an|my|as|like|love|"
                          r"likes|loves|hate|called|named)\W*$", re.IGNORECASE)


def _by_script(sentence: str) -> list[str]:
    """Split a mixed sentence into its English and Chinese clauses ("I live in Lisbon and 我喜欢喝茶").

    Only where the English side is a clause of its own (a first-person
    subject, at least three words, not ending on a word that needs what
    follows, as in "I live in 東京"); English words inside a Chinese sentence
    ("我在Google工作", "我喜欢 sushi") keep it whole.
    """
    parts = [p for p in _SCRIPT_SEAM.split(sentence) if p.strip()]
    english = [p.strip() for p in parts if not _CJK.search(p)]
    if len(parts) > 1 and any(_EN_OWN_CLAUSE.match(p) for p in english) \
            and not any(_EN_DANGLING.search(p) for p in english):
        return parts
    return [sentence]


def split_clauses(text: str) -> Iterator[tuple[str, str]]:
    """Yield (clause, lang) pairs: sentences split on punctuation in both languages, then on clauses.

    English sentences split before "and/but/so … I …" and before a comma
    followed by "I"/"my"; a clause that starts with a bare preference verb
    ("… and hate rock") gets "I" back. Chinese sentences split on "，" and on
    但是/可是/不过; a clause without 我 that starts with a preference verb
    ("也喜欢狗") gets 我 back when an earlier clause of the sentence had it.
    A sentence mixing an English clause with a Chinese one is split between
    them first (``_by_script``). Questions and conditionals are skipped.
    """
    sentences = (part for sentence in _SENTENCE.split(text.translate(_APOSTROPHES)) for part in _by_script(sentence))
    for sentence in sentences:
        sentence = sentence.strip()
        if not sentence:
            continue
        if _CJK.search(sentence):
            seen_subject = False
            for clause in _ZH_CLAUSE.split(sentence):
                clause = clause.strip()
                if not clause:
                    continue
                if "我" in clause:
                    seen_subject = True
                elif seen_subject and _ZH_BARE_VERB.match(clause):
                    clause = "我" + clause
                if not _ZH_SKIP.search(clause) and _ZH_FIRST_PERSON.search(clause):
                    yield clause, "zh"
        else:
            for clause in _EN_CLAUSE.split(sentence):
                clause = clause.strip()
                if _EN_BARE_VERB.match(clause):
                    clause = "I " + clause
                if clause and not _EN_SKIP.search(clause) and _EN_FIRST_PERSON.search(clause):
                    yield clause, "en"


class MechanicalExtractor:
    """Extractor stage without an LLM: the event of the turn plus rule-based statements.

    Args:
        event_roles: roles whose turns become event candidates (system
            prompts are not memories, so "system" is left out by default).
        statement_roles: roles whose first-person statements become facts and
            preferences; only "user" by default, and "tool" is never allowed.
    """

    def __init__(self, event_roles: tuple[str, ...] = ("user", "assistant", "tool"),
                 statement_roles: tuple[str, ...] = ("user",)) -> None:
        self.event_roles = event_roles
        self.statement_roles = tuple(r for r in statement_roles if r != "tool")

    def extract(self, turn: Turn) -> list[Candidate]:
        """Return the event candidate of ``turn`` followed by its statement candidates."""
        out: list[Candidate] = []
        if turn.role in self.event_roles:
            out.append(self.event(turn))
        if turn.role in self.statement_roles:
            out.extend(self.statements(turn))
        return out

    def event(self, turn: Turn) -> Candidate:
        """Return the verbatim EVENT candidate of ``turn`` (description at most MAX_TEXT_CHARS)."""
        speaker = turn.speaker.strip() or turn.role
        text = turn.text.strip()
        caption = str((turn.meta or {}).get("image_caption") or "").strip()
        lang = detect_lang(text or caption)
        body = text
        if caption:
            photo = f"[分享了一张照片：{caption}]" if lang == "zh" else f"[shares a photo: {caption}]"
            body = f"{text} {photo}" if text else photo
        description = f"{speaker}: {body}"[:MAX_TEXT_CHARS]
        return Candidate(
            kind=Kind.EVENT, description=description, key=event_key(speaker, f"{text}\0{caption}"),
            confidence=1.0, valid_from=turn.timestamp, speaker=speaker, lang=lang, claim=body,
            evidence=body,
        )

    def statements(self, turn: Turn) -> list[Candidate]:
        """Return fact, preference and instruction candidates from the first-person clauses of ``turn``."""
        name = turn.speaker.strip()
        named = bool(name) and name.casefold() not in ROLES
        qualifier = "@" + "_".join(_PUNCT.sub(" ", name.casefold()).split()) if named else ""
        out: list[Candidate] = []
        for clause, lang in split_clauses(turn.text):
            hit = match_clause(clause, lang, allow_rules=True)
            if hit is None:
                continue
            rule = hit.rule
            if rule.slot == "name" and named and hit.obj.casefold() == name.casefold():
                continue  # "我叫Mia" said by Mia: the speaker's name is already on every item
            subject = name if named else ("用户" if lang == "zh" else "User")
            description, claim = render(hit, subject, lang)
            if rule.slot == "pref":
                key = "pref:" + norm_object(hit.obj, lang)
            elif rule.single_valued:
                key = "fact:" + rule.slot
            elif rule.slot == "rule":
                key = "rule:" + norm_object(hit.obj, lang)
            else:
                key = f"fact:{rule.slot}:{norm_object(hit.obj, lang)}"
            out.append(Candidate(
                kind=rule.kind, description=description, theme=rule.theme, key=key + qualifier,
                polarity=rule.polarity, confidence=rule.confidence, valid_from=turn.timestamp,
                speaker=name or turn.role, lang=lang, claim=claim, single_valued=rule.single_valued,
                evidence=claim,
            ))
        return out
