"""The YAML data files shipped in ``memory_core/data`` (slot lexicon, synonym groups, allergens, categories).

Read with PyYAML's C parser (``CSafeLoader``, libyaml) when it is built in:
it builds the same Python objects as the pure-Python ``SafeLoader`` (the
constructor is shared; only scanning and parsing are in C) several times
faster. The slot lexicon, the largest file, is read on a process's first
ingest: ~0.44 s with the Python parser, ~0.06 s with the C one. Without
libyaml the Python parser is used.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

import yaml

__all__ = ["load_shipped", "parse"]

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse(text: str) -> Any:
    """Parse YAML ``text`` as ``yaml.safe_load`` does (plain data only).

    Raises:
        yaml.YAMLError: it does not parse.
    """
    return yaml.load(text, Loader=_LOADER)


def load_shipped(*parts: str) -> Any:
    """Parse the shipped data file ``memory_core/<parts…>`` (e.g. ``("data", "slots.yaml")``).

    Raises:
        OSError: the file is missing (a packaging fault). yaml.YAMLError: it does not parse.
    """
    return parse(resources.files("memory_core").joinpath(*parts).read_text("utf-8"))
