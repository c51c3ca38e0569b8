"""A diet ends when the user starts eating what it excludes (issue 13 §1).

"我吃素" … "最近开始吃鱼了", "I'm vegetarian" … "I started eating fish again", "I'm vegan" … "I eat cheese
again now": the later turn is stored as a like or a statement of its own, and the diet stayed active beside
it, two facts that cannot both hold. ``diet_broken`` adds the user's diet (``fact:diet``) to the ``ends`` of
such a statement, so the resolver supersedes the diet by it (its history keeps the diet). Only a diet that
excludes the food named is ended: eating fish ends vegetarian and vegan, never keto or pescatarian; eating
cheese ends vegan only. The other way round, ``foods_ruled_out``: a new diet ("went vegan", 我现在吃素了)
ends the user's likes of what it excludes ("loves steak", 爱吃红烧肉), superseded by the diet. What each diet
excludes is the diets' usual definition (e.g. the Vegetarian Society's and the Vegan Society's).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.pipeline.held_change import qualifier_of
from memory_core.pipeline.types import Candidate
from memory_core.text.relations import mentions_relation

__all__ = ["DIET_KEY", "diet_broken", "foods_ruled_out"]

#: The key of the user's own diet (``memory_core/data/slots.yaml``, attribute ``diet``).
DIET_KEY = "fact:diet"

_FOOD = {
    "meat": r"\b(?:meat|chicken|beef|pork|lamb|steak|bacon|burgers?|ham|sausages?|hot\s*dogs?)\b"
            r"|肉|荤|牛排|培根|火腿|香肠|汉堡|鸡翅|烤鸭",
    "fish": r"\b(?:fish|seafood|salmon|tuna|shrimps?|prawns?|sushi|sashimi|oysters?|crab|lobster)\b"
            r"|鱼|海鲜|虾|蟹|三文鱼|生鱼片|寿司",
    "dairy": r"\b(?:cheese|milk|dairy|yogh?urt|butter|ice\s*cream)\b"
             r"|奶酪|芝士|牛奶|奶制品|乳制品|酸奶|黄油|冰淇淋",
    "eggs": r"\b(?:eggs?|omelett?es?)\b|鸡蛋",
    "gluten": r"\b(?:bread|pasta|wheat|gluten|bagels?|baguettes?|croissants?)\b|面包|意面|意大利面|小麦|麸质",
}
# each diet (by the words that name it in the stored item; the more specific first) and what it excludes
_DIETS = (
    (re.compile(r"\bvegan\b|plant-based|纯素|全素", re.IGNORECASE), ("meat", "fish", "dairy", "eggs")),
    # a "-free" diet excludes its one food ("went dairy-free" ends "loves cheese"; gluten-free ends "loves bagels")
    (re.compile(r"\b(?:dairy|lactose)[- ]free\b|无乳制品|无乳糖", re.IGNORECASE), ("dairy",)),
    (re.compile(r"\bgluten[- ]free\b|无麸质", re.IGNORECASE), ("gluten",)),
    (re.compile(r"\bpesc[ae]tarian\b|鱼素|海鲜素", re.IGNORECASE), ("meat",)),
    (re.compile(r"\bvegetarian\b|\bveggie\b|素食|吃素", re.IGNORECASE), ("meat", "fish")),
)
# what only sounds like an animal food: plant milks and butters, mock meat, dishes named after one
_PLANT = re.compile(r"\b(?:oat|soy|soya|almond|coconut|rice|cashew|peanut|nut|plant|vegan|vegetarian|veggie|"
                    r"impossible|beyond|mock|fake|meatless|meat-free)[\s-]+(?:\w+[\s-]+)?"
                    r"(?:milk|butter|cheese|ice\s*cream|meat|burgers?|sausages?|chicken|bacon|yogh?urt)\b"
                    r"|\b(?:gluten|wheat)[- ]free\s+(?:\w+\s+)?(?:bread|pasta|bagels?)\b"
                    r"|\bfish\s+sauce\b|素肉|素鸡|人造肉|植物肉|果肉|肉桂|鱼香|蟹味菇|[豆椰杏燕麦]+奶|植物奶",
                    re.IGNORECASE)
# a change of eating said in the turn ("again", "now", "started", "开始", "又", "最近"): a diet is broken by a
# change, not by a food named beside it
_CHANGE = re.compile(r"\b(?:again|now|these\s+days|lately|recently|started|starting|began|back)\b"
                     r"|开始|又|重新|最近|现在|恢复", re.IGNORECASE)
# eating, said in the statement ("User eats fish again", "用户吃鱼", "started having cheese")
_EATS = re.compile(r"\b(?:eat|eats|eating|ate|having|tried|trying|drinks?|drinking|drank)\b|吃|尝|喝", re.IGNORECASE)
# the food said as not eaten or as someone else's ("User doesn't eat fish", "fish tank")
_NOT = re.compile(r"\b(?:not|no|never|don't|doesn't|didn't|stopped|quit|avoid\w*|without|tank|oil)\b|不|没|别|戒",
                  re.IGNORECASE)


def diet_broken(cands: list[Candidate], said: str, diets: Callable[[], list[tuple[str, str, str]]]) -> None:
    """Add ``DIET_KEY`` to the ``ends`` of each positive slot statement of eating a food the user's diet excludes,
    in a turn that says a change of eating.

    A statement in the user's own words (``Candidate.topic``) is left alone: its ``reverses`` also decide what it
    restates, and ending the diet through them cost a held-out check.

    Args:
        cands: the turn's candidates (changed in place).
        said: the turn's text, read for a change of eating ("again", "started", "开始", "又", "最近").
        diets: gives the user's active ``fact:diet`` rows as ``(id, key, description)``; called only when a
            candidate names a food (one light read per such turn).
    """
    if not _CHANGE.search(said):
        return
    eating = [c for c in cands if not c.is_event and c.topic is None and c.polarity >= 0
              and c.key.startswith(("pref:", "fact:")) and not c.key.startswith(DIET_KEY)
              and "/" not in c.key.split("@", 1)[0] and _EATS.search(c.description)
              and not _NOT.search(c.description)
              and _foods(_PLANT.sub(" ", c.description))
              and not mentions_relation(c.description)]  # "用户妈最近开始吃鱼了" is the mother's
    if not eating or any(c.key.startswith(DIET_KEY) for c in cands):  # "I eat meat again": the diet slot's own
        return
    stated = {key: description for _, key, description in diets()}
    for cand in eating:
        key = DIET_KEY + qualifier_of(cand.key)  # a named speaker's diet is their own
        if key not in stated or not _foods(_PLANT.sub(" ", cand.description)) & _excluded(stated[key]):
            continue
        cand.ends = tuple(dict.fromkeys((*cand.ends, key)))


# a whole class of food said given up in the stored statement ("User has cut out dairy", "User no longer eats
# dairy", 用户不再吃乳制品, 用户戒掉了乳制品); a plain "doesn't eat dairy" says no change and ends nothing
_GIVEN_UP = re.compile(
    r"\b(?:cut\s+out|gave\s+up|given\s+up|quit|ditched|dropped|no\s+longer\s+(?:eats?|has|have|drinks?))\s+"
    r"(?:all\s+|any\s+)?(?P<en>dairy|gluten)\b|\bwent\s+(?P<free>dairy|gluten)[- ]free\b"
    r"|(?:不再吃|已经不吃|再也不吃|戒了|戒掉了?)(?P<zh>乳制品|奶制品|麸质)", re.IGNORECASE)
_CLASS_OF = {"dairy": "dairy", "gluten": "gluten", "乳制品": "dairy", "奶制品": "dairy", "麸质": "gluten"}


def _given_up(description: str) -> set[str]:
    """The food class a statement says the user gave up ({"dairy"} for "User has cut out dairy"), or empty."""
    m = _GIVEN_UP.search(description)
    if m is None:
        return set()
    word = (m.group("en") or m.group("free") or m.group("zh")).casefold()
    return {_CLASS_OF[word]}


def _foods(text: str) -> set[str]:
    """The food classes ("meat", "fish", "dairy") ``text`` names."""
    return {name for name, pattern in _FOOD.items() if re.search(pattern, text, re.IGNORECASE)}


def _excluded(description: str) -> set[str]:
    """What the diet ``description`` names excludes (empty for a diet of no exclusion, e.g. keto)."""
    for pattern, excluded in _DIETS:
        if pattern.search(description) and not _NOT.search(description):
            return set(excluded)
    return set()


def foods_ruled_out(cands: list[Candidate], likes: Callable[[], list[tuple[str, str, str]]]) -> None:
    """Add to a new diet's ``ends`` the keys of the user's likes of foods it excludes ("went vegan" ends "loves
    steak"; 我现在吃素了 ends 爱吃红烧肉): the resolver supersedes them by the diet. A class of food said given up
    ("cut out dairy", 不吃乳制品了) ends the likes of its foods the same way ("drinks a lot of milk"; oat milk stays).

    Args:
        cands: the turn's candidates (changed in place).
        likes: gives the user's active ``pref:`` rows as ``(id, key, description)``; called only for a turn
            that states a diet excluding some food (one light read).
    """
    diets = [c for c in cands if c.key.split("@", 1)[0] == DIET_KEY and c.polarity > 0 and not c.is_event
             and _excluded(c.description)]
    diets += [c for c in cands if not c.is_event and c.key.startswith(("pref:", "gist:")) and c not in diets
              and "/" not in c.key.split("@", 1)[0] and _given_up(c.description)]
    if not diets:
        return
    rows = likes()
    for cand in diets:
        qualifier = qualifier_of(cand.key)
        excluded = _excluded(cand.description) if cand.key.split("@", 1)[0] == DIET_KEY else _given_up(cand.description)
        ended = [key for _, key, description in rows
                 if qualifier_of(key) == qualifier
                 and "/" not in key.split("@", 1)[0] and not _NOT.search(description)
                 and _foods(_PLANT.sub(" ", description)) & excluded]
        if cand.topic is not None and cand.reverse_polarity < 0:  # said in the user's own words: what it gives up
            cand.reverses = tuple(dict.fromkeys((*cand.reverses, *ended)))
        else:
            cand.ends = tuple(dict.fromkeys((*cand.ends, *ended)))
