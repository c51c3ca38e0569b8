"""The editor's lifecycle controls in real headless Chromium: archived items shown and restored, expiry set and cleared.

After the clicks, the store and the items' histories are checked directly.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from _http_stack import Stack
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from test_editor_browser import browser, card, fill, sign_in, wait

from memory_core.lifecycle import ManualClock
from memory_core.lifecycle.maintain import Maintainer
from memory_core.model import Kind, Status

__all__ = ["browser"]


def shown(driver: WebDriver, item_id: str) -> dict[str, object]:
    """The card's status, expiry time and buttons, read in one script (the page re-renders while polling)."""
    return dict(driver.execute_script(
        "const c = document.querySelector(`.card[data-id='${arguments[0]}']`);"
        "if (!c) return {};"
        "const e = c.querySelector('.expires');"
        "return {status: c.dataset.status, expires: e ? e.getAttribute('datetime') : null,"
        " buttons: [...c.querySelectorAll('button')].map((b) => b.classList[0])};", item_id))


def test_archived_items_restore_and_expiry_in_the_browser(stack: Stack, acme_key: str, browser: WebDriver) -> None:
    api = stack.client(acme_key)
    store = stack.services.store
    ids = {}
    for name, text, theme, kind in [("trip", "上周末去了趟宜家，买了一个书架", "moments", Kind.EVENT),
                                    ("todo", "Renew the passport before the summer", "todo", Kind.TODO),
                                    ("tea", "Likes oolong tea", "taste", Kind.PREFERENCE)]:
        ids[name] = api.post("/v1/users/life/items", json={"description": text, "theme": theme,
                                                          "kind": kind}).json()["id"]
    later = datetime.now(UTC) + timedelta(days=90)  # the event has faded by then; the taste has not
    report = Maintainer(store, clock=ManualClock(later), timeline="wall").run("acme:life", summarize=False)
    assert report.archived == 2 and store.get("acme:life", ids["tea"]).status == Status.ACTIVE

    sign_in(browser, stack, acme_key, "life")
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".card")) == 1)  # archived ones hidden
    browser.find_element(By.ID, "show-archived").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".card.archived")) == 2)
    trip = card(browser, ids["trip"])
    assert "已归档" in trip.find_element(By.CSS_SELECTOR, ".badge").text
    assert not trip.find_elements(By.CSS_SELECTOR, "button.edit")  # an archived item is restored, not edited

    # restore: the reason is required, then the card is active again
    trip.find_element(By.CSS_SELECTOR, "button.restore").click()
    browser.find_element(By.CSS_SELECTOR, "#restore-form button[type=submit]").click()
    assert browser.find_element(By.CSS_SELECTOR, "#restore-dialog .error").text == "请填写原因"
    fill(browser, "#restore-reason", "这件事我还想记得")
    browser.find_element(By.CSS_SELECTOR, "#restore-form button[type=submit]").click()
    wait(browser, lambda d: shown(d, ids["trip"]).get("status") == "active")
    restored = store.get("acme:life", ids["trip"])
    assert restored.status == Status.ACTIVE and [r.op for r in restored.history][-2:] == ["archive", "restore"]
    assert restored.history[-1].reason == "这件事我还想记得" and restored.history[-1].actor == "user"

    # the todo was archived too: restore it, then give it an expiry, shown on its card
    card(browser, ids["todo"]).find_element(By.CSS_SELECTOR, "button.restore").click()
    fill(browser, "#restore-reason", "still to do")
    browser.find_element(By.CSS_SELECTOR, "#restore-form button[type=submit]").click()
    wait(browser, lambda d: "expiry" in shown(d, ids["todo"]).get("buttons", []))
    card(browser, ids["todo"]).find_element(By.CSS_SELECTOR, "button.expiry").click()
    browser.execute_script("document.getElementById('expiry-at').value = '2031-06-30T18:00'")
    fill(browser, "#expiry-reason", "护照六月底前要办好")
    browser.find_element(By.CSS_SELECTOR, "#expiry-form button[type=submit]").click()
    wait(browser, lambda d: str(shown(d, ids["todo"]).get("expires")).startswith("2031-06-30"))
    assert "到期" in card(browser, ids["todo"]).find_element(By.CSS_SELECTOR, ".expires").text
    offset_s = browser.execute_script("return new Date('2031-06-30T18:00').getTimezoneOffset() * 60")
    todo = store.get("acme:life", ids["todo"])
    assert todo.valid_until == datetime(2031, 6, 30, 18, 0, tzinfo=UTC) + timedelta(seconds=offset_s)
    assert todo.history[-1].op == "expiry" and todo.history[-1].reason.startswith("护照六月底前要办好")

    # clear it: an empty time means never
    card(browser, ids["todo"]).find_element(By.CSS_SELECTOR, "button.expiry").click()
    assert browser.find_element(By.ID, "expiry-at").get_attribute("value") == "2031-06-30T18:00"
    browser.execute_script("document.getElementById('expiry-at').value = ''")
    fill(browser, "#expiry-reason", "no deadline after all")
    browser.find_element(By.CSS_SELECTOR, "#expiry-form button[type=submit]").click()
    wait(browser, lambda d: shown(d, ids["todo"]).get("status") == "active" and not shown(d, ids["todo"])["expires"])
    assert store.get("acme:life", ids["todo"]).valid_until is None

    # English labels on the archived controls
    browser.find_element(By.ID, "lang").click()
    assert browser.find_element(By.CSS_SELECTOR, "label.toggle span").text == "Show archived"
    assert card(browser, ids["todo"]).find_element(By.CSS_SELECTOR, "button.expiry").text == "Expiry"
