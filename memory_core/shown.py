"""What a read surface shows of a memory item and its history: sensitive values masked unless revealed.

One rule for every surface that reads items back — the Memory API on every
transport (``BaseMemoryAPI.get`` / ``get_all`` / ``history`` / ``search`` /
``recall`` / the records ``add``, ``update`` and ``delete`` return), the
HTTP shim's item routes and editor, and the CLI (``gulfstream memories``,
``history``, ``get``, ``recall``):

- an item's description shows each value the detector finds
  (``memory_core.pipeline.sensitive_detect``: passwords, PINs and codes,
  card/account/ID numbers, API keys, health details) as its label ("my PIN
  is [code]", "cvv [cvv]"), whatever the item's theme (an item added as
  given, or moved out of theme ``sensitive`` by hand, is masked too);
- a search or recall hit (``query`` given) is shown as the recall's context
  block shows it: the values of the kinds the query asks for in clear, the
  others masked (``masked_unless_asked``, seed 001 §8.24.1);
- an item's ``key`` loses the parts that repeat a masked value (a gist key
  made from a password: ``gist:hunter2hunter2`` → ``gist:[secret]``), also
  where the key names the value by its object's id in the other language
  (二甲双胍 keyed ``fact:medication:metformin`` → ``fact:medication:[health]``);
- a revision's old and new text are masked like a description.

``reveal=True`` shows everything as stored: the owner's own tools ask for it
explicitly (``?reveal=true``, ``reveal=True``, ``--reveal``). Masking is
a view: nothing stored changes. Whether a value is *written* at all is the
write path's ``GULFSTREAM_SENSITIVE_POLICY`` (``keep``, the default; ``mask``; ``drop``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from memory_core.pipeline.sensitive_detect import Finding, detect, label, mask
from memory_core.pipeline.sensitive_query import unasked  # not ``pipeline.sensitive``: the write path's guard
from memory_core.pipeline.slot_questions import object_names

__all__ = ["REVISION_TEXTS", "shown_export_item", "shown_key", "shown_record", "shown_revision", "shown_text"]

REVISION_TEXTS = ("old_description", "new_description")
_SQUASH = re.compile(r"[\W_]+")


def _hidden(text: str, query: str | None) -> list[Finding]:
    found = detect(text)
    return list(found) if query is None or not found else unasked(query, text, found)


def shown_text(text: str, *, reveal: bool = False, query: str | None = None) -> str:
    """``text`` as a read surface shows it: every sensitive value masked (``query``: those the query does not
    ask for), or as stored with ``reveal``."""
    if reveal or not text:
        return text
    hidden = _hidden(text, query)
    return mask(text, hidden) if hidden else text


def shown_key(key: str, hidden: Sequence[Finding], text: str = "", masked: str = "") -> str:
    """``key`` with each ``:``-part that repeats one of the ``hidden`` values (3+ letters or digits of it)
    replaced by that value's label; also a part that names an object (``slots.yaml`` objects, either language)
    one of whose names ``text`` holds and its masked form ``masked`` no longer does ("用户对花生过敏" keyed
    ``fact:allergy:peanuts``, shown "用户对[health]过敏": the key shows ``fact:allergy:[health]``)."""
    if not key or not hidden:
        return key
    values = [(_SQUASH.sub("", f.value).casefold(), f) for f in hidden]
    folded, gone = text.casefold(), masked.casefold()
    parts = []
    for part in key.split(":"):
        squashed = _SQUASH.sub("", part).casefold()
        hit = next((f for v, f in values if len(squashed) >= 3 and v and (squashed in v or v in squashed)), None)
        if hit is None and text:  # the value keyed by its object's id, maybe in the other language
            names = object_names(part.split("@", 1)[0].replace("_", " ").casefold())
            if any(n in folded and n not in gone for n in names if len(n) >= 2):
                hit = hidden[0]
        parts.append(part if hit is None else label(hit))
    return ":".join(parts)


def shown_record(record: Mapping[str, Any], *, reveal: bool = False, query: str | None = None) -> dict[str, Any]:
    """A copy of an item record (``memory_core.api_records.item_record`` or the wire's item payload) with its
    description and key as a read surface shows them (see the module docstring)."""
    out = dict(record)
    text = out.get("description")
    if reveal or not isinstance(text, str) or not text:
        return out
    hidden = _hidden(text, query)
    if hidden:
        out["description"] = mask(text, hidden)
        if isinstance(out.get("key"), str):
            out["key"] = shown_key(out["key"], hidden, text, out["description"])
    return out


def shown_revision(revision: Mapping[str, Any], *, reveal: bool = False) -> dict[str, Any]:
    """A copy of a revision record with its old and new text masked (``reveal``: as stored)."""
    out = dict(revision)
    if not reveal:
        for field in REVISION_TEXTS:
            if isinstance(out.get(field), str):
                out[field] = shown_text(out[field])
    return out


def shown_export_item(mapping: dict[str, Any]) -> dict[str, Any]:
    """An export item mapping (``memory_core.store.seed_format.item_to_mapping``) with its description, key and
    every history text masked: what ``gulfstream export`` and the HTTP export write unless revealed (a masked
    export restores everything but the masked values)."""
    out = shown_record(mapping)
    out["history"] = [shown_revision(rev) for rev in mapping.get("history") or []]
    return out

