"""Sentences and clauses of a turn, in English and Chinese, each with the subject Chinese or English left out put back.

``split_clauses(text)`` yields the (clause, lang) pairs the mechanical extractor reads
(``memory_core.pipeline.extract``): sentences split on punctuation in both languages and between an English
and a Chinese clause, then clauses split on conjunctions and commas; a clause that dropped its subject
("也喜欢狗", "Just moved to Lyon") gets the speaker back; questions and conditionals are left out.
``detect_lang`` says which language a text is.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from memory_core.pipeline.cause_first import cause_apart
from memory_core.pipeline.cessation import (
    ZH_DIED,
    ZH_ENDED_AFTER_THING,
    ZH_NOT_SAVED,
    topicalised,
    with_speaker,
)
from memory_core.pipeline.clauses_en import en_clauses, object_put_back
from memory_core.pipeline.counted_names import counted_named
from memory_core.pipeline.cut_end import cut_at_end, folded_tail
from memory_core.pipeline.gist import without_aside
from memory_core.pipeline.introduced_person import zh_introduced, zh_role_opens
from memory_core.pipeline.jest import is_hyperbole, joke_sentences
from memory_core.pipeline.joint_subject import as_we
from memory_core.pipeline.lost_pet import lost_scope
from memory_core.pipeline.mixed_script import by_script, english_framed
from memory_core.pipeline.named_death import zh_named_death
from memory_core.pipeline.org_names import unasked
from memory_core.pipeline.presupposed import presupposed
from memory_core.pipeline.relation_in_chinese import chinese_subject, relation_in_chinese
from memory_core.pipeline.relative_partner import zh_partner_of
from memory_core.pipeline.role_activity import role_activity
from memory_core.pipeline.self_intro import en_pieces, zh_named
from memory_core.pipeline.slots import lexicon
from memory_core.pipeline.subject_chain import AWAY, USER, zh_other_opens, zh_subject
from memory_core.pipeline.supposed import carried_on
from memory_core.pipeline.switch import zh_switched
from memory_core.pipeline.symptom_over import said_well
from memory_core.shipped_yaml import load_shipped
from memory_core.text.abbreviations import not_after_short_form
from memory_core.text.script import has_han

__all__ = ["APOSTROPHES", "detect_lang", "split_clauses"]

# a mark glued to what follows ("hunter2!Q", "3.5") or a short form's dot ("Prof. Kempter", ``text.abbreviations``)
# ends no sentence; an emoji and a space do ("毕业了🎓 搬到")
_SENTENCE = re.compile(
    r"(?<=[.!?;。！？；…])" + not_after_short_form() + r"(?!\d)"
    r"(?!(?<=[.!?;])[A-Za-z#$@%&*_])\s*|\n+|(?<=[\U0001F300-\U0001FAFF\u2600-\u27BF\ufe0f])\s+(?=\w)"
    # a tilde then a space ends a Chinese sentence ("最后还是没走～ 而且这周刚升了组长"); "周一～周五" goes on
    r"|(?<=[\u3400-\u9fff][~～])\s+(?=[\u3400-\u9fff])")
# a comma before a name ("，它叫年糕", "，一只叫米米", "，一只布偶叫奶盖"), or before an aside and a name
# ("，黑色的，叫Mochi", "，英短蓝猫，叫汤圆"), does not end the clause
_ZH_CLAUSE = re.compile(r"[，,]?\s*(?:但是|可是|不过(?!敏)|然而)\s*"  # 不过敏 is "not allergic"
                        r"|[，,](?!\s*(?:(?:[^，,。\s叫]{1,5}的|[^，,。\s叫]{1,5}[猫狗犬])[，,]\s*)?(?:[他她它]|另?一[只条个头](?:[^，,。\s叫]{1,4})?|老大|它们|分别)?的?(?:名字)?叫)"
                        r"\s*"
                        r"|(?<=[了啦])\s+(?=[\u3400-\u9fff])"  # "我搬家了 现在在广州": a space for a comma
                        # a consequence after a finished clause, with no comma ("房租太贵了所以搬到通州了")
                        r"|(?<=[了啦])(?=(?:所以|于是|结果)[\u3400-\u9fff])")


@functools.cache
def _zh_bare_verb() -> re.Pattern[str]:
    """A Chinese clause of the speaker's own with 我 left out ("现在住在杭州", "明年春天办婚礼", "超爱吃火锅"), from
    ``data/zh_bare_verb.yaml``: ``^(?:<leads>)*(?:<negations>)?(?:<verbs>)`` or one of its ``shapes``."""
    data = load_shipped("data", "zh_bare_verb.yaml")
    said = (f"^(?:{'|'.join(data['leads'])})*(?:{'|'.join(data['negations'])})?"
            f"(?:{'|'.join(data['verbs'])})")
    return re.compile("|".join([said, *data["shapes"]]))


# "…，现在的男朋友叫小宇": a clause about the speaker's own partner, home or job with 我 left out
_ZH_MY_NOUN = re.compile(
    r"^(?:现在|目前|如今)?的?(?:新)?的?(?:老家|家乡|男朋友|女朋友|男友|女友|老公|老婆|对象|工作|公司|单位|家|职位|新家|房子|住处|"
    r"title|头衔|职称|岗位)")
# "职位是高级产品经理" after a job begun with 我 left out ("入职阿里了", "跳槽到字节了"): the speaker's title
_ZH_MY_TITLE = re.compile(r"^(?:新的?)?(?:职位|title|头衔|职称|岗位|职级)(?:也)?(?:是|为|变成|换成|改成|升为|升成)")
_ZH_JOB_BEGUN = re.compile(r"入职|跳槽|加入了?|升职|晋升|转岗|转正|换了?(?:份|个)?(?:新)?工作|去了?新公司|上岗")
# "家在苏州园区", "老家江西赣州的": a turn opening on the speaker's home or hometown with 我 left out
_ZH_MY_HOME = re.compile(r"^(?:现在|目前|如今)?的?(?:(?:家|新家|房子|住处)(?:现在|目前)?(?:在|住在|位于|买在|租在)"
                         r"|老家|家乡)")
# "苏州园区的新房子收拾好了": the new home in a place, opening a turn (or after a bare verb) with 我 left out
# or the home in a place made ready ("长沙的房子交房了", "厦门那套公寓收拾好了")
_ZH_NEW_HOME_AT = re.compile(r"^(?:现在|目前|如今)?[^\s，,。在的我你他她它那这]{2,10}?(?:的新(?:家|房子|房|公寓|住处)"
                             r"|(?:的|那套|这套|那边的)(?:新)?(?:家|房子|房|公寓|住处)(?:终于|总算|已经|也)?"
                             r"(?:装修好|装好|收拾好|弄好|交房|交付|可以入住))")
# "进蔚来三个月了": how long one has been at a place, with 我 left out
_ZH_BEEN_AT = re.compile(r"^(?:已经|刚|才)?(?:进|来|到)[^，,。\s]{2,10}?(?:快|已经|都|才)?"
                         r"[一二两三四五六七八九十几半\d]+多?个?(?:天|周|星期|礼拜|月|年)多?了")
# "济南住了快五年了": a place put first, then lived in, with 我 left out
_ZH_PLACE_LIVED = re.compile(r"^[\u4e00-\u9fff]{2,6}?(?:已经)?住了")
# "我的电脑密码是…，邮箱密码是…": a later clause naming another of the speaker's secrets, with 我 left out
_ZH_MY_SECRET = re.compile(r"^(?:还有|以及|另外|而)?(?:的)?"
                           r"(?=[^\s，,。]{0,8}?(?:密码|口令|(?i:pin)码?)(?:也|都|还|则)?(?:是|为|[:：]))")
# "已经不在了", "没了": a clause with no subject saying one is gone (after a pet's loss or death, the pet)
_ZH_GONE = re.compile(r"^(?:已经|也|早就|怕是|估计|可能|应该|大概|再也|还是)*(?:不在了|没了|走了|回不来了|找不回来了)")
# a thing put first, then taken up again, without 我: "酒又喝上了", "瑜伽重新练起来了"
_ZH_RESUMED = re.compile(r"^([\u3400-\u9fff]{1,4}?)(?=(?:又|重新|再次)(?:开始)?[\u3400-\u9fff])")
# a pronoun taking up the relative the clause before named ("我表哥，他在深圳当程序员")
_ZH_TAKEN_UP = re.compile(r"^(?:他|她)(?!们)(?:现在|目前)?")
# a person named by a pronoun ("他叫老周", "她的名字叫小林"): the clauses after it speak of them
_ZH_NAMED_PERSON = re.compile(r"(?:^|[，,]\s*)[他她](?:的名字|名字)?叫")
_ZH_OTHER_SUBJECT = re.compile(r"^(?:他|她|它|你|您|咱|大家|别人|有人|谁|"
                               # "这个月…", "这半年…": a time
                               r"(?:这|那)(?!个?(?:月|周|季度|学期|星期|几天|段|阵|半年|几个月|两年|几年|次|回)))")
# a clause with neither subject nor object, only a consequence ("吃了会起疹子", "一喝就头疼")
# ... after a bite or a cup and the part of the body it hits ("吃一口嘴巴就肿成香肠", "喝一杯脸就红")
_ZH_DROPPED_OBJECT = re.compile(r"^(?:[\u3400-\u9fff]了|一[\u3400-\u9fff]"
                                r"|[\u3400-\u9fff][一两几半]?(?:口|点|次|下|颗|粒|杯))"
                                r"(?:[\u3400-\u9fff]{1,3}?)?(?:以后|之后)?(?:就|会|便|都)")
# an interjection or a news lead a Chinese clause opens on ("唉 被辞退了", "哈哈，又开始弹琴了", "官宣一下：")
_ZH_INTERJECTION = re.compile(r"^(?:唉|哎|哎呀|哎哟|嗯|啊|哈哈+|嘿嘿+|嘻嘻+|呵呵+|呜呜+|害|嗐|emmm*|hmm+|"
                              r"(?:(?:官宣|宣布|汇报|报告|更新|通报)(?:一下)?|(?:好|坏|大|重大)?(?:消息|新闻))[:：])"
                              r"[\s~～…!！,，、]*(?=[\u3400-\u9fff])")
# a greeting a sentence opens on, set off by a tilde, a mark or (in Chinese) a space ("好久不见～ 搬到重庆了",
# "long time no see~ moved to Denver"): no part of what follows it (a tilde elsewhere, "周一～周五", ends nothing)
_GREETING = re.compile(r"^(?:(?:好久不见|好久没(?:来|上来)?(?:聊|聊天|说话|冒泡|见|来)了?|哈喽|嗨|哈啰|(?:大家|你)好|"
                       r"早上好|早安|晚上好|下午好|中午好)[呀啊啦鸭哦]?[\s~～…!！]+(?=[\u3400-\u9fff])"
                       r"|(?i:(?:hey|hi|hello|hiya|yo|howdy|long\s+time\s+no\s+(?:see|talk|chat)|good\s+(?:morning|evening|"
                       r"afternoon))(?:\s+(?:there|again|all|everyone|guys))?\s*[~～]+\s*(?=[A-Za-z\u3400-\u9fff])))")
# a connective a clause opens on ("然后搬到了上海"): said again after the subject put back, it reads as part of the verb
_ZH_CONNECTIVE = re.compile(r"^(?:然后|接着|于是|并且|而且|同时|所以|因此|因而|结果)")
_ZH_SKIP = re.compile(r"^(?:如果|要是|假如|假设|万一)|[?？]\s*$|[吗呢]\W*$")
_ZH_FIRST_PERSON = re.compile(r"我|^(?:请|麻烦|以后|今后|从|往后)")
# a stop said for now, the subject dropped ("游泳先停了", "羽毛球暂时不打了"): the speaker's, as any stop is
_ZH_OPEN_STOP = re.compile(r"(?:先|暂时|暂且)(?:都)?(?:停了|不(?!说|聊|讲|管|想|问|打扰)[\u4e00-\u9fff]{1,2}了)")
# a clause ending a thing said without a subject ("瑜伽就没再练过"): the speaker's
# (a thing carried off, "叼走了", "拿走了", is no death)
_ZH_CEASE = re.compile(r"不再|再也不|早就不|没再|戒了|戒掉|放弃了|不学了|不练了|去世了?|(?:治好|痊愈|康复)了|"
                       # a count of days without it ("一个月没碰烟了", "第40天没抽烟"): smoking stopped
                       r"(?:天|周|星期|礼拜|月|年)(?:都|了|多)?(?:没|没有)(?:碰|抽|吸)(?:过)?(?:一根|一口)?烟|"
                       # … and of any drink or smoke counted so ("一个多月没喝奶茶了", "三个星期没碰可乐了")
                       r"[一二两三四五六七八九十几半\d]+个?多?(?:天|周|星期|礼拜|月|年)多?(?:了)?(?:都|也)?没(?:再)?(?:碰|抽|喝)过?"
                       r"[^，,。！!？?]{1,8}?了|"
                       r"(?<![叼拿偷抢带拖搬借拐牵领开刮吹冲卷赶抱运])走了|" + ZH_DIED + r"|过世|离世|病逝|安乐|"
                       r"(?:去|回)了?(?:喵星|汪星)|" + ZH_NOT_SAVED + "|"
                       # a job given up, the place put first ("蜜雪冰城的兼职辞了", "那份实习不干了"): the speaker's
                       r"(?:兼职|工作|实习|活儿?)(?:也|已经|都|终于|总算)*(?:辞了|辞掉了|不干了|不做了)|"
                       # a thing one may no longer eat or drink ("辣的不能再吃了", "酒是不能碰了"): a restriction
                       r"不(?:能|可以|敢)再?[吃喝抽碰沾][^，,。！!？?]{0,2}了|(?:吃素|纯素|全素|素食|生酮)[^，,。！!？?]{0,6}?(?:结束了|到头了|告一段落)"
                       # an activity stopped, said by its verb ("不跑了", "跑步不跑了"): the speaker's
                       # … or by its English name first, in lower case as a thing is ("badminton 不打了"; "Kevin
                       # 不打了" is Kevin's)
                       r"|^(?:[\u4e00-\u9fff]{0,3}?|[a-z][a-z'-]*(?:[ \t]+[a-z][a-z'-]*){0,2}[ \t]*)"
                       r"不再?[跑游骑滑爬踢弹练喝吃抽打玩](?:步|泳|车|球|琴)?了|送人了|送走了|退订了?|注销了?"
                       # a membership or subscription cancelled, the service named or not ("取消了会员", "会员取消了")
                       r"|取消了?[^，,。！!？?]{0,6}?(?:会员|订阅|自动续费)|(?:会员|订阅|自动续费)[^，,。！!？?]{0,3}?(?:取消|退)(?:掉)?了"
                       # a thing given up, said first ("二甲双胍不吃了", "奶茶最近也不喝了", "可乐基本不喝了")
                       r"|^(?![一二两三几半每][根杯个支口次块顿瓶罐])[^\W\d_了没不破又再还就也都算会所]{1,8}?"
                       + ZH_ENDED_AFTER_THING)


@functools.lru_cache(maxsize=1)
def _zh_introduced() -> re.Pattern[str]:
    """"我有个哥哥" / "我还有一个妹妹" / "我有个同事叫阿彬" / "我新交了个女朋友，她叫Sophie": a clause introducing a
    relative (the lexicon's REL word class), at its end: the clauses after it are that person's; so does one saying
    a person just met, by a word for them or only as "一个人" ("最近认识了一个人，叫Vivian，做UI设计的": her job)."""
    rel = lexicon().classes["zh"]["REL"]
    return re.compile(rf"我(?:还|也)?有(?:一|两|几)?[个位]?(?P<rel>{rel})[\W]*$|^我的?(?P<topic>{rel})[\W]*$"
                      rf"|^我(?:的|(?:还|也)?有(?:一)?个)?(?P<named>{rel})(?:的名字)?叫[^，,。\s]{{1,6}}[\W]*$"
                      # "我新交了一个女朋友(，她叫Sophie)", "认识了个新同事", "认识了一个开民宿的男生": a person just
                      # met, maybe named
                      # … or one someone else brought ("朋友给我介绍了个女生，叫林晓，在华为做测试": her job)
                      rf"|^(?:我|[^，,。\s我]{{1,6}}?给我)(?:最近|刚刚|刚|新|又|上个?月|上周|前几天|前阵子|去年|今年|那天|在[^，,。\s]{{1,6}}?上)*(?:交了|找了|谈了|认识了|有了|介绍了)(?:一|两|几)?[个位]?(?:新的?)?"
                      rf"(?P<met>{rel}|[^，,。\s我]{{0,8}}?(?:男生|女生|男孩子?|女孩子?|小哥哥|小姐姐)|(?<=[个位])人)(?:[，,]?(?:[他她](?:的名字|名字)?)?叫[^，,。\s]{{1,12}})?[\W]*$")


#: The chain's subject after a pet got and named (``_zh_pet_named``): a clause that drops its subject is the pet's.
PET = "\0pet"
# the pet taken up as the object of the speaker's act ("每天下班遛它", "天天给它梳毛")
_ZH_PET_TAKEN_UP = re.compile(r"(?<=.)[它牠]")


@functools.cache
def _speaker_life() -> re.Pattern[str]:
    """What only the speaker's life holds, never a pet's (``data/pet_clause.yaml``: a home, work, school)."""
    return re.compile("|".join(load_shipped("data", "pet_clause.yaml")["speaker_life"]))


def _met(word: str) -> str:
    """The chain's subject for a person just met (``_zh_introduced``'s ``met``): ``AWAY`` for one named only as
    "一个人" or by a word no relation of the lexicon's REL class is ("认识了一个人，他在腾讯上班", "朋友给我介绍了个
    女生，在华为做测试": no key holds them, and none of it is the speaker's), else ``word`` ("女朋友")."""
    return word if re.fullmatch(f"(?:{lexicon().classes['zh']['REL']})", word) else AWAY


