"""The editor page in real headless Chromium (Debian's, through chromedriver): edit, merge, delete, history,
and the reveal control of sensitive items.

After the clicks, the store and the items' histories are checked directly.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _http_stack import Stack
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select, WebDriverWait

CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--window-size=1400,1000",
                  "--lang=zh-CN"]


def chromium(profile: Path) -> WebDriver:
    """Start Debian's chromium through its chromedriver (never a downloaded browser)."""
    binary, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if binary is None or driver is None:
        pytest.fail("chromium and chromium-driver are required (ops/install_services.sh installs them)")
    options = Options()
    options.binary_location = binary
    for flag in [*CHROMIUM_FLAGS, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(driver), options=options)


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[WebDriver]:
    driver = chromium(tmp_path / "profile")
    try:
        yield driver
    finally:
        driver.quit()


def wait(driver: WebDriver, check: Any, timeout_s: float = 15) -> Any:
    # the board re-renders when the items change (the poll): an element read mid-render is looked up again
    return WebDriverWait(driver, timeout_s, poll_frequency=0.1,
                         ignored_exceptions=[StaleElementReferenceException]).until(check)


def card(driver: WebDriver, item_id: str) -> WebElement:
    return driver.find_element(By.CSS_SELECTOR, f'.card[data-id="{item_id}"]')


def gone(item_id: str) -> Any:
    return lambda d: not d.find_elements(By.CSS_SELECTOR, f'.card[data-id="{item_id}"]')


def fill(driver: WebDriver, css: str, text: str) -> None:
    field = driver.find_element(By.CSS_SELECTOR, css)
    field.clear()
    field.send_keys(text)


def column_titles(driver: WebDriver) -> dict[str, str]:
    """Each column's theme slug and the title shown on it."""
    return {c.get_attribute("data-theme"): c.find_element(By.CSS_SELECTOR, "h2 .label").text
            for c in driver.find_elements(By.CSS_SELECTOR, ".column")}


def sign_in(driver: WebDriver, stack: Stack, key: str, user: str, lang: str = "zh") -> None:
    """Sign in with a wrong key (refused), then the right one, and open ``user``."""
    driver.get(f"{stack.base_url}/editor?lang={lang}")
    wait(driver, lambda d: d.current_url.endswith(f"/editor/login?lang={lang}"))
    fill(driver, "#key", "gs_000000000000_wrongwrongwrongwrongwrong")
    driver.find_element(By.ID, "sign-in").click()
    wait(driver, lambda d: "Sign-in failed" in d.find_element(By.ID, "error").text)
    fill(driver, "#key", key)
    driver.find_element(By.ID, "sign-in").click()
    wait(driver, lambda d: d.current_url.endswith(f"/editor?lang={lang}"))
    fill(driver, "#user-id", user)
    driver.find_element(By.ID, "open-user").click()


