"""Health data named by a phrase, English and Chinese: the detector's health rules (seed 001 §8.12.2).

A diagnosis, condition, treatment or medication (抑郁症, 确诊, 透析, HIV, chemotherapy …), and by medical
suffixes (-ectomy, -itis, -osis, -oma), drug endings (-pram, 双胍, 西汀), a dose ("x 20mg"), addiction,
患有…; not a topic ("cancer research", "a documentary about autism", 关于…的书). Written on
``tests/pipeline/data/sensitive_dev.yaml``; ``sensitive_detect.detect`` merges what ``find`` returns with
its other rules' findings. Each rule runs only on a text that holds what it needs (``sensitive_gate``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.pipeline.sensitive_gate import Gate, word_set
from memory_core.pipeline.sensitive_topic import is_topic

__all__ = ["find"]

_I = re.IGNORECASE

# a medication by name: the endings of common drug names (-pril, -statin, -oxetine …) or a dose form
_DRUG = (r"(?:[a-z]+(?:pril|sartan|statin|olol|azepam|zolam|oxetine|traline|triptan|prazole|cillin|cycline|"
         r"profen|formin|thyroxine|semide|codone|morphine|izine|adine|azine|afil|umab|tinib|clovir|"
         r"phetamine|xetine|pramine|ipine|idone|iazide)|"
         r"(?:my\s+|some\s+|the\s+)?(?:meds|medication|medicine|pills|tablets|antibiotics|inhaler|shots))")
# a verb after a word opens a clause of its own ("shellfish, Sarah keeps reminding the in-laws"): no allergen
_CLAUSE_VERB = (r"keeps|kept|says|said|tells|told|thinks|thought|knows|knew|makes|made|gets|got|has|had|does|did|"
                r"wants|wanted|reminds|reminded|cooks|cooked|brings|brought|are|were|would|goes|went|loves|hates")
# what one is allergic to: a word or two, and more joined by commas, "and", "or" ("penicillin and latex")
_NOT_ALLERGEN = (r"(?!(?:and|or|but|so|because|since|when|which|who|that|i|he|she|we|they|it|my|his|her|our|"
                 r"their|your|the|a|an|is|was|"
                 # chat words said after the allergen ("penicillin btw, found out the hard way", "forgot to mention")
                 r"btw|fyi|tbh|lol|haha|too|also|though|apparently|just|found|forgot|learned|realized|discovered|"
                 r"turns|turned|remember|since|ever|now|anymore|really|actually|basically|big\s+time|"
                 # a request after it, its comma or "so" left out ("penicillin, keep that in mind", "… please note")
                 r"keep|note|bear|make|please|pls|plz|don't|dont|do|never|avoid|watch|careful|if|can|could|would|"
                 r"should|will|thanks|thank|ok|okay|" + _CLAUSE_VERB + r")\b)")
_ALLERGEN = r"[\w-]+(?:\s+" + _NOT_ALLERGEN + r"[\w-]+)?"
_ALLERGENS = _ALLERGEN + r"(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)" + _NOT_ALLERGEN + _ALLERGEN \
    + r"(?!\s+(?:" + _CLAUSE_VERB + r")\b)){0,4}"
_HEALTH_EN = re.compile(
    r"\b(diagnosed\s+with\s+[\w'’-]+(?:\s+[\w'’-]+){0,2}|tested\s+positive\s+for\s+[\w'’-]+(?:\s+[\w'’-]+)?|"
    r"hiv(?:[-\s]positive)?|aids|cancer|tumou?r|leukemia|lymphoma|"
    r"chemo(?:therapy)?|radiotherapy|dialysis|transplant|depression|depressive|bipolar|schizophreni\w*|ptsd|ocd|"
    r"anorexia|bulimia|(?:eating|anxiety|panic|bipolar|personality|mood|sleep|seizure|autoimmune)\s+disorder|"
    r"panic\s+attacks?|adhd|autis\w*|diabetes|diabetic|insulin|hepatitis\s*[abc]?|herpes|"
    r"std|sti|epilep\w*|seizures?|dementia|alzheimer'?s|parkinson'?s|multiple\s+sclerosis|crohn'?s|"
    r"asthma|coeliac|celiac|hypertension|high\s+blood\s+pressure|heart\s+(?:disease|condition|attack|failure)|"
    r"(?:had|has|have|suffered)\s+a\s+(?:mild\s+|minor\s+|major\s+)?stroke|stroke\s+(?:patient|survivor)|"
    r"miscarriage|abortion|pregnan\w*|ivf|infertil\w*|antidepressants?|ssris?|prozac|zoloft|lexapro|xanax|"
    r"lithium|adderall|ritalin|methadone|opioids?|rehab|suicid\w*|self[-\s]harm\w*|therapist|psychiatrist|"
    r"metformin|biopsy|hiv\s+meds?|hormone\s+therapy|thyroid\s+(?:disease|condition)|"
    r"blood\s+type\s+(?:is\s+)?(?:[abo]{1,2}|ab)(?:[+-]|\s+(?:positive|negative|pos|neg)\b)?|"
    r"allerg(?:y|ic)\s+to\s+" + _ALLERGENS + r"|"
    r"(?:take|takes|taking|took|on|prescribed)\s+(?:\d+\s*mg\s+(?:of\s+)?[\w-]+|" + _DRUG + r")"
    r"\s+for\s+(?:my\s+|his\s+|her\s+)?[\w-]+)\b"
    r"(?!\s+(?:research|awareness|charity|charities|foundation|society|institute|month|day|walk|run|fundraiser|"
    r"study|studies|policy|ribbon|center|centre|ward|sign|nurses?|technicians?|techs?|doctors?|specialists?|"
    r"shortages?|news|prices?|ads?|commercials?|stocks?|lawsuits?)\b)", _I)
_PREP = re.compile(r"\b(PrEP)\b")  # the HIV prevention drug, not "prep"
# conditions and procedures by their medical suffixes (-ectomy, -itis, -osis, -oma …), a drug by its ending right
# after "take"/"on", a dose ("x 20mg"), addiction, remission
_SUFFIX_NOT_HEALTH = (r"(?!(?:osmosis|hypnosis|symbiosis|metamorphosis|apotheosis|diagnosis|prognosis|mitosis|meiosis|"
                      r"aroma|diploma|oklahoma|paloma|tacoma|sonoma|idioma|academia|bohemia|empathy|sympathy|"
                      r"telepathy|apathy|antipathy|homeopathy|dichotomy)\b)")
# a tumour or a growth by its medical stem (carcinoma, melanoma, glioblastoma, glaucoma): "-oma" alone also ends
# given names and places (Chioma, Paloma, Tacoma, Oklahoma)
OMA_CONDITION = (r"[a-z]*(?:carcin|melan|lymph|sarc|gli|aden|myel|fibr|lip|angi|meningi|mesotheli|blast|neur|terat|"
                 r"chondr|oste|hepat|glauc|hemat|haemat|papill|astrocyt|thym|semin|granul|xanth|my)oma")
_HEALTH_MORE_EN = re.compile(
    r"\b(" + _SUFFIX_NOT_HEALTH + r"[a-z]{3,}(?:ectomy|otomy|ostomy|plasty|itis|osis|iasis|aemia|emia|pathy)|"
    + OMA_CONDITION + r"|"
    r"an(?:a)?emi(?:a|c)|"
    r"(?:take|takes|taking|took|on|prescribed|started|stopped)\s+(?!april\b|magazines?\b)"
    r"[a-z]+(?:pril|sartan|statin|olol|azepam|zolam|oxetine|traline|triptan|prazole|cillin|cycline|formin|thyroxine|"
    r"semide|codone|pram|isone|olone|tidine|navir|lukast|afil|umab|tinib|clovir|pramine|ipine|iazide)|"
    r"(?!(?:caffeine|coffee|vitamin|sugar|salt|sodium|protein|fibre|fiber|water|juice|milk|calcium|iron)\b)"
    r"[a-z]{4,}\s+\d+(?:\.\d+)?\s*(?:mg|mcg|µg|ug|iu)|"
    r"alcoholi(?:c|sm)|(?:drug|opioid|heroin|alcohol|gambling|substance)\s+(?:addict(?:ion)?|abuse)|"
    r"recovering\s+(?:addict|alcoholic)|addiction\s+(?:to|recovery)|in\s+remission)\b", _I)
# a drug's name starts after the person and the verb or preposition before it ("用户对青霉素", "我在吃二甲双胍"),
# so the value read from a stored item is the one read from the user's own words; nor after a verb of saying or of
# changing ("医生说二甲双胍…", "换成氨氯地平"): a mask from there would cut the word before it (医[health])
_HEALTH_MORE_ZH = re.compile(
    r"((?:(?![用户我你他她对的在吃服了和是说讲让叫把将给换改成到停开加减])[\u4e00-\u9fff]){1,4}(?:双胍|西汀|曲林|他汀|沙坦|地平(?!线)|西泮|唑仑|霉素|西林|沙星)|"
    r"(?:患有|患了|罹患)[^\s，。,；;]{1,8}|(?:关节|鼻|胃|肠|肺|肝|肾|皮|咽|支气管|阑尾|胰腺|前列腺|乳腺|结肠|盆腔|宫颈)炎|"
    r"痛风|狼疮|起搏器|(?:心脏|冠脉|血管)[^，。,\s]{0,6}(?:支架|搭桥)|酒瘾|毒瘾|酒精依赖|戒毒|酗酒|吸毒)")
# a condition named as what an article, a talk or a film is about is a topic, not the user's health
_TOPIC_BEFORE = re.compile(r"(?:(?:article|book|documentary|film|movie|podcast|talk|lecture|exhibit(?:ion)?|paper|"
                           r"course|class|essay|video|show|series|seminar|webinar|presentation|report|story|news|"
                           r"novel|memoir|song|play)\s+(?:about|on)\s+(?:the\s+|an?\s+)?(?:[\w'’-]+\s+){0,4}|"
                           r"(?:关于|研究|学习|了解)[^，。,.!?！？]{0,4})$", _I)
_HEALTH_ZH = re.compile(
    r"(确诊[^\s，。,；;]{0,10}|诊断出[^\s，。,；;]{0,10}|得了[^\s，。,；;]{0,2}(?:癌|病|症|炎)|抑郁症|抑郁|焦虑症|"
    r"抗焦虑|双相|精神分裂|强迫症|多动症|自闭症|进食障碍|厌食症|暴食症|"
    r"癌症?|肿瘤|白血病|化疗|放疗|艾滋病?|HIV|乙肝|丙肝|肝炎|梅毒|性病|糖尿病|胰岛素|高血压|降压药|心脏病|心梗|中风|"
    r"癫痫|痴呆|阿尔茨海默|帕金森|哮喘|乳糜泻|流产|堕胎|怀孕|试管婴儿|不孕|不育|抗抑郁药|安眠药|精神科|心理医生|"
    r"心理咨询|自杀|自残|过敏|血型[ABO]{1,2}|甲状腺|病历|住院|手术|透析|器官移植)"
    r"(?![症病]?的?(?:研究|基金|协会|宣传|科普|防治日|科|医院|专家|治疗方法|课题|论文|讲座))")
# what each rule needs: one of its words (a substring of each of its alternatives), a digit, Chinese text;
# a new alternative needs one of its words here (test_sensitive_gate compares with every gate open)
_DRUG_WORDS = ("pril", "sartan", "statin", "olol", "azepam", "zolam", "oxetine", "traline", "triptan", "prazole",
               "cillin", "cycline", "formin", "thyroxine", "semide", "codone", "afil", "umab", "tinib", "clovir",
               "pramine", "ipine", "iazide")
_HEALTH_EN_WORDS = word_set(
    *_DRUG_WORDS,
    "diagnosed", "tested", "hiv", "aids", "cancer", "tumo", "leukemia", "lymphoma", "chemo", "radiotherapy",
    "dialysis", "transplant", "depress", "bipolar", "schizophreni", "ptsd", "ocd", "anorexia", "bulimia",
    "disorder", "panic", "adhd", "autis", "diabet", "insulin", "hepatitis", "herpes", "std", "sti", "epilep",
    "seizure", "dementia", "alzheimer", "parkinson", "sclerosis", "crohn", "asthma", "hypertension", "pressure",
    "coeliac", "celiac",
    "heart", "stroke", "miscarriage", "abortion", "pregnan", "ivf", "infertil", "ssri", "prozac", "zoloft",
    "lexapro", "xanax", "lithium", "adderall", "ritalin", "methadone", "opioid", "rehab", "suicid", "harm",
    "therapist", "psychiatrist", "metformin", "biopsy", "hormone", "thyroid", "blood", "allerg",
    # "take … for": a dose in mg or a drug (_DRUG)
    "mg", "profen", "morphine", "izine", "adine", "azine", "phetamine", "xetine", "idone",
    "meds", "medic", "pills", "tablets", "antibiotic", "inhaler", "shots")
_HEALTH_MORE_EN_WORDS = word_set(
    *_DRUG_WORDS,
    "tomy", "plasty", "itis", "osis", "iasis", "oma", "emia", "pathy", "pram", "isone", "olone", "tidine",
    "navir", "lukast", "alcoholi", "addict", "abuse", "recovering", "remission", "anemi", "anaemi")
_RULES: tuple[tuple[re.Pattern[str], Callable[[Gate], bool]], ...] = (
    (_HEALTH_EN, lambda g: g.words(_HEALTH_EN_WORDS)),
    (_HEALTH_ZH, lambda g: g.wide or g.has("HIV")),
    (_PREP, lambda g: g.has("PrEP")),
    (_HEALTH_MORE_EN, lambda g: g.digit or g.words(_HEALTH_MORE_EN_WORDS)),
    (_HEALTH_MORE_ZH, lambda g: g.wide),
)


def find(text: str, gate: Gate) -> list[tuple[str, int, int]]:
    """The ``("health", start, end)`` spans the phrase rules find in ``text`` (character offsets; may overlap).

    Args:
        text: the text, full-width digits and letters already read as ASCII.
        gate: ``Gate(text)``: which rules can match at all.
    """
    out = []
    for health, needs in _RULES:
        if not needs(gate):
            continue
        for m in health.finditer(text):
            if not _TOPIC_BEFORE.search(text[:m.start(1)]) and not is_topic(text, m.start(1), m.end(1)):
                out.append(("health", m.start(1), m.end(1)))
    return out