@functools.lru_cache(maxsize=1)
def _zh_others_pet() -> re.Pattern[str]:
    """A sentence opening with another person (the lexicon's REL word class): "(我)邻居家养了只狗", "我朋友的猫"."""
    return re.compile(rf"^我?(?:的)?(?:{lexicon().classes['zh']['REL']})")


# how a pet looks, said before its kind ("蓝双色的", "长毛的", "短腿的", "白白胖胖的"); never whose it is ("是小雅的猫",
# "是邻居家的狗": another's pet, not the speaker's described)
_ZH_LOOKS = r"[^，,。\s我你他她它家]{0,5}?(?:色|花|纹|毛|眼睛?|耳朵?|腿|尾巴?|胖胖?|瘦瘦?|小小?|可爱|漂亮|乖)"


@functools.lru_cache(maxsize=1)
def _zh_breed() -> re.Pattern[str]:
    """"是金毛", "是只英短", "也是布偶": a clause with no subject saying a kind of pet (the lexicon's SPECIES word
    class) is the pet's, said after it ("我养了一只狗，叫Luna，是金毛"), described and named there too ("是一只蓝双色的
    布偶，叫它"糯米""): no one says it of themself; it is read as "我的狗是金毛"."""
    species = lexicon().classes["zh"]["SPECIES"]
    return re.compile(rf"^(?:也|都)?是(?:一)?[只条头]?(?:纯种的?|串串)?(?:{_ZH_LOOKS}的)?(?P<b>{species})[犬猫]?"
                      r"(?:[，,]?\s*(?:[它牠]|名字)?叫[它牠]?\s*[\"“「]?(?P<name>[^，,。！!？?\s\"”」]{1,8})[\"”」]?)?"
                      r"[。！!~～\s]*$")