def test_edit_merge_delete_and_history_in_the_browser(stack: Stack, acme_key: str, browser: WebDriver) -> None:
    api = stack.client(acme_key)
    items = {}
    for name, text, theme in [("a", "喜欢吃火锅", "品味"), ("b", "尤其爱吃四川火锅", "品味"),
                              ("c", "Lives in Lisbon", "identity"), ("d", "明天交数学作业", "时效待办"),
                              ("e", "Likes jasmine tea", "taste")]:
        items[name] = api.post("/v1/users/web/items", json={"description": text, "theme": theme}).json()["id"]

    sign_in(browser, stack, acme_key, "web")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".card")) == 5)
    # one column per theme, whether an item names it by slug or by label, titled in the page's language
    columns = [c.get_attribute("data-theme") for c in browser.find_elements(By.CSS_SELECTOR, ".column")]
    assert columns[0] == "taste"
    assert column_titles(browser) == {"taste": "品味", "identity": "身份", "todo": "时效待办"}
    assert "命中 0 次" in card(browser, items["a"]).text

    # edit: the reason is required, then the text changes
    card(browser, items["c"]).find_element(By.CSS_SELECTOR, "button.edit").click()
    fill(browser, "#edit-text", "Lives in Porto")
    browser.find_element(By.CSS_SELECTOR, "#edit-form button[type=submit]").click()
    assert browser.find_element(By.CSS_SELECTOR, "#edit-dialog .error").text == "请填写原因"
    fill(browser, "#edit-reason", "搬到波尔图了")
    browser.find_element(By.CSS_SELECTOR, "#edit-form button[type=submit]").click()
    wait(browser, lambda d: card(d, items["c"]).find_element(By.CSS_SELECTOR, ".desc").text == "Lives in Porto")

    # merge b into a
    card(browser, items["a"]).find_element(By.CSS_SELECTOR, "button.merge").click()
    Select(browser.find_element(By.ID, "merge-other")).select_by_value(items["b"])
    fill(browser, "#merge-text", "喜欢吃火锅，尤其是四川火锅")
    fill(browser, "#merge-reason", "同一个偏好")
    browser.find_element(By.CSS_SELECTOR, "#merge-form button[type=submit]").click()
    wait(browser, gone(items["b"]))
    assert card(browser, items["a"]).find_element(By.CSS_SELECTOR, ".desc").text == "喜欢吃火锅，尤其是四川火锅"

    # delete d, from the keyboard: focus the card, press Delete, type the reason, Enter
    target = card(browser, items["d"])
    browser.execute_script("arguments[0].focus()", target)
    target.send_keys(Keys.DELETE)
    wait(browser, lambda d: d.find_element(By.ID, "delete-dialog").get_attribute("open") is not None)
    browser.find_element(By.ID, "delete-reason").send_keys("作业已经交了", Keys.ENTER)
    wait(browser, gone(items["d"]))

    # history of a as a timeline: merge, then both creates
    card(browser, items["a"]).find_element(By.CSS_SELECTOR, "button.history").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#timeline li")) >= 3)
    ops = [li.get_attribute("data-op") for li in browser.find_elements(By.CSS_SELECTOR, "#timeline li")]
    assert ops[0] == "merge" and ops.count("create") == 2
    assert "同一个偏好" in browser.find_element(By.ID, "timeline").text
    browser.find_element(By.CSS_SELECTOR, "#history-dialog .cancel").click()

    # the workers' new items appear without a reload
    reply = api.post("/v1/turns", json={"user_id": "web", "turn_id": "web-t1", "session_id": "s", "role": "user",
                                        "text": "I like green tea very much.", "timestamp": "2026-05-02T08:00:00Z"})
    assert reply.status_code == 202
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".card.fresh"), 30)
    assert "green tea" in browser.find_element(By.CSS_SELECTOR, ".card.fresh").text.lower()

    # search goes through recall and marks the matching cards
    fill(browser, "#search", "火锅")
    browser.find_element(By.CSS_SELECTOR, "#search-form button[type=submit]").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, f'.card.match[data-id="{items["a"]}"]'))

    # English labels, column titles included
    browser.find_element(By.ID, "lang").click()
    assert browser.find_element(By.TAG_NAME, "h1").text == "Gulfstream memory editor"
    titles = column_titles(browser)
    assert (titles["taste"], titles["identity"]) == ("Taste", "Identity") and "todo" not in titles
    browser.find_element(By.ID, "lang").click()
    assert column_titles(browser)["taste"] == "品味"

    store = stack.services.store
    c = store.get("acme:web", items["c"])
    assert c.description == "Lives in Porto" and c.history[-1].reason == "搬到波尔图了"
    assert c.history[-1].old_description == "Lives in Lisbon" and c.history[-1].actor == "user"
    a, b = store.get("acme:web", items["a"]), store.get("acme:web", items["b"])
    assert a.history[-1].op == "merge" and a.history[-1].other_id == items["b"] and a.status == "active"
    assert b.status == "deleted" and items["a"] in b.history[-1].reason
    d = store.get("acme:web", items["d"])
    assert d.status == "deleted" and d.history[-1].reason == "作业已经交了"


def text_of(driver: WebDriver, css: str) -> str:
    """The text of the first element matching ``css`` now ("" if none): read in the page, never stale."""
    return str(driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.textContent : ''",
                                     css))


