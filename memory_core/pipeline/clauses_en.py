"""The English clauses of a sentence a user says of themself, with the subject English left out put back.

``en_clauses(sentence, chain, spoken)`` is the English half of ``clauses.split_clauses``: a sentence split on
conjunctions and commas, a clause that dropped its "I" or "I'm" ("Just moved to Lyon", "not vegan anymore") given
it back, one that continues another person's subject ("my wife switched jobs, she's at Spotify now") given theirs,
and questions, conditionals and other people's clauses left out. ``object_put_back`` gives a bare end ("…, I gave
up", "…，放弃了") the thing the clause before it spoke of, in either language.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memory_core.pipeline.cessation import DEATH
from memory_core.pipeline.elided_object import bare_end, end_filled, thing_of
from memory_core.pipeline.filler import like_hedge
from memory_core.pipeline.gist import without_aside
from memory_core.pipeline.introduced_person import en_introduced
from memory_core.pipeline.kin_is import kin_is
from memory_core.pipeline.lost_pet import lost_scope
from memory_core.pipeline.presupposed import presupposed
from memory_core.pipeline.rules import EN_DONT_OFFER
from memory_core.pipeline.slots import lexicon
from memory_core.pipeline.subject_chain import AWAY, USER, en_owned, en_subject, my_put_back
from memory_core.pipeline.supposed import SUPPOSED, carried_on
from memory_core.pipeline.symptom_over import said_well
from memory_core.pipeline.third_person import EN_LEAD
from memory_core.text.script import has_han

__all__ = ["en_clauses", "object_put_back"]

_EN_VERB = (r"(?:also\s+|really\s+|still\s+)?"
            r"(?:don't|doesn't|do\s+not|no\s+longer|likes?|loves?|hates?|dislikes?|enjoys?|prefers?|works?|lives?"
            r"|stud(?:y|ies)|teach(?:es)?"
            r"|picked\s+up|bought|moved|started|joined|switched)\b")
#: An allergy or intolerance said without its "I'm" after "and" ("… and allergic to penicillin").
_EN_ALLERGIC = (r"(?:also\s+|severely\s+|very\s+|mildly\s+|deathly\s+)?"
                r"(?:allergic\s+to|(?:lactose\s+|gluten\s+)?intolerant)\b")
_EN_CLAUSE = re.compile(
    r",?\s+(?:and|but|so|while|although|though|whereas)\s+(?=(?:i|i'm|i've|im|my)\b|" + _EN_VERB + r")"
    r"|,\s*(?=(?:i|i'm|i've|my)\b|(?:the\s+|her\s+|his\s+)?(?:doctor|doc|gp|dentist|nurse|therapist|dietitian|nutritionist|physio|trainer)\s+(?:said|says|thinks|reckons|told\s+me)\b)"
    # "my wife switched jobs, she's at Spotify now": a clause of the person named before (``_takes_up``)
    r"|,?\s+(?:and|but|so)\s+(?=(?:he|she)\b)|,\s*(?=(?:he|she)\b)"
    r"|,\s*(?=(?:and\s+)?(?:now|currently)\s+(?:a|an)\s)"
    # "passed my boards and got hired as a dental hygienist", "finished the course and landed a job at Arup": a new
    # post said after another deed with its "I" left out is a statement of its own
    r"|,?\s+(?:and|then)\s+(?=(?:then\s+|just\s+|finally\s+|officially\s+)?(?:got\s+(?:hired|promoted|taken\s+on|"
    r"(?:a|an|my)\s+(?:new\s+|first\s+)?(?:job|position|role|offer|post))|landed\s+(?:a|an|my)\b|was\s+(?:hired|promoted)"
    r"|(?:was\s+|got\s+)?(?:recruited|employed)\s+as)\b)"
    # "I'm allergic to peanuts, pls remember when recommending snacks": the request after the fact is its own clause
    r"|,\s*(?=(?:so\s+)?(?:pls|plz|please|kindly)\s+(?:remember|keep|note|bear|don't|do\s+not|avoid|make\s+sure|no)\b)"
    # "…, so not veggie anymore", "…, so vegan now", "used to live in Leeds, now I'm in York", "…, should I …?": two
    r"|,?\s+(?:so|and|but)\s+(?=(?:not|no\s+longer)\s|(?:vegetarian|veggie|vegan|pescatarian|pescetarian)\s+now\b)|,\s*(?=(?:but\s+|and\s+)?now\s+(?:i|i'm|im|we)\b|(?:should|can|could|would|will|do|does|is|are|how|what|where|which|who|when|why)\b[^,]*\?\s*$)"
    r"|,\s*(?=(?:and\s+|but\s+)?(?:now\s+|currently\s+)?(?:working\s+(?:at|for)|living\s+in|starting\s+at)\b)"
    # "…the last boxes, first month in Seattle done!": the first days in a city, a clause of the speaker's
    r"|,\s*(?=(?:and\s+|so\s+)?(?:first|1st)\s+(?:night|day|week|weekend|month)\s+(?:here\s+)?in\s+(?-i:[A-Z]))"
    # "I've gone off coffee, switched to green tea", "sold the Golf, got a Tesla": the new one is a statement
    r"|,\s*(?=(?:and\s+|so\s+)?(?:now\s+)?(?:switched|changed|moved\s+over)\s+to\b|(?:then\s+)?(?:got|bought)\s+(?:a|an)\s)"
    # "joined Google, started doing yoga again": a list of things done, each a statement with its subject left out
    r"|,\s*(?=(?:and\s+|then\s+|also\s+)?(?:just\s+|finally\s+|recently\s+)?(?:started|joined|moved|quit|left|"
    r"switched|took\s+up|picked\s+up|adopted|bought|gave\s+up|stopped)\s)"
    # "I'm drinking again, had a few beers tonight", "love sushi, had some yesterday": the episode told after a
    # statement, its "I" left out, is a clause of its own, so its day does not make the statement a moment
    r"|,\s*(?=(?:and\s+|then\s+|just\s+)?(?:had|drank|downed|grabbed)\s+(?!to\b|been\b)(?:a|an|some|two|three|a\s+few|"
    r"a\s+couple|few|several|one|drinks?|beers?|wine|coffee)\b)"
    # "my rate went up, it's 90 dollars a session now", "no wait, it's 85": the amount, a clause of its own
    r"|,\s*(?=(?:and\s+|so\s+|now\s+)?(?:it's|it\s+is|that's)\s+(?:now\s+|actually\s+|only\s+|really\s+)?[$£€¥]?\d)"
    # "stopped running, swimming instead": what took its place, a statement of its own
    r"|,\s*(?=(?:and\s+|but\s+|so\s+)?(?:now\s+)?[a-z]+ing(?:\s+[a-z]+)?\s+instead\b)"
    # "I'm allergic to shellfish which is SO ironic for someone who works with marine life 🦐": a remark on the
    # statement before, not part of its value
    r"|,?\s+(?=which\s+(?:is|was|makes|means|sucks|kills|feels)\b)"
    # "I'm vegetarian and allergic to penicillin": an allergy or intolerance joined to a self-description
    r"|,?\s+and\s+(?=" + _EN_ALLERGIC + r")"
    # "I'm vegetarian so don't suggest steakhouses": a request to the assistant after the fact it rests on
    r"|,?\s+so\s+(?=(?:please\s+)?(?:don't|do\s+not|never|stop|skip|no\s+more)\b)"
    # "my number is +44 7700 900123, text me there": a contact request after the detail it names
    r"|(?:,\s*|,?\s+and\s+)(?=(?:please\s+)?(?:you\s+can\s+)?(?:text|call|email|e-mail|message|ping|reach|contact|"
    r"whatsapp)\s+me\b)",
    re.IGNORECASE)
#: A named person and the speaker as one subject ("Lily and I …").
_EN_WITH_I = re.compile(r"^((?:(?:[Mm]y|[Oo]ur)\s+(?:[a-z]+\s+){0,2})?[A-Z][a-z]+\s+and\s+"
                        r"|(?:[Mm]y|[Oo]ur)\s+(?:[a-z]+\s+)?[a-z]+\s+and\s+)(?=I\b)"  # "my husband Omar and I …"
                        # a name typed in lower case, the pair's verb after it ("omar and i are engaged"): no "i are"
                        r"|^((?!(?:so|but|then|now|and|or|yes|yeah|ok|okay|well|oh)\s)[a-z]+\s+and\s+)"
                        r"(?=i\s+(?:are|were|have|had|'ve|'re|both|just|finally|got|will)\b)")
# ... not when an auxiliary or a verb follows it: then the word is the subject ("work is sending me to Bordeaux",
# "work's been mad", "love is in the air"), a noun, not the speaker's verb
_EN_BARE_VERB = re.compile("^" + _EN_VERB + r"(?!'s\b|\s+(?:is|was|has|had|have|will|would|can|could|keeps|kept|"
                           r"wants|sent|sends|does|did|are|were)\b)", re.IGNORECASE)
_EN_REQUEST = re.compile(r"^\s*(?:ok(?:ay)?[,\s]+)?(?:please\s+)?" + EN_DONT_OFFER, re.IGNORECASE)

# English clauses that dropped their "I" ("Got a new job as a nurse!", "Just moved to Lyon")
_EN_DROPPED_I = re.compile(
    r"^(?:(?:just|finally|recently|also|and|now|so|ended\s+up|currently)\s+)*(?:"
    # a thing kept off ("haven't touched red bull in 3 weeks", "haven't had a cigarette since June")
    r"(?:haven't|havent|have\s+not)\s+(?:even\s+)?(?:touched|smoked|vaped|had\s+(?:a\s+(?:single\s+)?)?"
    r"(?:cigarette|smoke|drink|drop|sip|puff|beer|glass))\b|got|started|starting|start(?=\s+(?:at|with)\s+(?-i:[A-Z]))|joining|leaving|"
    r"working\s+(?:at|for|as)|living\s+in|doing|moved|relocated|quit|joined|switched|gave\s+up|"
    # "transferred to the University of Michigan this semester", "clocked in at Costco at 6" (pipeline/role_activity.py)
    r"(?:transferred|enrolled)\s+(?:at|in|to)\s+(?=(?:the\s+)?(?-i:[A-Z]))|clocked\s+(?:in|out)\s+at\s+(?=(?-i:[A-Z]))|"
    # "Changed banks last month", "swapped phone carriers": a kind of provider switched (pipeline/switch.py)
    r"(?:changed|swapped)\s+(?=(?:[\w-]+\s+)?(?:banks|carriers|networks|providers|gyms|insurers|couriers)\b)|"
    r"picked\s+up|closed\s+on|(?:gave|handed)\s+(?:(?:[A-Z][\w&.'-]*\s+){1,3}|(?:my|the)\s+\w+\s+)?my\s+(?:notice|resignation|two\s+weeks)|"
    r"put\s+in\s+my|submitted\s+my|took\s+(?:a|an|the)\s+(?:new\s+)?(?:[\w-]+\s+)?(?:job|position|role|gig|offer)\b|unsubscribed|unsubbed|uninstalled|cleared\s+out|emptied|packed\s+up|handed\s+in|turned\s+in|cancell?ed|ditched|dropped|"
    r"stopped|became|landed|left|finished|graduated|completed|adopted|bought|sold|went|took\s+up|signed|been\s+\w+ing|said\s+goodbye\s+to|buried|"
    # "Proposed at sunset": the speaker's own proposal, not a plan put to a team
    r"proposed\b(?!\s+(?:a|an|that|this|the|to\s+(?:the|my|our)\s+(?:team|boss|board|manager|client))\b)|"
    r"brought\s+(?=(?:[\w-]+\s+){0,4}?home\b)|"  # "finally brought the puppy home"
    # "been in Denver 5 years now", "came to Berlin three years ago"
    r"came\s+(?:over\s+)?to\s+(?=(?-i:[A-Z]))|(?:been|lived)\s+(?:here\s+)?in\s+(?=(?-i:[A-Z]))|"
    r"pushed\s+(?:my|our)|postponed\s+(?:my|our)|"  # "pushed my retirement back to 2032": a plan's new date
    r"lost|promoted\s+to|passed(?!\s+(?:away|out|by|on|along|through))|aced|flunked|made\s+(?:a\s+|an\s+)?(?:senior|lead|head|charge|partner|director|manager|team\s+lead))\b",
    re.IGNORECASE)
_EN_DROPPED_ING = re.compile(r"^(?:(?:just|finally|also|and|now|so|currently)\s+)*"
                             r"(?:starting|joining|working\s+(?:at|for|as)|living\s+in|doing)\b", re.IGNORECASE)
# an English clause that dropped its "I'm" ("…, now a PM at Shopee", "Currently a nurse at St James"): a title now held
_EN_DROPPED_IM = re.compile(r"^(?:[^:]{1,24}:\s*)?(?:and\s+|so\s+)?(?=(?:(?:now|currently|officially)\s+)+(?:a|an)\s+\S"
                            r"|(?:dating|seeing)\s+someone\b|\w+ing\s+(?:\S+\s+){0,2}?again\b"  # "dating someone new"
                            r"|(?:officially\s+)?back\s+(?:on|to|into)\s+\w"  # "back on cigs", "gaming again": taken up
                            r"|(?:planning|hoping|aiming)\s+to\s+\w"  # "planning to retire in 2030": the speaker's plan
                            r"|" + _EN_ALLERGIC +  # "… and allergic to penicillin": of the subject said before
                            r"|(?:\w+|a\s+few|a\s+couple(?:\s+of)?)\s+(?:days?|weeks?|months?|years?)\s+in\s+(?:at|with)\s)",
                            re.IGNORECASE)  # "Three weeks in at Brightwater now": how long one has been there
# "Leeds-based, been here since uni", "originally from Taipei": a self-description that dropped its "I'm"
_EN_BASED = re.compile(r"^(?=[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)*-based\b|(?i:based)\s+(?:in|out\s+of)\s+[A-Z]"
                       r"|(?i:originally)\s+from\s+[A-Z])")
# "Pip died on Sunday": a death said of one by name, with no "I": the speaker tells of their own (a pet's name)
_EN_NAMED_DEATH = re.compile(r"^(?:(?i:sadly|unfortunately|tragically|so|well)[,\s]+)?[A-Z][a-z'-]+\s+" + DEATH
                             + r"|^(?i:rip|r\.i\.p\.?|rest\s+in\s+peace)[,\s]+[A-Z][a-z'-]+\b")
# "wedding date set: 14 August 2027", "Wedding's booked for June 3rd": the speaker's own wedding, its "our" left out
_EN_OUR_WEDDING = re.compile(r"^(?=(?i:wedding(?:\s+(?:date|day))?(?:'s|\s+is|\s+was)?\s+(?:now\s+|officially\s+)?"
                             r"(?:set|booked|fixed|confirmed|moved|changed|locked\s+in|on|in)\b|wedding\s+date\s*:))")
_EN_SKIP = re.compile(r"^\s*(?:if|whether|unless|when|what\s+if|do|does|did|would|could|should|can|are|is)\b"
                      r"|\?\s*$", re.IGNORECASE)

# "us" in lower case only: "Mum moved in with us" is the user's household, "the US" a place
_EN_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|my|we|we've|our|me|(?-i:us))\b"
                              r"|^\s*(?:ok|okay|please|from|going|in|always|never)\b"
                              # a diary line with "my" left out: "first night in the new apartment in Jersey City"
                              r"|^\s*(?:first|1st)\s+(?:night|day|week|weekend|morning|month)\s+(?:in|at)\s+the\s+new\b"
                              # a job's first or last day with "my" left out: "last day at Acme is Friday!"
                              r"|^\s*(?:very\s+)?(?:last|final|first|1st)\s+(?:day|week|shift)\s+(?:at|with)\s+(?-i:[A-Z])",
                              re.IGNORECASE)


# an interjection a clause opens on ("ugh started drinking coffee again", "lol, not vegan anymore")
_EN_INTERJECTION = re.compile(r"^(?:(?:ugh+|argh+|uh+|um+|hmm+|meh|welp|sigh|lol|lmao|haha+|ha|omg|wow|yikes|oops|"
                              r"ok(?:ay)?|alright|yeah|yep|nah|man|dude|guess\s+what|well|oh|ah+|so|anyway|(?:i\s+)?(?:caved|gave\s+in)(?=\s*[,.;!])|"
                              # a line announcing news ("Sad news, Biscuit passed away"): no clause of its own
                              r"(?:some\s+)?(?:sad|bad|terrible|awful|big|good|great|quick)\s+(?:life\s+)?(?:news|update)|"
                              # a line calling what follows a win ("ok small win: haven't touched soda in 3 weeks")
                              r"(?:small|big|tiny|little|huge|minor|major|quick)\s+(?:win|victory|milestone|brag|flex)|"
                              r"(?:terrible|awful|rough|sad|tough)\s+(?:week|day|weekend)|update)\b[\s,.!:;\-–—]*)+",
                              re.IGNORECASE)
# an activity said with "instead" after a stop, its subject left out ("stopped running, swimming instead")
_EN_INSTEAD = re.compile(r"^(?:and\s+|but\s+|so\s+)?(?:now\s+)?(?P<g>[a-z]+ing(?:\s+[a-z]+)?)\s+instead\b\W*$",
                         re.IGNORECASE)
# the same said with "now" after the stop ("quit running, swimming now", "stopped the gym, cycling these days")
# (a short reason may stand between: "stopped running, knees hurt, swimming now")
_EN_STOP_THEN_NOW = re.compile(r"(\b(?:quit|stopped|gave\s+up|given\s+up|dropped|ditched)\b[^,.;!?]*"
                               r"(?:,\s*(?:(?:my|the|because|cause|cos|since|bad|sore)\s+)?[a-z']+\s+"
                               r"(?:hurt|hurts|hurting|ache|aches|aching|died|broke|gave\s+out|got\s+\w+)\b)?),\s*"
                               # a state is no pastime taken up ("quit golf, resting now", "…, recovering now")
                               r"((?:and\s+|but\s+|so\s+)?(?!(?:resting|recovering|healing|waiting|struggling|"
                               r"looking|searching|job\s*hunting)\b)[a-z]+ing(?:\s+[a-z]+)?)\s+(?:now|these\s+days|nowadays)"
                               r"(?=\W*$)", re.IGNORECASE)
# "guess who's back on the bike": the speaker, said as a riddle
_EN_GUESS_WHO = re.compile(r"^guess\s+who(?:'s|\s+is)\s+", re.IGNORECASE)
# an English clause that dropped "I'm" before a negation or an end ("not vegetarian anymore", "finally done with the …")
_EN_DROPPED_IM_NOT = re.compile(r"^(?:not|no\s+longer|(?:finally\s+)?done\s+with)\s+(?=\w)", re.IGNORECASE)
# ... which, after a clause saying what a thing is ("the company is Shiftwise now", "it's a bakery"), contrasts that
# thing ("not payroll", "not a café"), unless it says an end of the speaker's ("not vegan anymore")
_EN_THING_IS = re.compile(r"(?:\b(?:the|our|my|this|that)\s+(?:company|startup|start-up|business|product|app|"
                          r"firm|team|project|shop|store|restaurant|brand|idea|plan|focus|pivot)|^it)(?:'s|\s+is|\s+was)\b",
                          re.IGNORECASE)
_EN_ENDED = re.compile(r"\b(?:any\s*more|no\s+longer|these\s+days|since)\b", re.IGNORECASE)


def en_clauses(sentence: str, chain: list[str], spoken: list[tuple[str, str]] | None = None,
               supposing: list[str] | None = None) -> Iterator[tuple[str, str]]:
    """The English clauses of ``sentence`` a user says of themself (see ``split_clauses``); ``chain`` holds the
    subject a clause that dropped its own continues ("my friend Anna got a dog and moved to Berlin"); ``spoken``
    the turn's clauses so far, as said; ``supposing`` what the clause before, in the same sentence, carries on
    ("if I win, I'll quit, then move to Lisbon": ``supposed.carried_on``; a fresh sentence when None)."""
    spoken = [] if spoken is None else spoken
    supposing = [""] if supposing is None else supposing
    lead = EN_LEAD.match(sentence)  # "So Jess and I are dating", "btw Lily and I got married": the pair after it
    if lead and lead.end() and _EN_WITH_I.match(sentence[lead.end():]):
        sentence = sentence[lead.end():]
    pair = _EN_WITH_I.match(sentence)  # "Lily and I got married": one subject, not two clauses
    head = (pair.group(1) or pair.group(2)) if pair else ""
    sentence = kin_is(sentence)  # "my wife's allergic to shellfish": "my wife is allergic …"
    sentence = _EN_STOP_THEN_NOW.sub(r"\1, \2 instead", sentence)
    sentence = _EN_FRONTED.sub(lambda m: m.group("who") + (" is" if m.group("is") else ""), sentence)
    parts, joined = _parts(sentence[len(head):])
    for n, clause in enumerate(parts):
        clause = _EN_INTERJECTION.sub("", without_aside(head + clause if n == 0 else clause, "en"))
        clause = my_put_back(clause)  # "boyfriend Omar is Jordanian": "my boyfriend Omar …"
        if joined[n] and supposing[0] == SUPPOSED and not _EN_FIRST_PERSON.search(clause):
            continue  # "imagine if I packed up and moved to Lisbon": one supposition, its second verb with it
        if carried_on(clause, "en", supposing):
            continue  # "…, then move to Lisbon" after "if I win the lottery, I'll quit": the supposition goes on
        clause = _EN_GUESS_WHO.sub("I'm ", clause)  # "guess who's running again": the speaker is
        grounds, clause = presupposed(clause, "en")  # "as a vegan, is honey ok for me?": what the asker is
        if grounds:
            yield grounds, "en"
        spoken.append((clause, "en"))
        if (mine := lexicon().markers["en"].get("own_noun")) is not None:
            # "due date is Feb 14": mine, but not after another person ("my sister is pregnant, due date is May 2");
            # "Jonas moved out. new roommate is Aiko": the roommate is the user's whoever was named before
            clause = mine.sub(lambda m: "my " + m.group("n") if chain[0] == USER or not m.group("n").startswith("due")
                              else m.group(0), clause, count=1)
        if _EN_DROPPED_IM_NOT.match(clause):
            if not _EN_ENDED.search(clause) and any(_EN_THING_IS.search(said) for said, _ in spoken[:-1]):
                continue  # "the company is Shiftwise now … not payroll": the thing before, not the user, is not
            clause = "I'm " + clause[0].lower() + clause[1:]  # "Not a fan of cilantro" -> "I'm not a fan …"
        who = chain[0] if not has_han(chain[0], compatibility=True) else AWAY
        if who and who != AWAY and (taken := _EN_TAKEN_UP.match(clause)) is not None \
                and _takes_up(who, taken.group("p")):  # "my wife switched jobs, she's at Spotify now": hers
            clause = f"{who}{' is' if taken.group('is') else ''} {clause[taken.end():]}"
        if (instead := _EN_INSTEAD.match(clause)) is not None:  # "…, swimming instead": taken up in its place
            if who == AWAY:
                continue
            clause = f"{who or 'I'} took up {instead.group('g')}"
        if _EN_REQUEST.match(clause):  # "don't suggest steakhouses": said to the assistant, no subject left out
            yield clause, "en"
            continue
        if who != AWAY and _EN_OUR_WEDDING.match(clause):
            clause = f"{'our' if not who else who + chr(39) + 's'} {clause[0].lower()}{clause[1:]}"
        dropped = (_EN_DROPPED_IM.match(clause) or _EN_BASED.match(clause)) \
            if not (_EN_BARE_VERB.match(clause) or _EN_DROPPED_I.match(clause)) else None
        if dropped is None and (_EN_BARE_VERB.match(clause) or _EN_DROPPED_I.match(clause)):
            if who == AWAY or like_hedge(clause):
                continue  # "Lisa got a new job and moved to Berlin": Lisa's move; "like 2.3k followers": a hedge
            if who in (USER, "") and _pets_doing(clause, spoken[:-1]):
                continue  # "a beagle named Rex who is 5 and works as a therapy dog": Rex works, not the speaker
            going = _EN_DROPPED_ING.match(clause) is not None  # "Starting at Alibaba on Monday": "I'm starting"
            if going and lexicon().markers["en"]["hypothetical"].search(clause.casefold()):
                continue  # "living in Denver would be amazing", "working at Meta sounds fun": weighed, not said
            if who:  # "Moved back to Ohio" after "My sister's startup folded": "My sister moved …", no name "Moved"
                clause = clause[0].lower() + clause[1:]
            clause = f"{who} is {clause}" if who and going else f"{who or ('I am' if going else 'I')} {clause}"
        elif dropped is not None:
            if who == AWAY:
                continue
            clause = f"{who} is {clause[dropped.end():]}" if who else "I'm " + clause[dropped.end():]
        elif (said := en_subject(clause)) is not None:
            chain[0] = said
        elif who not in (USER, AWAY, "") and (other := lexicon().markers["en"]["dropped_of_other"].match(
                clause.casefold())) is not None:  # "My dad's knee is bad. Had surgery last week": his
            clause = f"{who} {'is ' if other.group('ing') else ''}{clause[0].lower()}{clause[1:]}"
        if _EN_NEW_PARTNER.search(clause):  # "I've started dating Marcus, he's a chef": what follows is the partner's
            chain[0] = "my partner"
        elif who != AWAY and (person := en_introduced(clause)) is not None:
            chain[0] = person  # "I used to mentor a student named Liu, now a professor at MIT": Liu's job
        if clause and not _EN_SKIP.search(clause) and (_EN_FIRST_PERSON.search(clause)
                                                         or _EN_NAMED_DEATH.match(clause) or en_owned(clause, who)
                                                         or (who != AWAY and lost_scope(clause, "en"))
                                                         or (who != AWAY and said_well(clause, "en"))
                                                         or (who != AWAY and _amount_said(clause))):
            yield object_put_back(clause, "en", spoken), "en"


# a verb in its third-person singular form opening a clause ("works as a therapy dog", "loves the beach"): never
# the speaker's, who would say "work", "love"
_EN_THIRD_SINGULAR = re.compile(r"^(?:also\s+|still\s+|now\s+|even\s+)?(?:works|lives|loves|likes|hates|enjoys|"
                                r"prefers|sleeps|goes|does|has|doesn't|visits|volunteers|helps|comes|stays)\b",
                                re.IGNORECASE)


def _pets_doing(clause: str, before: list[tuple[str, str]]) -> bool:
    """True when ``clause`` drops its subject, opens on a verb in the third-person singular and an earlier clause
    of the turn (``before``) names a pet of the lexicon's SPECIES class: the clause says what the pet does
    ("I have a beagle named Rex who is 5 and works as a therapy dog"), as ``clauses._zh_pet_named`` reads
    "养了只仓鼠叫 Mochi，每天晚上在轮子上跑到三点" in Chinese."""
    if not _EN_THIRD_SINGULAR.match(clause.strip()):
        return False
    species = re.compile(rf"\b(?:{lexicon().classes['en']['SPECIES']})s?\b", re.IGNORECASE)
    return any(species.search(said) for said, lang in before if lang == "en")


# the user dating a person named: a "he"/"she" after it is that partner
_EN_NEW_PARTNER = re.compile(r"^(?:i|i'm|i've|i\s+am|i\s+have)\b.*\b(?:dating|seeing|going\s+out\s+with|engaged\s+to|"
                             r"married\s+to)\s+(?-i:[A-Z][a-z]+)\s*$", re.IGNORECASE)
# "My dad, he works at Boeing" / "My sister, she's a teacher": a person put first and taken up by a pronoun is one
# clause of theirs ("My dad works at Boeing"), not a bare mention and a clause of nobody
_EN_FRONTED = re.compile(r"^(?P<who>\s*my\s+(?:\w+\s+)?\w+),\s*(?:he|she)(?:(?P<is>'s|\s+is)\b)?(?=\s)", re.IGNORECASE)
# a clause opening on "he" / "she" (a person named earlier in the turn, ``_takes_up``)
_EN_TAKEN_UP = re.compile(r"^(?P<p>he|she)(?P<is>'s|\s+is)?\s+(?!said|says|told|thinks|thought)", re.IGNORECASE)


# a clause joined to the one before by "and" alone, its subject left out: the same subject's second verb
_EN_BARE_AND = re.compile(r"^\s+and\s+$", re.IGNORECASE)


def _parts(sentence: str) -> tuple[list[str], list[bool]]:
    """The clauses of ``sentence`` (split at ``_EN_CLAUSE``, then ``_cut_at_dropped``), each with whether it is
    joined to the one before by a bare "and" (no comma): "packed up and moved to Lisbon" is one subject's two
    verbs, so a supposition the first opens ("imagine if I …") holds the second too."""
    parts: list[str] = []
    joined: list[bool] = []
    start, bare = 0, False
    for cut in [*_EN_CLAUSE.finditer(sentence), None]:
        said = sentence[start:cut.start() if cut is not None else len(sentence)]
        for k, part in enumerate(_cut_at_dropped(said)):
            parts.append(part)
            joined.append(bare and k == 0)
        if cut is not None:
            start, bare = cut.end(), _EN_BARE_AND.match(cut.group(0)) is not None
    return parts, joined


def _cut_at_dropped(clause: str) -> list[str]:
    """``clause`` cut before each comma a clause of the person it opens on follows without its subject ("my
    sister's startup folded, looking for work now": two clauses, the second hers, ``dropped_of_other``); a clause
    the user opens, or nobody, is left whole."""
    if en_subject(clause) in (None, USER, AWAY):
        return [clause]
    dropped = lexicon().markers["en"]["dropped_of_other"]
    parts, start = [], 0
    for comma in re.finditer(r",\s*", clause):
        if dropped.match(clause[comma.end():].casefold()):
            parts.append(clause[start:comma.start()])
            start = comma.end()
    return [*parts, clause[start:]]


def _amount_said(clause: str) -> bool:
    """True when ``clause`` is only an amount ("actually it's $750 now"): the amount slots read it when the turn
    names what it is (the lexicon's ``amount_said`` marker)."""
    return lexicon().markers["en"]["amount_said"].match(clause.casefold()) is not None


def _takes_up(who: str, pronoun: str) -> bool:
    """True when ``pronoun`` ("he", "she") can be the relative ``who`` names ("my wife", "my friend Anna"):
    a relation said of the other gender (``relation_gender`` in slots.yaml) cannot."""
    other = lexicon().others["en"].match(who + " ")
    if other is None:
        return False
    rel = " ".join(other.group("rel").casefold().split())
    gender = lexicon().gender.get(rel)
    return gender is None or gender == ("male" if pronoun.casefold() == "he" else "female")


def object_put_back(clause: str, lang: str, said: list[tuple[str, str]]) -> str:
    """A bare end ("…, I gave up", "…，放弃了") with the thing the nearest clause before it spoke of as its object
    (zero anaphora, as ``elided_object.filled`` for likes); ``clause`` unchanged otherwise."""
    if not bare_end(clause, lang):
        return clause
    for before, before_lang in reversed(said[:-1]):
        thing = thing_of(before, before_lang) if before_lang == lang else ""
        if thing:
            return end_filled(clause, lang, thing)
    return clause
