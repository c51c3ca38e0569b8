"""Pieces shared by the prompts: the time with its weekday, the theme list, item lines.

Seed 000 appends the current time with the weekday to every curation prompt
so that the model can turn "后天" or "next Friday" into a date; here the
time is the turn's own timestamp (a replayed conversation is dated when it
was said, not when it is processed).
"""

from __future__ import annotations

from datetime import UTC, datetime

from memory_core.model import MemoryItem
from memory_core.pipeline.themes import THEMES, theme_label

__all__ = ["format_when", "item_line", "theme_menu"]

_ZH_WEEKDAYS = ("星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日")


def format_when(when: datetime, lang: str) -> str:
    """Return ``when`` (aware; shown in UTC) with its weekday.

    Examples: "2026年5月9日 星期六 14:30 (UTC)", "Saturday 9 May 2026, 14:30 UTC".
    """
    when = when.astimezone(UTC)
    if lang == "zh":
        return f"{when.year}年{when.month}月{when.day}日 {_ZH_WEEKDAYS[when.weekday()]} {when:%H:%M} (UTC)"
    return f"{when:%A} {when.day} {when:%B %Y, %H:%M} UTC"


def theme_menu(lang: str) -> str:
    """Return the theme slugs with their labels, one per line ("- taste（品味）")."""
    if lang == "zh":
        return "\n".join(f"- {slug}（{zh}）" for slug, (_, zh) in THEMES.items())
    return "\n".join(f"- {slug} ({en})" for slug, (en, _) in THEMES.items())


def _date(value: datetime | None) -> str:
    return value.astimezone(UTC).strftime("%Y-%m-%d") if value else ""


def item_line(item: MemoryItem, lang: str, label: str | None = None, with_slot: bool = False) -> str:
    """Return one item as a prompt line: ``[label] (theme) description {kind, dates, hit[, slot]}``.

    ``label`` defaults to the item id (the curation agent refers to items by id);
    ``with_slot`` adds the item's slot key (``fact:lives_in``), as the curation agent sees it.
    """
    when = _date(item.valid_from or item.created_at)
    until = _date(item.valid_until)
    span = f"{when}..{until}" if until else when
    extra = f"{item.kind}, {span}, hit={item.hit}"
    if item.trust != "user":
        extra += f", trust={item.trust}"
    if with_slot and item.key and not str(item.key).startswith("event:"):
        extra += f", slot={item.key}"
    tag = label if label is not None else item.id
    return f"[{tag}] ({theme_label(item.theme, lang)}) {item.description} {{{extra}}}"
