"""Codes and accounts by what makes a value one (memory_core/pipeline/sensitive_codes.py and the width
normalisation of sensitive_detect), English and Chinese, with negatives of the same shapes."""

from __future__ import annotations

import pytest

from memory_core.pipeline.sensitive import detect
from memory_core.pipeline.sensitive_codes import code_shape, find, iban_shaped


def _values(text: str) -> dict[str, str]:
    return {f.value: f.category for f in detect(text)}


@pytest.mark.parametrize("token", ["RX7K2", "K7P2QX", "4f9a2-c81d7", "Q7WX-2KDM-9PLR-84TN-VB3C", "a8f3k-2m9qz",
                                   "12345", "884 213", "G-482913"])
def test_code_shapes(token: str) -> None:
    assert code_shape(token)


@pytest.mark.parametrize("token", ["COVID19", "A320", "Office365", "hello", "123", "Tr0ub4dor", "W-9", "abcd-efgh"])
def test_shapes_that_are_not_codes(token: str) -> None:
    assert not code_shape(token)


@pytest.mark.parametrize(("text", "value"), [
    ("Dropbox recovery codes: a8f3k-2m9qz and 7hx2p-b4n6w, keep them offline", "7hx2p-b4n6w"),
    ("my Apple recovery key is R7KD-XQ2M-9PLH-4WTN-8B3C-LM5Z", "R7KD-XQ2M-9PLH-4WTN-8B3C-LM5Z"),
    ("备份码：7H2K-9QXM、4RT8-PL2W，打印出来放抽屉", "4RT8-PL2W"),
    ("the authenticator app gave me 55 81 03, entering it now", "55 81 03"),
    ("Okta just pushed me K7P2QX, typing it in before it expires", "K7P2QX"),
    ("type 33 71 90 to confirm the login, the bank says", "33 71 90"),
    ("输入 K7P2QX 完成验证", "K7P2QX"),
    ("保险箱密码是三七二九一八", "三七二九一八"),
    ("门禁密码：幺三五七", "幺三五七"),
    ("手机开机 PIN 码改成二零二四了", "二零二四"),
    ("微信给我发的验证码 五八三九二一", "五八三九二一"),
    ("Duo gave me 884 213 for the VPN login", "884 213"),             # given for a login
    ("Google verification: G-482913, expires in 10 min", "G-482913"),  # a sender's prefix
    ("the PUK for my SIM is 83920174", "83920174"),
    ("the gate code's the year we met, 2009", "2009"),               # a possessive link, the value last
    ("Lena's phone passcode — 5 5 0 1 9 2", "5 5 0 1 9 2"),          # a phone's passcode is no phone number
])
def test_a_code_by_its_shape_and_what_is_done_with_it(text: str, value: str) -> None:
    assert _values(text).get(value) == "code", detect(text)


@pytest.mark.parametrize(("text", "value"), [
    ("bank OTP came through: ７２９１０４", "７２９１０４"),          # full-width digits
    ("支付宝支付密码是 ６６８８２１", "６６８８２１"),
    ("收款账户 ６２２８ ４８０４ ０２１２ ３４５ ６７８９", "６２２８ ４８０４ ０２１２ ３４５ ６７８９"),
])
def test_full_width_digits_are_read_as_digits_and_kept_as_written(text: str, value: str) -> None:
    assert value in _values(text), detect(text)


@pytest.mark.parametrize("text", [
    "the app gave me 500 points for signing up",
    "typing 2024 as the year on the form fixed it",
    "第一二三节课要复习",
    "这次数学考了一百二十三分",
    "the QR code on the table: scan it to order",
    "recovery codes are a good idea, everyone should print theirs",
    "the OTP expired before I could type it",
    "the bus driver gave me 3 coins back",
    "the bank's SWIFT code is CHASUS33",
    "error code E404X on the router again",
    "the code review for PR 4471 is done",
    "enter 2 to speak with an agent",
    "验证码 5 分钟内有效，过期要重新发",
    "Google Authenticator vs Authy, which is better?",
])
def test_no_code_in_talk_of_the_same_shapes(text: str) -> None:
    assert not find(text) and not detect(text), detect(text)


@pytest.mark.parametrize(("text", "value"), [
    ("my Ledger recovery phrase: amber cradle mosquito velvet orbit planet saddle winter lizard gospel humble tunnel",
     "amber cradle mosquito velvet orbit planet saddle winter lizard gospel humble tunnel"),
    ("钱包助记词 记一下：oyster blanket fiction marble rocket season hunt copper mandate elbow glide famous",
     "oyster blanket fiction marble rocket season hunt copper mandate elbow glide famous"),
    ("the wallet's private key is 0x4c0883a69102937d6231471b5dbb6204fe512961708279f0b1a5b6d4e3f2a1c9",
     "0x4c0883a69102937d6231471b5dbb6204fe512961708279f0b1a5b6d4e3f2a1c9"),
])
def test_a_wallets_seed_phrase_or_private_key_is_an_account(text: str, value: str) -> None:
    assert _values(text).get(value) == "account", detect(text)


@pytest.mark.parametrize("text", [
    "the seed phrase is the only way back into the wallet, never share it with anyone",
    "tx hash 0x9f2c4a1b7e3d5f608a1c2b3d4e5f60718293a4b5c6d7e8f90123456789abcdef",
    "donations go to bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
])
def test_no_wallet_secret_in_public_values_or_talk(text: str) -> None:
    assert not detect(text), detect(text)


