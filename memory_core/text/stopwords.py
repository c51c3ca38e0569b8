"""Stopword lists for the tokenizer, English and Chinese.

English: the common function words of the usual IR stop lists (NLTK's list
plus the pieces contractions leave behind). Chinese: particles, pronouns,
conjunctions and the question words of everyday chat. Both are compared
against lowercased, unstemmed tokens.
"""

from __future__ import annotations

__all__ = ["CHINESE_STOPWORDS", "ENGLISH_STOPWORDS"]

_ENGLISH = """
    a about above after again against all am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further
    had has have having he her here hers herself him himself his how i if in into is it its itself
    just me more most my myself no nor not now of off on once only or other our ours ourselves out
    over own same she should so some such than that the their theirs them themselves then there
    these they this those through to too under until up very was we were what when where which
    while who whom why will with would you your yours yourself yourselves
    s t d ll m re ve o y ain also shall may might must let lets us yes ok okay oh
    """

_CHINESE = """
    的 了 着 过 地 得 之 所 以 而 且 及 与 和 跟 同 或 或者 还是 并 并且 但 但是 可是 然而 而且 因为 所以
    如果 要是 虽然 即使 于是 然后 那么 那 这 这个 那个 这些 那些 这样 那样 这么 那么 这里 那里 这儿 那儿
    我 你 您 他 她 它 我们 你们 他们 她们 它们 咱们 自己 大家 人家 别人
    是 在 有 就 都 也 还 又 再 才 很 太 更 最 挺 非常 比较 已经 曾经 正在 一直 总是
    不 没 没有 别 吗 呢 吧 啊 呀 哦 噢 嗯 哈 嘛 呗 啦 哇 喔 么 么样
    什么 怎么 怎么样 怎样 为什么 为何 哪 哪个 哪些 哪里 哪儿 谁 几 多少 如何 是否 是不是 有没有
    把 被 给 让 叫 对 对于 关于 向 往 从 自 到 于 为 为了 由 由于 比 像 按 按照 根据 通过
    一 一个 一些 一下 一点 个 些 上 下 里 中 内 外 会 能 能够 可以 可能 应该 要 想
    说 讲 告诉 知道 觉得 认为 呃 诶 哎 嗨
    """

ENGLISH_STOPWORDS: frozenset[str] = frozenset(_ENGLISH.split())
CHINESE_STOPWORDS: frozenset[str] = frozenset(_CHINESE.split())
