"""The shipped data files read through ``memory_core.shipped_yaml`` are what ``yaml.safe_load`` reads."""

from __future__ import annotations

import json
from importlib import resources

import pytest
import yaml

from memory_core.shipped_yaml import load_shipped, parse

SHIPPED = sorted(p.name for p in resources.files("memory_core").joinpath("data").iterdir()
                 if p.name.endswith(".yaml"))


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_file_reads_as_safe_load_reads_it(name: str) -> None:
    text = resources.files("memory_core").joinpath("data", name).read_text("utf-8")
    expected = yaml.safe_load(text)
    got = load_shipped("data", name)
    assert got == expected
    # the same order of keys and items too (rules are tried in file order)
    assert json.dumps(got, ensure_ascii=False, default=str) == json.dumps(expected, ensure_ascii=False, default=str)


def test_parse_keeps_chinese_and_refuses_bad_yaml() -> None:
    assert parse("咖啡: [coffee, 咖啡]\nn: 3") == {"咖啡": ["coffee", "咖啡"], "n": 3}
    with pytest.raises(yaml.YAMLError):
        parse("a: [unclosed")


def test_parse_builds_no_python_objects() -> None:
    with pytest.raises(yaml.YAMLError):
        parse("!!python/object/apply:os.system ['true']")
