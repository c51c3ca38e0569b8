"""Check digits of the numbers the sensitive-data detector finds (``sensitive_detect``).

Luhn: ISO/IEC 7812-1 (payment cards); card networks' prefixes and lengths (Visa, Mastercard, Amex, UnionPay,
JCB, Diners); 身份证: GB 11643-1999 (ISO 7064 MOD 11-2); Hong Kong id: the Immigration Department's weighted
mod 11; IBAN: ISO 13616 mod 97. They keep digit runs such as order numbers out.
"""

from __future__ import annotations

import re

__all__ = ["card_network", "cn_id_ok", "hkid_ok", "iban_ok", "luhn"]


def luhn(digits: str) -> bool:
    """True when ``digits`` (0-9 only) pass the Luhn check (ISO/IEC 7812-1)."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        n = int(ch)
        if i % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def card_network(digits: str) -> bool:
    """True when ``digits`` has a card network's prefix and length (Visa, Mastercard, Amex, UnionPay …)."""
    n, p2, p4 = len(digits), int(digits[:2]), int(digits[:4])
    return ((digits[0] == "4" and n in (13, 16, 19)) or (51 <= p2 <= 55 and n == 16)
            or (2221 <= p4 <= 2720 and n == 16) or (p2 in (34, 37) and n == 15)
            or (p2 == 62 and 16 <= n <= 19) or (p2 in (60, 64, 65) and n in (16, 19))
            or (3528 <= p4 <= 3589 and n == 16) or (p2 in (30, 36, 38) and n == 14))


def cn_id_ok(value: str) -> bool:
    """True when an 18-character 身份证 number's check character fits (GB 11643-1999, ISO 7064 MOD 11-2)."""
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    check = "10X98765432"
    body = value[:17]
    return body.isdigit() and check[sum(int(c) * w for c, w in zip(body, weights, strict=True)) % 11] == \
        value[17].upper()


def hkid_ok(value: str) -> bool:
    """True when a Hong Kong id ("A123456(7)") has the check digit of its weighted mod 11."""
    compact = re.sub(r"[\s()]", "", value).upper()
    letters, digits, check = compact[:-7], compact[-7:-1], compact[-1]
    if not letters.isalpha() or not digits.isdigit():
        return False
    letters = letters.rjust(2, " ")
    values = [36 if ch == " " else ord(ch) - 55 for ch in letters] + [int(d) for d in digits]
    total = sum(v * w for v, w in zip(values, range(9, 1, -1), strict=True))
    expected = (11 - total % 11) % 11
    return check == ("A" if expected == 10 else str(expected))


def iban_ok(value: str) -> bool:
    """True when an IBAN (spaces allowed) is 15-34 characters long and passes mod 97 (ISO 13616)."""
    compact = value.replace(" ", "")
    if not 15 <= len(compact) <= 34:
        return False
    moved = compact[4:] + compact[:4]
    digits = "".join(str(int(c, 36)) for c in moved)
    return int(digits) % 97 == 1