def click(driver: WebDriver, css: str) -> None:
    """Click the element matching ``css`` as a person would (found afresh: the board re-renders)."""
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, css))
    driver.find_element(By.CSS_SELECTOR, css).click()


def test_a_sensitive_item_stays_masked_until_revealed(stack: Stack, acme_key: str, browser: WebDriver) -> None:
    api = stack.client(acme_key)
    ids = {}
    for name, text, theme in [("en", "My locker code is 4711", "sensitive"),
                              ("zh", "我的银行卡号是6222020200112233445", "sensitive"),
                              ("tea", "Likes jasmine tea", "taste")]:
        ids[name] = api.post("/v1/users/vault/items", json={"description": text, "theme": theme}).json()["id"]
    en, zh = f'.card[data-id="{ids["en"]}"]', f'.card[data-id="{ids["zh"]}"]'

    sign_in(browser, stack, acme_key, "vault", lang="en")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".card")) == 3)
    assert "[code]" in text_of(browser, f"{en} .desc") and text_of(browser, f"{en} .badge") == "sensitive"
    assert "4711" not in browser.page_source and "6222020200112233445" not in browser.page_source  # never sent
    assert not browser.find_elements(By.CSS_SELECTOR, f'.card[data-id="{ids["tea"]}"] button.reveal')
    button = browser.find_element(By.CSS_SELECTOR, f"{en} button.reveal")
    assert (button.text, button.get_attribute("aria-pressed")) == ("Reveal", "false")

    # reveal one: its text only; its history unmasked while it is shown
    button.click()
    wait(browser, lambda d: text_of(d, f"{en} .desc") == "My locker code is 4711")
    assert text_of(browser, f"{en} button.reveal") == "Hide"
    assert browser.execute_script(f"return document.activeElement.matches('{en} button.reveal')")  # focus kept
    assert browser.find_element(By.CSS_SELECTOR, f"{en} button.reveal").get_attribute("aria-pressed") == "true"
    assert "6222020200112233445" not in browser.page_source
    click(browser, f"{en} button.history")
    wait(browser, lambda d: "4711" in text_of(d, "#timeline"))
    click(browser, "#history-dialog .cancel")

    # hide it again: the text and the history are masked
    click(browser, f"{en} button.reveal")
    wait(browser, lambda d: "[code]" in text_of(d, f"{en} .desc"))
    assert "4711" not in text_of(browser, en)
    click(browser, f"{en} button.history")
    wait(browser, lambda d: "[code]" in text_of(d, "#timeline"))  # fetched again, masked
    assert "4711" not in text_of(browser, "#timeline")
    click(browser, "#history-dialog .cancel")

    # from the keyboard, in Chinese: focus the card, press r
    click(browser, "#lang")
    assert text_of(browser, f"{zh} button.reveal") == "显示" and text_of(browser, f"{zh} .badge") == "敏感"
    browser.execute_script("document.querySelector(arguments[0]).focus()", zh)
    ActionChains(browser).send_keys("r").perform()
    wait(browser, lambda d: "6222020200112233445" in text_of(d, f"{zh} .desc"))
    assert text_of(browser, f"{zh} button.reveal") == "隐藏"

    # editing a masked item edits its real text, never the mask; afterwards everything is hidden again
    click(browser, f"{en} button.edit")
    wait(browser, lambda d: d.find_element(By.ID, "edit-text").get_attribute("value") == "My locker code is 4711")
    fill(browser, "#edit-text", "My locker code is 4712")
    fill(browser, "#edit-reason", "换了锁")
    click(browser, "#edit-form button[type=submit]")
    store = stack.services.store
    wait(browser, lambda d: store.get("acme:vault", ids["en"]).description == "My locker code is 4712")
    wait(browser, lambda d: "[code]" in text_of(d, f"{en} .desc") and "[card]" in text_of(d, f"{zh} .desc"))
    assert "4712" not in browser.page_source and "6222020200112233445" not in browser.page_source
    item = store.get("acme:vault", ids["en"])
    assert item.history[-1].old_description == "My locker code is 4711" and item.theme == "sensitive"
