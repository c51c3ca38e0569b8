"""An item's text stays in one language: a restatement in the other one is a hit, not a splice (issue 13).

"I have a cat called Nuomi" and, weeks later, "我家猫主子糯米还是那么胖" say one thing twice. The rules that
join a detail to an item append the turn's words to the item's text, which in the other language leaves a
text no one said: "User has a cat named Nuomi；用户家猫主子糯米还是那么胖". ``one_language_edits`` keeps
such an edit's hit and refuses its text: an ``UpdateOp`` whose new text is the old text with a piece added
in the other script (a run of ``MIN_HAN`` Han characters onto a text with none; ``MIN_LATIN`` Latin words
and no Han onto a Chinese text) is dropped (a theme it carried is kept). A name in the other script ("named
旺财", "在 Google 实习") is shorter than either and joins as before; a rewrite that replaces the whole text
is not a splice and is left alone.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence

from memory_core.store.write_ops import Op, UpdateOp
from memory_core.text.script import has_han

__all__ = ["MIN_HAN", "MIN_LATIN", "one_language_edits", "other_language_piece"]

log = logging.getLogger(__name__)

#: Han characters in a row that make an added piece Chinese words rather than a name.
MIN_HAN = 3
#: Latin words (two letters or more) that make an added piece English words rather than a name.
MIN_LATIN = 2

_HAN_RUN = re.compile(rf"[\u3400-\u9fff]{{{MIN_HAN},}}")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def _added(old: str, new: str) -> str | None:
    """The piece ``new`` adds to ``old`` when ``new`` keeps ``old`` whole at its start or end, else None."""
    if not old or old == new:
        return None
    if new.startswith(old):
        return new[len(old):]
    if new.endswith(old):
        return new[:-len(old)]
    return None


def other_language_piece(old: str, new: str) -> bool:
    """True when ``new`` is ``old`` with a piece in the other language added (module docstring).

    Args:
        old: the item's text before the edit ("User has a cat named Nuomi").
        new: the edit's text ("User has a cat named Nuomi；用户家猫主子糯米还是那么胖").
    """
    piece = _added(old, new)
    if piece is None:
        return False
    if not has_han(old):
        return bool(_HAN_RUN.search(piece))
    return not has_han(piece) and len(_LATIN_WORD.findall(piece)) >= MIN_LATIN


def one_language_edits(ops: Sequence[Op], olds: Mapping[str, str]) -> list[Op]:
    """Return ``ops`` without the text of each edit that adds the other language to an item's text.

    Args:
        ops: the turn's planned ops, in apply order (a ``HitOp`` beside the edit stands).
        olds: item id -> its text before the turn; an edit of an item not in it is left as it is.

    Returns:
        The ops, such an edit dropped, or kept without its text when it also changed the theme.
    """
    texts = dict(olds)
    out: list[Op] = []
    for op in ops:
        if not isinstance(op, UpdateOp) or op.new_description is None or op.item_id not in texts:
            out.append(op)
            continue
        if other_language_piece(texts[op.item_id], op.new_description):
            log.info("edit of %s kept to a hit: it adds the other language to the item's text", op.item_id)
            if op.new_theme is not None:
                out.append(UpdateOp(op.item_id, op.reason, None, op.new_theme, op.actor, op.turn_id, op.at))
            continue
        texts[op.item_id] = op.new_description
        out.append(op)
    return out