@functools.lru_cache(maxsize=1)
def _zh_pet_named() -> re.Pattern[str]:
    """A clause ending on a pet got and named ("养了只仓鼠叫 Mochi", "家里有只橘猫，叫大黄"; the lexicon's SPECIES word
    class): the clauses after it that drop their subject say what the pet does ("每天晚上在轮子上跑到三点"), not the
    speaker, unless they take the pet up as their object ("每天下班遛它")."""
    species = lexicon().classes["zh"]["SPECIES"]
    return re.compile(rf"(?:养了?|有|领养了?|收养了?|捡了?|买了|抱了|抱回来?了?|添了)(?:一|两|几)?[只条头个]"
                      rf"(?:[^，,。\s]{{1,6}}?的)?小?(?:{species})[犬猫]?[，,]?\s*(?:[它牠](?:的名字|名字)?|名字)?叫\s*"
                      r"[\"“「]?[^，,。！!？?\s]{1,8}[\"”」]?[。！!~～\s]*$")


@functools.lru_cache(maxsize=1)
def _zh_bare_relative() -> re.Pattern[str]:
    """"儿子今天查出来对芒果过敏", "老婆最近在学日语": a clause opening on a relative (the lexicon's REL word
    class) with 我 dropped, as Chinese does; a one-character 姐/妹/哥/弟/妈/爸 alone is no such opening, nor a
    relative's thing ("妈妈的手机密码…": theirs, not said of them by the speaker). A housemate said by the home
    shared (the ``SHAREDHOME`` class: "合租的那个小哥退租了") opens such a clause too, and so does a relative named
    ("女婿叫王磊，在银行上班": what follows is his), never one calling the speaker ("妈叫我回家吃饭")."""
    rel, shared = lexicon().classes["zh"]["REL"], lexicon().classes["zh"]["SHAREDHOME"]
    return re.compile(rf"^(?:而且|但是|不过|还有|然后)?(?!(?:{rel})+的)(?=[^姐妹哥弟妈爸]|[姐妹哥弟妈爸]{{2}})"
                      rf"(?P<rel>{rel}|(?:{shared})(?=的))(?![们圈]|叫我)")


