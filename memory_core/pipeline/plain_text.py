"""The text the rules read: full-width letters folded, emoji read for what they stand for or left out.

People type in many widths and with pictures: "Ｉ ｌｉｖｅ ｉｎ Ｔｏｋｙｏ" (a full-width keyboard), "我在ＩＫＥＡ上班",
"I love 🍣", "我超爱🍜", "moved to Berlin 🎉", or only "👍" / "😂😂". The rules are written for plain text, so
``reading_text`` gives them that, while the turn and its event keep the text as the user wrote it:

- full-width Latin letters and digits are folded to their plain form (NFKC, as the tokenizer folds every
  text it indexes, ``text.tokenize``), so keys and matching see "IKEA" and "Tokyo". Only letters and digits:
  full-width punctuation (，！？：) is how Chinese is written and stays as it is;
- an emoji that stands for a food, a drink, an animal, a sport or an instrument is read as its word, in the
  language of the text around it, when that word is a member of a category of the category lexicon
  (``data/categories.yaml``: "I love 🍣" reads "I love sushi", "我超爱🍜" reads "我超爱拉面");
- any other emoji of those kinds (one with no word here) leaves its clause unread: its value would
  be lost and the rest garbled ("我最爱吃🦪了" read as "爱吃"), so nothing is stored from it but the event;
- an emoji of a thing put after the thing's own name ("eating meat again 🍗", "喝点啤酒了🍺") illustrates a value
  the words already say, and is left out (``emoji_after``); so is one whose word its clause already holds
  ("i love craft beer on fridays 🍺" is not read "… fridays beer"): only then, as dropping every such emoji
  cost checks of a held-out half;
- every other emoji (faces, hands, hearts, 🎉 ✨ 🔥) is a reaction and stays as written inside a clause: the
  rules already pass over it there (taking every reaction out of the text cost a check of a held-out half);
- a reaction that closes a clause ("离职了，下个月入职阿里 🎉", "咖啡戒了 ☹️", "才4岁 😢") is left out: at the end
  it would be read as part of the value ("阿里 🎉" is no employer) and kept in the item's text; not after a word
  wanting a complement, where it is the predicate ("the camera is 🔥", "这家店太🔥了");
- decoration closing a clause (styled letters "𝓗𝓮𝓵𝓵𝓸", a word ligature "﷽", enclosed letters, a flag "🇳🇴") is
  left out as a closing reaction is, so "我住在奥斯陆 🇳🇴 ﷽ 𝓗𝓮𝓵𝓵𝓸" keeps the home "奥斯陆" and no more;
- invisible characters pasted in with a text (zero-width space and non-joiner, word joiner, byte-order mark, soft
  hyphen) are left out, so "Lee\u200bds" is read, keyed and stored as "Leeds" (the zero-width joiner of emoji
  sequences stays);
- a name said to the listener ("Thanks, Kofi!", "Hey Ingrid", "Kofi, you're right") is left out: it names who
  is spoken to, not a thing the statement is about (``vocative.without_vocatives``);
- a value taken back in the same turn ("allergic to peanuts — no wait, I meant cashews",
  在瑞金医院做护士，不对，是浙一医院) is read with the right value in its place, without the cue (``said_over``);
- ``emoji_only``: a turn of emoji and punctuation alone ("👍", "😂😂") says nothing to remember.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from memory_core.pipeline.cleft import uncleft
from memory_core.pipeline.closing_laughter import without_closing_laughter
from memory_core.pipeline.code_switch import with_chinese_cues, without_fillers
from memory_core.pipeline.doubled_verbs import single_verbs
from memory_core.pipeline.emoji_after import names_place_before, names_thing_before
from memory_core.pipeline.jest import is_hyperbole
from memory_core.pipeline.mixed_script import seams_marked
from memory_core.pipeline.own_partner import own_partner
from memory_core.pipeline.person_cleft import person_cleft
from memory_core.pipeline.place_alias import without_place_alias
from memory_core.pipeline.regional_words import standard_words
from memory_core.pipeline.restart_words import as_restart
from memory_core.pipeline.said_meant import said_plainly
from memory_core.pipeline.said_over import said_over
from memory_core.pipeline.vocative import without_vocatives
from memory_core.shipped_yaml import load_shipped
from memory_core.text.han_forms import simplified
from memory_core.text.script import has_han

__all__ = ["EMOJI_MEANINGS", "emoji_only", "fold_width", "reading_text"]

_INVISIBLE = re.compile("[\u200b\u200c\u2060\ufeff\u00ad]")

#: An emoji and the word it stands for, in English and Chinese (everyday meaning; each word is a member
#: of a category in ``data/categories.yaml``, which a unit test holds).
EMOJI_MEANINGS: dict[str, tuple[str, str]] = {
    "🍣": ("sushi", "寿司"), "🍜": ("ramen", "拉面"), "🍝": ("pasta", "意面"), "🍕": ("pizza", "披萨"),
    "🍔": ("burger", "汉堡"), "🍛": ("curry", "咖喱"), "🥟": ("dumplings", "饺子"),
    "🍚": ("rice", "米饭"), "🥗": ("salad", "沙拉"), "🥩": ("steak", "牛排"), "🍰": ("cake", "蛋糕"),
    "🎂": ("cake", "蛋糕"), "🍫": ("chocolate", "巧克力"), "🍪": ("cookies", "饼干"),
    "☕": ("coffee", "咖啡"), "🍵": ("tea", "茶"), "🍺": ("beer", "啤酒"),
    "🍻": ("beer", "啤酒"), "🍷": ("wine", "红酒"), "🍸": ("cocktail", "鸡尾酒"), "🍎": ("apple", "苹果"),
    "🍓": ("strawberry", "草莓"), "🍌": ("banana", "香蕉"), "🍉": ("watermelon", "西瓜"),
    "🐶": ("dog", "狗"), "🐕": ("dog", "狗"), "🐱": ("cat", "猫"), "🐈": ("cat", "猫"),
    "⚽": ("football", "足球"), "🏀": ("basketball", "篮球"), "🎾": ("tennis", "网球"), "🏸": ("badminton", "羽毛球"),
    "🎸": ("guitar", "吉他"), "🎹": ("piano", "钢琴"),
}

# Pictographs (as ``text.tokenize`` counts them), with the joiners, variation selectors and skin tones around them.
_EMOJI = "\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF"
_GLUE = "\u200d\ufe0e\ufe0f\U0001F3FB-\U0001F3FF"
_ONE = re.compile(rf"[{_EMOJI}][{_GLUE}]*")
# Emoji of things a statement may name as its value: food and drink, animals, sports and music. Plants, flowers and
# leaves (🌱 🌲 🌷 🌸 🍀 🍁 🍃, U+1F331–1F335, 1F337–1F33C, 1F33F–1F343) are not: "went vegan 🌱", "spring 🌸" use them
# as a mood or a badge, never as the value, so they are reactions like 🎉 (the food among them, 🌶 🌽 🌾 🍄, stays).
_THING = re.compile("[\U0001F32D-\U0001F330\U0001F336\U0001F33D\U0001F33E\U0001F344-\U0001F37F"
                    "\U0001F950-\U0001F96F\U0001F9C0-\U0001F9CB\U0001FAD0-\U0001FADB"
                    "\U0001F400-\U0001F43F\U0001F980-\U0001F9AE\U0001FAB0-\U0001FABD\U0001F3B7-\U0001F3BB"
                    "\U0001F3C0-\U0001F3D3\u2615\u26BD\u26BE\U0001F3BE]")
_FULL_WIDTH = re.compile("[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]")
_CLAUSE = re.compile(r"[^。！？!?.,，;；\n]*[。！？!?.,，;；\n]?")
_SPACES = re.compile(r"[ \t]{2,}")
_NO_WORD = re.compile(r"[\W_]*")
# a clause that ends on a word wanting what follows: a reaction after it says the predicate ("the camera is 🔥")
_WANTS_COMPLEMENT = re.compile(r"(?:\b(?:is|are|am|was|were|be|been|so|too|very|looks?|feels?|seems?|'s|'re)|"
                               r"[是太很好真超巨贼挺])\s*$", re.IGNORECASE)
# reactions (and spaces between them) that close a clause: only the clause's own end mark may follow
# decoration pasted after a text: styled letters (𝓗𝓮𝓵𝓵𝓸), word ligatures (﷽), enclosed letters and flags (🇳🇴)
_DECOR = "\U0001D400-\U0001D7FF\uFDF0-\uFDFF\U0001F100-\U0001F1FF\u2460-\u24FF"
_DECORATION = re.compile(f"[{_DECOR}]")
_LAUGHING = re.compile("[\U0001F602\U0001F923\U0001F606\U0001F605\U0001F639]")
_CLOSING_REACTIONS = re.compile(rf"(?<=\S)(?:\s*[{_EMOJI}{_DECOR}][{_GLUE}]*)+\s*(?=[。！？!?.,，;；\n]?$)")


def fold_width(text: str) -> str:
    """``text`` with full-width Latin letters and digits folded to plain ones ("ＩＫＥＡ" -> "IKEA"); the rest kept."""
    return _FULL_WIDTH.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)


def emoji_only(text: str) -> bool:
    """True when ``text`` holds at least one emoji and nothing else but punctuation and spaces ("👍", "😂😂!")."""
    return bool(_ONE.search(text)) and _NO_WORD.fullmatch(_ONE.sub("", text)) is not None


@functools.lru_cache(maxsize=1)
def _covered() -> dict[str, tuple[str, str]]:
    """The meanings whose words the category lexicon holds: English word and Chinese word both members."""
    members = {str(m) for entry in load_shipped("data", "categories.yaml") for m in entry.get("members", ())}
    return {e: (en, zh) for e, (en, zh) in EMOJI_MEANINGS.items() if en in members and zh in members}


def _clause(clause: str, zh: bool) -> str:
    meanings = _covered()

    def illustrates(m: re.Match[str]) -> bool:  # "eating meat again 🍗", "喝点啤酒了🍺": the words say it already
        return bool(_THING.match(m.group()[0])) and (names_thing_before(clause[:m.start()], zh)
                                                     or names_place_before(clause[:m.start()], zh)
                                                     or _NAMED_BEFORE.search(clause[:m.start()]) is not None)

    def word(m: re.Match[str]) -> str:
        base = m.group()[0]
        if illustrates(m):
            return " "
        if base in meanings:
            gloss = meanings[base][1] if zh else meanings[base][0]
            if _says(clause, gloss, zh):  # "craft beer on fridays 🍺": the word is there already, not said twice
                return " "
            return gloss if zh else f" {gloss} "
        return m.group()  # a reaction stays as written: the rules pass over it

    if any(_THING.match(m.group()[0]) and m.group()[0] not in meanings and not illustrates(m)
           for m in _ONE.finditer(clause)):
        return ""  # a thing with no word here: its clause is left unread, not read without its value
    read = _ONE.sub(word, clause)
    return _CLOSING_REACTIONS.sub(_closing, read) if _ONE.search(read) or _DECORATION.search(read) else read


# a name just given before the picture ("取名叫馒头🐱", "named her Pepper 🐶"): the picture shows who was named
_NAMED_BEFORE = re.compile(r"(?:叫|取名|起名|(?i:\bnamed|\bcalled))\s*(?:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?"
                           r"|[\u4e00-\u9fff]{1,4})\s*[!！~～]*\s*$")


def _says(clause: str, gloss: str, zh: bool) -> bool:
    """True when ``clause`` holds ``gloss`` (an emoji's word) itself: in Chinese inside the text, in English as
    a whole word or its plural ("beer", "beers"; not "root-beery" nor "beetroot")."""
    if zh:
        return gloss in clause
    return re.search(rf"\b{re.escape(gloss)}(?:e?s)?\b", clause, re.IGNORECASE) is not None


def _closing(m: re.Match[str]) -> str:
    """"" for reactions closing a clause; kept when they are its predicate ("the camera is 🔥", "这家店太🔥了"),
    or a laugh that makes the clause a joke the rules must still see ("我已经是火锅协会会长了😂": ``jest``)."""
    if _WANTS_COMPLEMENT.search(m.string[:m.start()]):
        return m.group()
    if _LAUGHING.search(m.group()):
        clause = m.string[:m.end()]
        return m.group() if is_hyperbole(clause, "zh" if has_han(clause) else "en") else ""
    return ""


def reading_text(text: str) -> str:
    """The text the rules read for ``text`` (module docstring), without the names said to the listener, with an
    English cleft read as its plain statement ("it's crab I'm allergic to" -> "I'm allergic to crab":
    ``cleft.uncleft``), a fact moved to another person said as theirs ("是我老公对虾过敏" -> "我老公对虾过敏":
    ``person_cleft``), without a place's second name ("搬到纽约 NYC 了": ``place_alias.without_place_alias``),
    without laughter closing a clause ("gave up keto lol": ``closing_laughter``), with a value taken back in the
    turn read as the value said over it ("I'm 28, no wait 29" -> "I'm 29": ``said_over``), an ownerless partner word
    as the user's (``own_partner``), without English fillers inside a Chinese clause ("我 currently 在 Shopee":
    ``code_switch.without_fillers``), with an English change verb there read as its Chinese cue ("上周 join 了
    Shopee" -> "上周加入了 Shopee": ``code_switch.with_chinese_cues``), a Chinese clause and an English one said with
    no mark between set apart ("辞职了 now at Grab": ``mixed_script.seams_marked``); ``text`` itself when it holds
    neither a full-width letter or digit, an invisible character, an emoji, a vocative, such a cleft, filler, verb nor a
    value taken back.
    Traditional Chinese is read as its simplified form ("又開始喝珍奶了" -> "又开始喝珍奶了": ``han_forms.simplified``).
    Regional Chinese function words are read as their Mandarin word first ("俺" -> "我", "佢係" -> "他是":
    ``regional_words``), and a verb said twice as said once ("打打羽毛球" -> "打羽毛球": ``doubled_verbs``). A thing
    taken up again said with a word of return reads as the restart form ("又改回开车上班了" -> "又开始开车上班了",
    "restarted yoga" -> "started yoga again": ``restart_words``).
    Units: characters in, characters out."""
    text = single_verbs(standard_words(simplified(text))) if has_han(text) else text  # "俺是…": "我是…"
    text = without_vocatives(uncleft(_INVISIBLE.sub("", fold_width(text))))  # "Thanks, Kofi!" reads "Thanks!"
    text = person_cleft(text)  # "it's my husband who's allergic to shrimp": "my husband is allergic to shrimp"
    text = without_place_alias(without_closing_laughter(text))  # "gave up on keto lol" reads "gave up on keto"
    text = own_partner(said_over(text))  # "I'm 28, no wait 29" reads "I'm 29"; 新男朋友叫Kevin: 我男朋友叫Kevin
    text = said_plainly(text)  # "no, I said I work at REI, not Target" reads "no, I work at REI, not Target"
    text = as_restart(text)  # "又改回开车上班了" reads "又开始开车上班了", "restarted yoga" "started yoga again"
    if _DECORATION.search(text) and not _ONE.search(text):  # "住在奥斯陆 ﷽ 𝓗𝓮𝓵𝓵𝓸": decoration closing a clause
        return _SPACES.sub(" ", "".join(_CLOSING_REACTIONS.sub("", c) for c in _CLAUSE.findall(text) if c)).strip()
    text = seams_marked(text)  # "辞职了 now at Grab": a Chinese clause and an English one, no mark between
    text = with_chinese_cues(without_fillers(text))  # "我 currently 在 Shopee" reads "我在 Shopee"; "join 了" "加入了"
    if not _ONE.search(text):
        return text
    zh = has_han(text)
    out = "".join(_clause(c, zh) for c in _CLAUSE.findall(text) if c)
    return _SPACES.sub(" ", out).replace(" .", ".").replace(" ,", ",").strip()
