"""Regenerate the screenshot of the memory editor with the bilingual sample conversation.

Starts a private stack (PostgreSQL, Redis, curate and recall workers, the
HTTP shim; the same helpers the HTTP tests use), publishes
``memory_core/data/sample_conversation.jsonl`` as user ``mia`` through
``POST /v1/turns/batch``, waits until the workers applied it, signs in to
``/editor`` in Debian's headless Chromium and saves a PNG.

Usage::

    .venv/bin/python ops/screenshot_editor.py [--out ops/screenshot_editor.png] [--lang zh|en]

Needs what ``ops/install_services.sh`` installs (postgresql, redis-server,
chromium, chromium-driver) and the ``dev`` extra.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests"), str(REPO / "tests" / "http")]

from _http_stack import start_stack, wait_until  # noqa: E402
from _services import start_postgres, stop_postgres  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from test_editor_browser import chromium, sign_in, wait  # noqa: E402

SAMPLE = REPO / "memory_core" / "data" / "sample_conversation.jsonl"


def main() -> None:
    """Build the stack, load the sample, take the screenshot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "ops" / "screenshot_editor.png")
    parser.add_argument("--lang", choices=("zh", "en"), default="zh")
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--height", type=int, default=1100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gs-shot-") as tmp:
        Path(tmp).chmod(0o755)  # the server runs as the postgres user when we are root
        pg_dir = Path(tmp) / "pg"
        admin_url = start_postgres(pg_dir)
        stack = start_stack(admin_url, Path(tmp))
        try:
            key = stack.key("demo", name="screenshot")
            turns = [{"user_id": "mia", **json.loads(line)} for line in SAMPLE.read_text(encoding="utf-8").splitlines()
                     if line.strip()]
            api = stack.client(key)
            reply = api.post("/v1/turns/batch", json={"turns": turns})
            reply.raise_for_status()
            last = turns[-1]["turn_id"]
            wait_until(lambda: api.get(f"/v1/users/mia/turns/{last}").json().get("status") == "applied", 60,
                       "the sample applied", stack.procs.logs)
            driver = chromium(Path(tmp) / "profile")
            try:
                driver.set_window_size(args.width, args.height)
                sign_in(driver, stack, key, "mia", lang=args.lang)
                wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".card"))
                time.sleep(1.5)  # let the arrival animation finish
                driver.execute_script("document.activeElement.blur()")
                args.out.write_bytes(driver.get_screenshot_as_png())
            finally:
                driver.quit()
        finally:
            stack.stop()
            stop_postgres(pg_dir)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
