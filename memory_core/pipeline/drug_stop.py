"""A drug stopped, said without "I": "no more ibuprofen", "off the metformin now", "done with the statins" (issue 13).

English drops the speaker from a short stop: "no more ibuprofen, ankle feels way better", "off the metformin now",
"Done with the Jardiance". The clause splitter keeps only clauses a user says of themself (an "I", or a verb that
dropped it), so such a stop was never read and the drug stayed active. ``own_stop`` says it with its speaker ("I'm
off ibuprofen"), which the medication cues read as the end of that drug (``data/slots.yaml``, ``pol: -1``). Only a
medicine by name (the ``MED`` word class) counts: "no more late nights", "off the hook" are left as said. Chinese
says the stop with the drug first ("布洛芬不吃了"), which its cues read already.
"""

from __future__ import annotations

import functools
import re

from memory_core.pipeline.slot_lexicon import lexicon

__all__ = ["own_stop"]


@functools.lru_cache(maxsize=1)
def _stop() -> re.Pattern[str]:
    """A stop at the start of a sentence or clause, with no subject, before a medicine's name."""
    drug = lexicon().expand("(?=%MED%)", "en")
    return re.compile(r"(?P<lead>^\s*|[.!?;,]\s*)(?:(?:ok(?:ay)?|so|and|well|yeah|also)[,\s]+)*"
                      r"(?:(?:now|finally|officially)\s+)?(?:no\s+more|off|done\s+with|finished\s+with)\s+(?:of\s+)?"
                      r"(?:the\s+|my\s+)?" + drug, re.IGNORECASE)


def own_stop(text: str) -> str:
    """``text`` with each subjectless stop of a named medicine said as the user's own ("I'm off ").

    Units: characters in, characters out; ``text`` itself when it says no such stop or asks a question. Never
    raises. "no more ibuprofen, ankle feels way better" -> "I'm off ibuprofen, ankle feels way better";
    "Stopped the Jardiance" is left to the cues (its dropped "I" is put back by the clause splitter).
    """
    if "?" in text:
        return text
    def said(m: re.Match[str]) -> str:
        lead = m.group("lead")
        return lead + ("" if not lead or lead[-1].isspace() else " ") + "I'm off "

    return _stop().sub(said, text)
