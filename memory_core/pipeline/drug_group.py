"""What a medicine is taken for: the group a drug's key belongs to (``data/drug_groups.yaml``).

A switch of drug ends the drug it replaces, and only that one: "去医院了，医生把药换成了缬沙坦" after "每天早上吃一片
氨氯地平" ends the amlodipine (both lower blood pressure) but leaves the metformin the user also takes. The group is
read from the ending of the drug's name, the class of medicines it belongs to (-sartan, -dipine, 沙坦, 地平 …), or
from the everyday name of its kind (降压药, "insulin").
"""

from __future__ import annotations

import functools
from pathlib import Path

import yaml

__all__ = ["drug_group", "same_use"]

_DATA = Path(__file__).resolve().parent.parent / "data" / "drug_groups.yaml"


@functools.lru_cache(maxsize=1)
def _groups() -> tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]:
    """The groups of ``drug_groups.yaml`` as (id, endings, names), all folded to lower case."""
    rows = yaml.safe_load(_DATA.read_text(encoding="utf-8")) or []
    return tuple((str(row["id"]), tuple(str(e).casefold() for e in row.get("endings") or ()),
                  tuple(str(n).casefold() for n in row.get("names") or ())) for row in rows)


def drug_group(drug: str) -> str:
    """The use of ``drug`` ("blood_pressure" for "缬沙坦", "losartan" or "降压药"), else "".

    Args:
        drug: a drug's name or key object, in either language (a key's ``@`` speaker suffix is ignored).
    """
    name = drug.split("@")[0].strip().casefold()
    if not name:
        return ""
    for gid, endings, names in _groups():
        if name.endswith(endings) or any(n in name for n in names):
            return gid
    return ""


def same_use(new: str, old: str) -> bool:
    """True when drugs ``new`` and ``old`` are of one known use (a switch from one to the other ends ``old``).

    A drug of no known group shares a use with none: a switch to it ends nothing by itself.
    """
    group = drug_group(new)
    return bool(group) and group == drug_group(old)
