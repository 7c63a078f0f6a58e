"""`cardgen serve` in a real browser: headless Chromium, driven by Selenium through
chromedriver, loads the page of a shipped game; a card file is saved with a new name, and the
page shows it without being reloaded."""
from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")

pytestmark = pytest.mark.skipif(
    not (CHROMIUM and CHROMEDRIVER),
    reason="needs Chromium and chromedriver (Debian: apt-get install chromium chromium-driver)")

webdriver = pytest.importorskip("selenium.webdriver", reason="needs selenium (the test extras)")


@pytest.fixture
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1400,900"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(CHROMEDRIVER))
    yield driver
    driver.quit()


def wait_until(condition, seconds: float = 60):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = condition()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError("the page did not show it in time")


def page_text(driver) -> str:
    return driver.execute_script("return document.body.innerText")


def test_a_saved_card_appears_in_the_page(copy_game, tmp_path, browser, edit):
    game = copy_game("time-line-battle-v1", published=False)
    process = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", str(game), "--cache",
                                str(tmp_path / "cache")], cwd=tmp_path, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        url = process.stdout.readline().split()[-1]
        browser.get(url)
        card = wait_until(lambda: browser.find_elements("xpath", "//figure[figcaption='Mammoth Tank']"))
        assert card[0].find_element("tag name", "img").get_attribute("naturalWidth") != "0"
        card[0].click()
        details = browser.find_element("id", "details")
        assert "cards/cards.yaml:17" in details.text and "Strikes the enemy [[Front]]." in details.text
        loaded = browser.execute_script("return window.performance.timeOrigin")
        edit(game / "cards" / "cards.yaml", "ability: Strikes the enemy [[Front]].\n\n  - rank: \"3\"",
             "ability: Rolls over the enemy [[Front]].\n\n  - rank: \"3\"")
        wait_until(lambda: "Rolls over the enemy [[Front]]." in details.text)
        assert "Strikes the enemy" not in details.text
        assert browser.execute_script("return window.performance.timeOrigin") == loaded  # no reload
    finally:
        process.terminate()
        process.wait(20)