@functools.lru_cache(maxsize=1)
def _zh_my_work() -> re.Pattern[str]:
    """Where the speaker's company is, or what it works with, said with 我 left out (no other person's company is
    named before it): "公司在望京SOHO", "办公室搬到了中关村软件园" (a site of the lexicon's ``WORKSITE`` class),
    "公司不用钉钉了", "组里全部切到飞书", "工作上主要用的是飞书", "钉钉已经不用了" (a tool of its ``TOOL`` class)."""
    classes = lexicon().classes["zh"]
    where = (r"(?:现在|目前|如今)?的?(?:新)?(?:公司|单位|办公室|工位)(?:现在|目前|也|就)*"
             r"(?:在|位于|搬到了?|搬去了?|是在)"
             rf"\s*[^，,。\s的在]{{1,12}}?(?:{classes['WORKSITE']})")
    uses = (r"(?:现在|目前|如今)?(?:公司|单位|组里|团队|项目组?|部门|后端|前端|工作上|工作中|上班)[^，,。\s]{0,6}?"
            rf"(?:用|使用|换成|换到|改成|迁到|迁移到|切到|切换到)了?(?:的是|的都是)?\s*(?:{classes['TOOL']})")
    also = rf"(?:偶尔|有时候?|平时|另外|也|还|主要|都)+(?:会)?(?:用|使用)\s*(?:{classes['TOOL']})"  # "…，偶尔也用钉钉"
    dropped = rf"(?:{classes['TOOL']})\s*(?:已经|现在|早就|也)*(?:不用了|弃用了|停用了|下线了)"  # "钉钉已经不用了"
    return re.compile(f"^(?:{where}|{uses}|{also}|{dropped})", re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _zh_tool() -> re.Pattern[str]:
    """A tool of the lexicon's ``TOOL`` class named in a clause ("我们组用飞书"): a clause after it that uses another
    with 我 left out ("偶尔也用钉钉") is the speaker's too."""
    return re.compile(lexicon().classes["zh"]["TOOL"], re.IGNORECASE)


@functools.lru_cache(maxsize=1)
def _zh_exam_said() -> re.Pattern[str]:
    """"驾照考过了", "雅思终于过了": an exam (the lexicon's EXAM word class) put first, then its outcome, with 我
    dropped as Chinese does."""
    exam = lexicon().classes["zh"]["EXAM"]
    return re.compile(rf"^(?:{exam})[\u4e00-\u9fff]{{0,4}}?(?:考过|考完|通过|过了|拿到|拿下)")


@functools.lru_cache(maxsize=1)
def _zh_owner_re() -> re.Pattern[str]:
    """A relative or another person named before a secret's word ("妈妈的密码", "同事的工卡"): not the speaker's."""
    rel = lexicon().classes["zh"]["REL"]
    return re.compile(rf"^[^，,。\s]{{0,6}}?(?:{rel}|[他她它你])")


def _zh_owner(clause: str) -> bool:
    """True when ``clause`` opens on someone else's thing (``_zh_owner_re``)."""
    return bool(_zh_owner_re().match(clause))


APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\uff07": "'"})


def detect_lang(text: str) -> str:
    """Return "zh" when ``text`` holds any CJK ideograph, else "en"."""
    return "zh" if has_han(text, compatibility=True) else "en"


# "my laptop password is …, and my email one is …": "one" stands for the secret's word named before it
_SECRET_WORD_EN = re.compile(r"\b(password|passcode|passphrase|pin|code|combination)\b", re.IGNORECASE)
_ONE_EN = re.compile(r"(?<=\b(?:and|but)\s)((?:my|the|our)\s+(?:[\w-]+\s+){1,2}?)one\b(?=\s+(?:is|was)\b|'s\b|\s*:)",
                     re.IGNORECASE)


def _one_named(sentence: str) -> str:
    """``sentence`` with a later "my <thing> one is" naming the secret word said before it ("my email password is")."""
    word = _SECRET_WORD_EN.search(sentence)
    if word is None:
        return sentence
    head, rest = sentence[:word.end()], sentence[word.end():]
    return head + _ONE_EN.sub(lambda m: m.group(1) + word.group(1).lower(), rest)


def split_clauses(text: str) -> Iterator[tuple[str, str]]:
    """Yield (clause, lang) pairs: sentences split on punctuation in both languages, then on clauses.

    English sentences split before "and/but/so … I …" and before a comma
    followed by "I"/"my"; a clause that starts with a bare preference verb
    ("… and hate rock") gets "I" back. Chinese sentences split on "，" and on
    但是/可是/不过; a clause without 我 that starts with a preference verb
    ("也喜欢狗") gets 我 back when an earlier clause of the sentence had it.
    A sentence mixing an English clause with a Chinese one is split between
    them first (``mixed_script.by_script``). Questions and conditionals are skipped, and so are
    jokes and hyperbole (``jest``: "yeah right, I'm a millionaire lol", 我都快穷死了).
    """
    out = [(clause, lang) for clause, lang in _clauses(text) if not is_hyperbole(clause, lang)]
    if out and cut_at_end(text) and folded_tail(out[-1][0]) == folded_tail(text):
        out.pop()  # "… I live in Paris. I li": a clause cut at the text's end states nothing
    return iter(out)


def _clauses(text: str) -> Iterator[tuple[str, str]]:
    split = [(k, part) for k, sentence in enumerate(_SENTENCE.split(text.translate(APOSTROPHES)))
             for part in by_script(relation_in_chinese(sentence))]  # "my wife Grace 是护士": 我老婆Grace
    jokes = joke_sentences([part for _, part in split])  # "yeah right, I'm a millionaire lol": irony states nothing
    said: list[tuple[str, str]] = []  # the turn's clauses as said, for a bare end to take its object from
    chain = [USER]  # the subject a clause that dropped its own continues (``subject_chain``), across the turn
    supposing = [""]  # what the clause before, in the same sentence, carries (``supposed.carried_on``)
    for n, (k, sentence) in enumerate(split):
        if n in jokes:
            continue
        if n == 0 or split[n - 1][0] != k:
            supposing[0] = ""
        sentence = _GREETING.sub("", sentence.strip())
        if not sentence:
            continue
        if has_han(sentence, compatibility=True) and not english_framed(sentence):
            sentence = zh_named(counted_named(sentence))  # "两只猫，豆豆和咪咪": the cats' names; "我姓王，王建国"
            if (joint := as_we(sentence, "zh")) != sentence:  # "我和老公搬到杭州了": ours, and his
                yield from _zh_sentence(joint, chain, said, [supposing[0]])
            yield from _zh_sentence(sentence, chain, said, supposing)
        else:
            if (joint := as_we(sentence, "en")) != sentence:  # "my wife and I moved to Leeds": ours, and hers
                yield from en_clauses(_one_named(joint), chain, said, [supposing[0]])
            for piece in en_pieces(sentence):  # "I'm Aisha, 24, PhD student at UCSD": one statement per item
                yield from en_clauses(_one_named(piece), chain, said, supposing)


def _zh_amount(clause: str) -> str:
    """What a clause with no subject that tells the speaker's amount lacks ("现在的rate是每小时400块": 我的; "现在800
    一小时": 我), by the lexicon's ``amount_own`` and ``amount_only`` markers; "" for any other clause."""
    marks = lexicon().markers["zh"]
    folded = clause.casefold()
    return "我的" if marks["amount_own"].match(folded) else "我" if marks["amount_only"].match(folded) else ""


def _zh_sentence(sentence: str, chain: list[str], said: list[tuple[str, str]], supposing: list[str]
                 ) -> Iterator[tuple[str, str]]:
    """The (clause, lang) pairs of one Chinese sentence; ``chain`` and ``said`` carry across the turn, ``supposing``
    across the parts of one sentence (``supposed.carried_on``)."""
    seen_subject = given = False  # given: the clause before began the speaker's job, 我 left out ("入职阿里了")
    opening = True  # no clause of the sentence before this one (none names anybody else)
    bare_verb = _zh_bare_verb()
    # "压力大 又开始抽烟了": the cause, then the speaker's restart read on its own (a person's cause stays theirs)
    sentence = cause_apart(sentence, lambda cause: bool(_ZH_OTHER_SUBJECT.match(cause) or zh_other_opens(cause)
                                                        or zh_role_opens(cause) or _zh_bare_relative().match(cause)))
    for clause in _ZH_CLAUSE.split(sentence):
        clause = _ZH_INTERJECTION.sub("", clause.strip())
        if not clause or carried_on(clause, "zh", supposing):
            continue  # "…，然后搬去冰岛" after "我要是中了彩票就买游艇": the supposition goes on
        if said and _ZH_GONE.match(clause) and (lost_scope(said[-1][0], "zh") or zh_named_death(said[-1][0])):
            continue  # "我的狗跑了，已经不在了": the pet is gone, as the clause before said; not the speaker
        if said and (breed := _zh_breed().match(clause)):  # "…，叫Luna，是金毛": the pet's breed, not the speaker
            kind = lexicon().shown["zh"].get(lexicon().surface["zh"].get(breed.group("b"), ""), "")
            if not kind or _zh_others_pet().match(said[0][0]):
                continue  # "邻居家养了只狗，是只哈士奇": another's pet, its breed is not the user's
            if breed.group("name"):  # "是一只蓝双色的布偶，叫它糯米": the cat is 糯米, and a ragdoll
                said.append((f"我的{kind}叫{breed.group('name')}", "zh"))
                yield said[-1]
                clause = clause[:breed.start("name")].rstrip("“\"「").rstrip().removesuffix("叫").rstrip("，, ")
            clause = f"我的{kind}{clause}"  # "我的狗是金毛"
        said.append((clause, "zh"))
        if chain[0] == USER and (mine := lexicon().markers["zh"].get("own_noun")) is not None:
            # "预产期是2月14号": 我的预产期; not after another person opened the turn ("我闺蜜也怀孕了，预产期四月")
            clause = mine.sub(lambda m: "我的" + m.group("n"), clause, count=1)
        first, opening, given_before, given = opening, False, given, False
        named_death = False
        if (grounds := presupposed(clause, "zh")[0]):  # "作为一个素食者，蜂蜜能吃吗？": what the asker is
            yield grounds, "zh"
            continue
        # "Just moved to Singapore，住在 Tiong Bahru", "跳槽了，joined 小红书 as a PM": an English clause
        if not has_han(clause, compatibility=True) or english_framed(clause):
            yield from en_clauses(clause, chain, None, supposing)
            continue
        # "我有个哥哥，住在北京", "我姐姐结婚了，然后搬到了上海": the later clauses are that relative's
        carried = chain[0] if has_han(chain[0], compatibility=True) else chinese_subject(chain[0])
        if "我" in clause:
            seen_subject = True
            introduced = _zh_introduced().search(clause)
            chain[0] = (introduced.group("rel") or introduced.group("topic") or introduced.group("named")
                        or _met(introduced.group("met"))) \
                if introduced \
                else (zh_introduced(clause) or (AWAY if zh_role_opens(clause) else zh_subject(clause)) or USER)
            # "我有个徒弟叫小张，…", "我带的学生叫小林，在北大读书": theirs
            if chain[0] == AWAY:
                continue  # "我老乡阿强说他在东莞进厂了", "阿杰跟我说他要去上海": their words of their own life
        elif carried and len(said) > 1 and (partner := zh_partner_of(clause, said[-2][0], carried)):
            # "闺女谈对象了，小伙子叫巴特尔，是个老师": what follows is his, not the speaker's nor hers
            clause, chain[0] = partner, AWAY
        elif (bare := _zh_bare_relative().match(clause)) is not None \
                and not (carried and clause[bare.end("rel"):].startswith("叫")):  # "我妹妹脱单了，男朋友叫阿杰": hers
            chain[0] = bare.group("rel")  # "老婆最近在学日语，说下半年去东京": what follows is hers
            clause = "我" + clause[bare.start("rel"):]
        elif not carried and (met := _zh_introduced().search("我" + clause)) and met.group("met"):
            chain[0] = _met(met.group("met"))  # "新交了一个女朋友，…是法国人": what follows is hers
            clause = "我" + clause
        elif not carried and (person := zh_introduced(clause)) is not None:
            chain[0] = person  # "以前带过一个学生叫刘洋，现在在大连理工当教授": the professor is 刘洋
            clause = "我" + clause
        elif carried and (pronoun := _ZH_TAKEN_UP.match(clause)):
            clause = f"我{carried}" + clause[pronoun.end():]  # "我姐姐，她在广州当老师": 她 is the sister
        elif (resumed := _ZH_RESUMED.match(clause)) and not _ZH_OTHER_SUBJECT.match(clause) \
                and topicalised(f"{resumed.group(1)}我{clause[resumed.end(1):]}"):
            clause = f"{resumed.group(1)}我{clause[resumed.end(1):]}"  # "酒又喝上了": the object, then 我
        elif not carried and (seen_subject or not (_ZH_OTHER_SUBJECT.match(clause) or _zh_owner(clause))) \
                and (secret := _ZH_MY_SECRET.match(clause)):
            clause = "我的" + clause[secret.end():]  # "邮箱密码是…" (after "我的电脑密码是…"): the speaker's
        elif not carried and (own := _zh_amount(clause)) \
                and lexicon().markers["zh"]["viewed"].match(" ".join(c for c, _ in said[:-1])):
            clause = own + clause  # "现在的rate是每小时400块", "现在800一小时": what the speaker charges or pays,
            # never what a place looked at costs ("看了几个铺面，…，月租6500")
        elif zh_subject(clause) == AWAY:
            chain[0] = AWAY  # "他下个月结婚，搬到上海": what follows is his
        elif (named_death := zh_named_death(clause) or bool(lost_scope(clause, "zh"))):
            pass  # "豆豆上个月生病走了": said of the one named, not of the speaker
        elif zh_other_opens(clause) or zh_role_opens(clause):
            chain[0] = AWAY  # "新的数学老师姓陈，是个退休的高中老师", "安安钢琴不学了", "新招的兼职是个大学生": theirs
        elif (bare_verb.match(clause) and (seen_subject or not _ZH_OTHER_SUBJECT.match(clause))) \
                or (_ZH_MY_NOUN.match(clause)
                    and (seen_subject or ((first or bare_verb.match(said[-2][0])) and _ZH_MY_HOME.match(clause)))) \
                or ((first or bare_verb.match(said[-2][0]) or _zh_tool().search(said[-2][0]))
                    and _zh_my_work().match(clause)) \
                or (first and _ZH_PLACE_LIVED.match(clause) and not _ZH_OTHER_SUBJECT.match(clause)) \
                or ((first or bare_verb.match(said[-2][0])) and _ZH_NEW_HOME_AT.match(clause)
                    and not _ZH_OTHER_SUBJECT.match(clause)) \
                or (_ZH_BEEN_AT.match(clause) and not _ZH_OTHER_SUBJECT.match(clause)) \
                or (role_activity(clause, "zh") and not _ZH_OTHER_SUBJECT.match(clause)) \
                or _zh_exam_said().match(clause) or (given_before and _ZH_MY_TITLE.match(clause)) \
                or ((_ZH_CEASE.search(clause) or _ZH_OPEN_STOP.search(clause) or zh_switched(clause)
                     or said_well(clause, "zh"))
                    and not _ZH_OTHER_SUBJECT.match(clause)):  # "…，膝盖好了": the speaker's knee
            if chain[0] == PET and (_ZH_PET_TAKEN_UP.search(clause) or _speaker_life().search(clause)):
                chain[0] = USER  # "养了一只柯基叫豆豆，每天下班遛它", "…叫年糕，在杭州做设计": the speaker's
            if _ZH_DROPPED_OBJECT.match(clause) or (chain[0] != USER and not carried):
                continue  # a consequence ("吃了会起疹子"), or a clause of a person no key holds ("他…")
            # Chinese drops the subject: "上个月搬到成都了" is the speaker's, unless another person was named
            given = not carried and bool(_ZH_JOB_BEGUN.search(clause))  # "入职阿里了", and a title after it
            clause = with_speaker(_ZH_CONNECTIVE.sub("", clause), carried)  # "爱奇艺退订了": "爱奇艺我退订了"
        if (named := _ZH_NAMED_PERSON.search(clause)) and (named.start() == 0 or chain[0] == USER):
            # "他叫老周，天天在楼下下象棋", "是同事介绍的，她叫林晓，在银行上班": what follows is theirs (a relative
            # the clause opened on keeps it: "新交了一个女朋友，她叫Sophie，是法国人")
            chain[0] = AWAY
        clause = without_aside(clause, "zh")
        if chain[0] == USER and _zh_pet_named().search(clause):
            chain[0] = PET  # "养了只仓鼠叫 Mochi，每天晚上在轮子上跑到三点": the hamster runs
        if not _ZH_SKIP.search(unasked(clause)) and (_ZH_FIRST_PERSON.search(clause) or named_death):  # 饿了么
            yield object_put_back(clause, "zh", said), "zh"
