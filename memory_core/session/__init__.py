"""Per-session memory (seed 003 §2.1, §2.3; seed 001 §8.4–8.5).

``short_term``: a token-budgeted window of a session's recent turns plus a
rolling summary of its older part. ``working``: a session's task state
(goal, plan steps, scratch facts, checkpoints) with a time to live.
``tiers``: the context block built from working memory, the short-term
window, recalled long-term items and summaries within one budget.
"""