def test_an_iban_of_its_countrys_length_is_an_account_in_talk_of_payment() -> None:
    assert iban_shaped("DE12 3456 7890 1234 5678 90", "Mein Konto für die Miete: DE12 3456 7890 1234 5678 90")
    assert not iban_shaped("DE12 3456 7890 1234 5678 9", "pay the rent into DE12 3456 7890 1234 5678 9")  # 21, not 22
    assert not iban_shaped("DE12 3456 7890 1234 5678 90", "DE12 3456 7890 1234 5678 90")  # no payment talk
    assert _values("pay the deposit into BE71 0961 2345 6760") == {"BE71 0961 2345 6760": "account"}
    assert _values("房租打到这个 IBAN：ES60 0049 1500 0512 3456 7892") == {"ES60 0049 1500 0512 3456 7892": "account"}


@pytest.mark.parametrize(("text", "value"), [
    ("checking: 0093 1847 2265", "0093 1847 2265"),
    ("Zelle me, it's tied to my checking 004418273355", "004418273355"),
    ("for the refund use CLABE 032180000118359719", "032180000118359719"),
    ("对公账户：1109 0812 3410 601，户名北京某某科技有限公司", "1109 0812 3410 601"),
])
def test_an_account_number_after_its_word(text: str, value: str) -> None:
    assert _values(text).get(value) == "account", detect(text)


@pytest.mark.parametrize("text", ["my account's 10 years old now", "账户余额还有 12345 元", "account 3 of 5 is set up",
                                  "my savings of 25000000 yuan are in two banks"])
def test_no_account_in_amounts_and_ages(text: str) -> None:
    assert not detect(text), detect(text)


@pytest.mark.parametrize(("text", "category", "value"), [
    ("Apple Card 5238 4012 3456 7891, exp 06/28", "card", "5238 4012 3456 7891"),  # its check digit fails
    ("信用卡 6225 7580 1234 5679 有效期 09/27", "card", "6225 7580 1234 5679"),
    ("Chase checking ending 4471, full number 000123456789", "account", "000123456789"),
    ("the storage unit gate takes *2719#", "code", "2719"),
])
def test_a_value_by_its_layout_or_its_verb(text: str, category: str, value: str) -> None:
    assert _values(text).get(value) == category, detect(text)


@pytest.mark.parametrize("text", ["Zoom meeting ID 845 2291 0034 5566, join at 3",
                                  "tracking 9400 1000 0000 0000 0000, card arrives Monday",
                                  "password123 is such a bad password, lol", "弱密码 abc12345 千万别用",
                                  "the gate takes 10 minutes to open"])
def test_no_card_code_or_password_in_these(text: str) -> None:
    assert not detect(text), detect(text)


@pytest.mark.parametrize(("text", "category", "value"), [
    ("the number to get into the building is 5512", "code", "5512"),
    ("Grandma's ATM PIN — she wrote it on a post-it — 7702", "code", "7702"),
    ("the password? same as always, Rover2015", "secret", "Rover2015"),
    ("the money goes into 12-3456-7890123-00", "account", "12-3456-7890123-00"),
    ("pls send to acc 0123 4567 8901", "account", "0123 4567 8901"),
])
def test_a_value_after_an_aside_a_purpose_or_a_verb_of_moving_money(text: str, category: str, value: str) -> None:
    assert _values(text).get(value) == category, detect(text)


@pytest.mark.parametrize("text", ["这个密码锁 199 块，要不要买", "the number to call is 555 0199",
                                  "Acc 2 is done, moving to acc 3", "the SEPA transfer of 2500 went through"])
def test_no_value_in_prices_and_counts(text: str) -> None:
    assert not detect(text), detect(text)


@pytest.mark.parametrize(("text", "category", "value"), [
    ("帮我 save 一下 locker 的 code：5 2 8 0，健身房那个", "code", "5 2 8 0"),    # an English code word in Chinese
    ("my sister set the alarm at the lake house and I finally got it out of her, it's 6 0 2 4", "code", "6 0 2 4"),
    ("卡的背面三位数 772", "card", "772"),
    ("the 3 digits on the back of my card are 418", "card", "418"),
])
def test_a_value_said_of_a_code_or_lock_named_earlier(text: str, category: str, value: str) -> None:
    assert _values(text).get(value) == category, detect(text)


@pytest.mark.parametrize("text", ["the alarm at the lake house went off, it's 3am here", "卡的背面有个签名栏",
                                  "帮我 note：locker 在 2 楼，号码 214"])
def test_no_code_in_these_either(text: str) -> None:
    assert not detect(text), detect(text)


@pytest.mark.parametrize("text", ["he gave me 1500 for the bike, I typed it into the spreadsheet",
                                  "sort code format is 00-00-00", "房颤是什么病？严重吗",
                                  "密码锁打折了，原价 599 现在 399", "the otp length is 6 digits",
                                  "卡里还有 3000 块，够用了"])
def test_no_value_in_amounts_formats_and_questions_about_a_condition(text: str) -> None:
    assert not detect(text), detect(text)


@pytest.mark.parametrize(("text", "value"), [
    ("保险箱：左转三圈到 32，右转两圈到 17，再左转到 8", "32，右转两圈到 17，再左转到 8"),
    ("车库卷帘门的遥控码是 AC58F2", "AC58F2"),
])
def test_a_dial_combination_and_a_remotes_code_in_chinese(text: str, value: str) -> None:
    assert _values(text).get(value) == "code", detect(text)


@pytest.mark.parametrize(("text", "category", "value"), [
    ("Battle.net restore code ABCD1234EF, serial US-1234-5678-9012", "code", "ABCD1234EF"),
    ("Authy says 571 093 right now, quick", "code", "571 093"),
    ("brokerage acct # 5KX-123456 at Schwab", "account", "5KX-123456"),
])
def test_a_restore_code_an_authenticators_display_and_a_prefixed_account(text: str, category: str, value: str) -> None:
    assert _values(text).get(value) == category, detect(text)
