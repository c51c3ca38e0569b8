"""Recall prompt: seed 000's ``FIND_RELATED_MEMORY``, over a BM25 candidate set.

From seed 000 §4: a numbered list "[i] (theme) description"; four matching
criteria weighed together (literal, semantic, theme, time cues); three rules
(broad queries favour recent and high-hit items, an empty array is a valid
answer, descending relevance); three worked examples with their reasoning
(a hit over several themes, a time-bound query, a cross-theme exclusion).
The answer is a bare JSON array of indices.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

from memory_core.llm.prompts.common import format_when, item_line
from memory_core.model import MemoryItem

__all__ = ["recall_messages", "recall_system"]

_ZH = """你是记忆检索器。给你一份带编号的记忆列表和一条查询，找出与查询相关的记忆。

综合判断四个方面，不要只看单一信号：
1. 字面匹配：记忆文本直接包含查询的关键词。
2. 语义关联：用词不同但概念相通（查询说“重构”，记忆里写的是“修改”也算）。
3. 主题一致：利用括号里的主题判断。查询关于编程时优先看“项目/工作”，关于口味偏好时留意“品味”。
4. 时间线索：查询里出现“最近”“上周”“7月”这类时间限定时，优先匹配该时间窗口内的记忆（每行末尾有日期）。

规则：
- 宽泛查询（如“项目”“最近”）优先选择近期的和 hit 数高的条目。
- 没有相关内容就返回空数组 []，不要硬凑。
- 结果按相关度从高到低排列。
- 只输出一个 JSON 整数数组，例如 [2, 0]，不要任何其他文字。

示例1：查询“塔罗牌重构”
[0] (项目) 塔罗牌工具是 Sonetto 项目的人文性质彩蛋，Miso 正在重构。
[1] (瞬间) 2026年7月11日，Miso 让 Sonetto 分析塔罗牌工具代码。
[2] (品味) Miso 喜欢夏天和猫。
[3] (瞬间) 2026年7月12日凌晨，Miso 抽塔罗牌问期末考运势。
推理：[0] 直接讲重构；[1] 分析代码与重构语义相关；[3] 同是塔罗牌，相关度较低；[2] 无关。
答案：[0, 1, 3]

示例2：查询“我最近在忙什么”（当前时间 2026年7月14日）
[0] (时效待办) 用户 2026-07-16 有离散数学期末考试。
[1] (身份) 用户是计算机专业学生。
[2] (瞬间) 2026年3月2日，用户在准备组会报告。
推理：“最近”指向当前时间附近；[0] 是近期事项；[2] 在几个月前；[1] 是身份信息，不回答“忙什么”。
答案：[0]

示例3：查询“推荐一部电影”
[0] (项目) 用户在写一个电影推荐网站。
[1] (品味) 用户喜欢宫崎骏的动画电影。
[2] (品味) 用户不喜欢恐怖片。
推理：问的是观影口味，[1][2] 属于品味；[0] 是项目，虽然含“电影”，但不回答口味。
答案：[1, 2]"""

_EN = """You are a memory retriever. Given a numbered list of memories and a query, find the memories related to the query.

Weigh four signals together, never just one:
1. Literal match: the memory text contains the query's keywords.
2. Semantic relation: different words, same idea (a query about "refactoring" matches a memory about "rewriting").
3. Theme: use the theme in parentheses; a query about programming looks at work/projects first, one about tastes at taste.
4. Time cues: when the query says "recently", "last week", "in July", prefer memories in that window (each line ends with its date).

Rules:
- For a broad query ("projects", "lately"), prefer recent items and items with a high hit count.
- If nothing is related, answer the empty array []. Do not force a match.
- Order the answer from most to least relevant.
- Output only one JSON array of integers, e.g. [2, 0], and no other text.

Example 1: query "tarot refactor"
[0] (work) The tarot tool is a side feature of the Sonetto project; Miso is refactoring it.
[1] (moments) On 11 July 2026 Miso asked Sonetto to analyse the tarot tool's code.
[2] (taste) Miso likes summer and cats.
[3] (moments) Early on 12 July 2026 Miso drew tarot cards about the final exams.
Reasoning: [0] is the refactor itself; [1] analysing the code relates to refactoring; [3] is also tarot but less relevant; [2] is unrelated.
Answer: [0, 1, 3]

Example 2: query "what have I been busy with lately" (now: 14 July 2026)
[0] (todo) User has a discrete maths final on 2026-07-16.
[1] (identity) User studies computer science.
[2] (moments) On 2 March 2026 User was preparing a group-meeting talk.
Reasoning: "lately" points near now; [0] is current; [2] is months old; [1] is identity and does not say what keeps them busy.
Answer: [0]

Example 3: query "recommend me a film"
[0] (work) User is building a film-recommendation website.
[1] (taste) User loves Miyazaki's animated films.
[2] (taste) User dislikes horror films.
Reasoning: the query is about taste in films, so [1] and [2]; [0] mentions films but is a project, not a taste.
Answer: [1, 2]"""


def recall_system(lang: str) -> str:
    """Return the retriever's system prompt in ``lang`` ("zh" or "en")."""
    return _ZH if lang == "zh" else _EN


def recall_messages(query: str, items: Sequence[MemoryItem], lang: str, now: datetime) -> list[BaseMessage]:
    """Return [system, user] messages: the numbered candidates (index = list position) and the query.

    Args:
        query: the user's new message.
        items: BM25 candidates (position i is shown as ``[i]``).
        lang: "zh" or "en".
        now: the reference time shown for time cues (aware).
    """
    lines = "\n".join(item_line(item, lang, label=str(n)) for n, item in enumerate(items))
    if lang == "zh":
        body = f"## 记忆库\n{lines}\n\n## 查询要求\n{query}\n\n当前时间：{format_when(now, lang)}"
    else:
        body = f"## Memories\n{lines}\n\n## Query\n{query}\n\nCurrent time: {format_when(now, lang)}"
    return [SystemMessage(content=recall_system(lang)), HumanMessage(content=body)]
